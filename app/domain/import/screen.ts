import { z } from "zod";
import type { AdminReply } from "../admin/reply.ts";
import { COLLECTIONS, type Collection, type ImportReport } from "./rules.ts";

// The admin's Import screen (ADR 009: "the same from the admin, as an upload"): the pure
// half of what it shows and says about a report. upload.server.ts reads the upload and runs
// the import; this file holds its words, its one non-file field and the report's download.

/** The form's one non-file field: which of the two buttons was pressed. */
export const importIntentSchema = z.object({ intent: z.enum(["check", "import"]) });

/** The action's reply: a refusal (ADR 005's kind) or the import's report as shown. */
export type ImportReply =
  | Extract<AdminReply, { kind: "refused" }>
  | { kind: "report"; report: ShownReport; message: string };

/**
 * ADR 033: the report as the screen shows it. Its lists hold only what is on screen (the
 * first PROBLEMS_SHOWN problems, the first CREATED_LINKS_SHOWN new pages), with how many
 * there are; the whole report is in the download's address, made once on the server. The
 * reply is written into the page twice (the HTML, and the data the page's scripts start
 * from): thousands of records there cost the server a tenth of a second of its one thread.
 */
export interface ShownReport extends ImportReport {
  /** How many problems and new pages with an address the whole report has. */
  counts: { problems: number; created: number };
  download: { href: string; fileName: string };
}

/** ADR 033: what the screen needs of a report (see ShownReport). */
export function shownReport(report: ImportReport): ShownReport {
  const created = report.records.filter((r) => r.action === "created" && r.address);
  return {
    ...report,
    problems: report.problems.slice(0, PROBLEMS_SHOWN),
    // A check's records were rolled back: only a real run's new pages have addresses to visit.
    records: report.dryRun ? [] : created.slice(0, CREATED_LINKS_SHOWN),
    counts: { problems: report.problems.length, created: report.dryRun ? 0 : created.length },
    download: { href: reportDataUrl(report), fileName: reportFileName(report) },
  };
}

export const IMPORT_MESSAGES = {
  noFile: "Choose the export file (.json) first: no file was sent.",
  empty: "The file is empty. Export the old site's database to a .json file and try again.",
  notUnderstood: "That request was not understood: nothing was imported.",
  offline: "Importing needs a connection: nothing was sent.",
  backupFailed:
    "Nothing was imported: the backup taken before every import could not be written (the server log says why).",
} as const;

/**
 * A refusal as the screen shows it: the engine's JSON error quotes the text around the
 * mistake (`Unexpected token 'm', "my notes" is not valid JSON`), and a reply never echoes
 * the file: the quote is left out, the rest (what is wrong, where) is kept.
 */
export function refusalWithoutFileText(message: string): string {
  return message.replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON/s, " is not valid JSON");
}

/** What the administrator calls each collection. */
export const COLLECTION_LABELS: Record<Collection, string> = {
  news: "News",
  fixtures: "Fixtures",
  leagueTable: "League table",
  team: "Team",
};

/** Problems listed on screen; the rest are in the downloaded report. */
const PROBLEMS_SHOWN = 200;
/** Links to created pages listed on screen. */
const CREATED_LINKS_SHOWN = 50;

export function reportHeading(report: ImportReport): string {
  return report.dryRun ? "Check: nothing was written" : "Imported";
}

const total = (report: ImportReport, key: "created" | "updated" | "unchanged" | "skipped") =>
  COLLECTIONS.reduce((sum, name) => sum + report.collections[name][key], 0);

/** The outcome in one sentence, announced once the report is on screen. */
export function reportOutcome(report: ImportReport): string {
  const failed = COLLECTIONS.filter((name) => report.collections[name].failed !== null);
  const counts = {
    created: total(report, "created"),
    updated: total(report, "updated"),
    unchanged: total(report, "unchanged"),
    skipped: total(report, "skipped"),
  };
  const failedText =
    failed.length === 0
      ? ""
      : ` ${failed.map((name) => COLLECTION_LABELS[name]).join(", ")}: ${report.dryRun ? "would fail, nothing would be written" : "failed, nothing was written"}.`;
  if (report.dryRun) {
    return `Check finished: nothing was written. An import would create ${counts.created}, update ${counts.updated}, leave ${counts.unchanged} unchanged and skip ${counts.skipped}.${failedText}`;
  }
  return `Import finished: ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.skipped} skipped.${failedText}`;
}

/** The downloaded report's file name, e.g. import-report-2026-11-23T07-40-00-000Z.json. */
export function reportFileName(report: ImportReport): string {
  const when = report.startedAt.replace(/[:.]/g, "-");
  return `import-report-${report.dryRun ? "check-" : ""}${when}.json`;
}

/**
 * The report as a download link's address: the same JSON the command line writes, in the
 * page itself (no copy kept on the server). A data: address of type application/json is
 * only ever saved, never run. Base64 (ADR 033): a third longer than the JSON, where
 * percent-encoding made it two to three times as long, and encoded natively (made once, on
 * the server: shownReport).
 */
export function reportDataUrl(report: ImportReport): string {
  const json = `${JSON.stringify(report, null, 2)}\n`;
  return `data:application/json;charset=utf-8;base64,${Buffer.from(json, "utf8").toString("base64")}`;
}
