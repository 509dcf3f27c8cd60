import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { ImportProgress } from "../app/domain/import/import.server.ts";
import { readExport } from "../app/domain/import/read.server.ts";
import {
  emptyReport,
  FETCH_IMAGES_UNAVAILABLE,
  IMPORT_MAX_BYTES,
  type ImportReport,
  isCompleteImport,
  progressBar,
  summariseReport,
  tooLargeMessage,
} from "../app/domain/import/rules.ts";

// `npm run import -- <export.json>`: moves the old hosted site's content here (ADR 009,
// decisions 25). The file is checked before the database is opened; with the embedded
// database, the server must be stopped first (it holds the data folder).

const usage = `Usage:
  npm run import -- <export.json> [--dry-run] [--report <file>] [--fetch-images]

Imports the old site's export (collections news, fixtures, leagueTable, team).
  --dry-run        Show what would be created, updated and skipped; write nothing.
  --report <file>  Where to write the JSON report (default: import-report-<date>.json).
  --fetch-images   Not available yet (needs the media store): image addresses are kept.

Exit status: 0 when every document was imported (or would be), 1 when some were skipped,
a collection failed or the file was refused, 2 for a usage error.`;

function readArgs() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        "dry-run": { type: "boolean" },
        "fetch-images": { type: "boolean" },
        report: { type: "string" },
        help: { type: "boolean" },
      },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${usage}`);
    process.exit(2);
  }
}
const { positionals, values } = readArgs();

if (values.help) {
  console.log(usage);
  process.exit(0);
}
const [given, ...extra] = positionals;
if (!given || extra.length > 0) {
  console.error(given ? `One export file at a time.\n\n${usage}` : `Which file?\n\n${usage}`);
  process.exit(2);
}

// `npm run` starts scripts in the project folder; paths are meant from where it was typed.
const here = process.env.INIT_CWD ?? process.cwd();
const file = path.resolve(here, given);
const dryRun = values["dry-run"] === true;
const startedAt = new Date();
const reportFile = path.resolve(
  here,
  values.report ?? `import-report-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`,
);

// Checked first: a report that cannot be written after a real run would hide what it did.
try {
  fs.accessSync(path.dirname(reportFile), fs.constants.W_OK);
} catch {
  console.error(
    `Cannot write the report to ${reportFile}: its folder does not exist or is read-only.`,
  );
  process.exit(2);
}

function writeReport(report: ImportReport): void {
  fs.writeFileSync(reportFile, `${JSON.stringify({ file, ...report }, null, 2)}\n`);
}

function refuse(message: string): never {
  const report = emptyReport({ dryRun, startedAt });
  report.refused = message;
  report.finishedAt = new Date().toISOString();
  writeReport(report);
  console.error(summariseReport(report));
  console.error(`Report: ${reportFile}`);
  process.exit(1);
}

// Refused before anything is read or opened: missing, a folder, too large.
let size: number;
try {
  const stat = fs.statSync(file);
  if (!stat.isFile()) refuse(`${file} is not a file.`);
  size = stat.size;
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === "ENOENT" ? `There is no file ${file}.` : `Cannot read ${file}: ${String(error)}`,
  );
  process.exit(1);
}
if (size > IMPORT_MAX_BYTES) refuse(tooLargeMessage(size));

// The same reader and limits as the admin's upload (ADR 025).
const prepared = await readExport(fs.readFileSync(file));
if (!prepared.ok) refuse(prepared.message);

if (values["fetch-images"]) console.error(`${FETCH_IMAGES_UNAVAILABLE}\n`);

// A progress bar on a terminal, redrawn at most every 100 ms and at the end of a collection.
const showProgress = process.stderr.isTTY === true;
let lastDraw = 0;
function onProgress({ collection, done, total }: ImportProgress): void {
  if (!showProgress) return;
  const now = Date.now();
  if (done !== total && now - lastDraw < 100) return;
  lastDraw = now;
  process.stderr.write(`\r${progressBar({ label: collection, done, total })}`);
  if (done === total) process.stderr.write("\n");
}

// Loaded only now: a refused file or a usage error answers without loading the database code.
const { importPrepared } = await import("../app/domain/import/import.server.ts");
const { withDatabase } = await import("./cli.ts");
await withDatabase(async (handle) => {
  console.log(
    `${dryRun ? "Dry run of the import of" : "Importing"} ${file} into ${handle.kind === "pglite" ? "the embedded database in" : "PostgreSQL at"} ${handle.location}.`,
  );
  if (!dryRun) {
    // ADR 027: a backup first; without one the import does not go ahead.
    const { backupBefore } = await import("../app/domain/backups/files.server.ts");
    const backup = await backupBefore({ handle, change: "import" });
    console.log(`The content before the import was saved to ${backup.file}.`);
  }
  const report = await importPrepared({
    prepared: prepared.export,
    dryRun,
    fetchImages: values["fetch-images"] === true,
    onProgress,
  });
  writeReport(report);
  console.log(summariseReport(report));
  console.log(`\nReport: ${reportFile}`);
  if (!isCompleteImport(report)) process.exitCode = 1;
});
