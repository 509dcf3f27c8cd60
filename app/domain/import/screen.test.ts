import { describe, expect, it } from "vitest";
import { emptyReport, IMPORT_MAX_BYTES, IMPORT_UPLOAD_MAX_BYTES, prepareExport } from "./rules.ts";
import {
  importIntentSchema,
  refusalWithoutFileText,
  reportDataUrl,
  reportFileName,
  reportHeading,
  reportOutcome,
} from "./screen.ts";

// The admin Import screen's words and its one non-file field (ADR 009).

const startedAt = new Date("2026-11-23T07:40:00.000Z");

function report(dryRun: boolean) {
  const r = emptyReport({ dryRun, startedAt });
  r.collections.news = { found: 6, created: 5, updated: 0, unchanged: 0, skipped: 1, failed: null };
  r.collections.team = { found: 3, created: 1, updated: 1, unchanged: 1, skipped: 0, failed: null };
  return r;
}

describe("the Import screen's report", () => {
  it("names a check and an import apart, with the totals of every collection", () => {
    expect(reportHeading(report(true))).toBe("Check: nothing was written");
    expect(reportHeading(report(false))).toBe("Imported");
    expect(reportOutcome(report(true))).toBe(
      "Check finished: nothing was written. An import would create 6, update 1, leave 1 unchanged and skip 1.",
    );
    expect(reportOutcome(report(false))).toBe(
      "Import finished: 6 created, 1 updated, 1 unchanged, 1 skipped.",
    );
  });

  it("says which collection failed and that nothing of it was written", () => {
    const r = report(false);
    r.collections.leagueTable.failed = "Two rows for the same team.";
    expect(reportOutcome(r)).toMatch(/ League table: failed, nothing was written\.$/);
    r.dryRun = true;
    expect(reportOutcome(r)).toMatch(/ League table: would fail, nothing would be written\.$/);
  });

  it("downloads as the report's own JSON, under a name with its time", () => {
    const r = report(true);
    const url = reportDataUrl(r);
    expect(url.startsWith("data:application/json;charset=utf-8;base64,")).toBe(true);
    const text = Buffer.from(url.slice(url.indexOf(",") + 1), "base64").toString("utf8");
    expect(JSON.parse(text)).toEqual(r);
    expect(reportFileName(r)).toBe("import-report-check-2026-11-23T07-40-00-000Z.json");
    expect(reportFileName(report(false))).toBe("import-report-2026-11-23T07-40-00-000Z.json");
  });
});

describe("a refusal on screen", () => {
  it("leaves out the file's text quoted in a JSON error, and keeps what is wrong", () => {
    const parsed = prepareExport('my "secret" notes');
    const message = !parsed.ok ? parsed.message : "";
    expect(message).toContain('my "secret" notes');
    const shown = refusalWithoutFileText(message);
    expect(shown).not.toContain("secret");
    expect(shown).toMatch(
      /^The file is not JSON \(Unexpected token 'm' is not valid JSON\)\. Export/,
    );
    const long = prepareExport(`{"news": {"a": ${"x".repeat(50)}}}`);
    expect(refusalWithoutFileText(!long.ok ? long.message : "")).not.toContain("xxx");
  });

  it("leaves other refusals as they are", () => {
    const message = "The file is empty.";
    expect(refusalWithoutFileText(message)).toBe(message);
  });
});

describe("the Import form's fields", () => {
  it("takes only Check the file or Import as the intent", () => {
    expect(importIntentSchema.parse({ intent: "check" })).toEqual({ intent: "check" });
    expect(importIntentSchema.parse({ intent: "import" })).toEqual({ intent: "import" });
    expect(importIntentSchema.safeParse({ intent: "delete" }).success).toBe(false);
    expect(importIntentSchema.safeParse({ intent: null }).success).toBe(false);
  });

  it("lets an upload of the largest file through, with room for the form around it", () => {
    expect(IMPORT_UPLOAD_MAX_BYTES).toBeGreaterThan(IMPORT_MAX_BYTES);
    expect(IMPORT_UPLOAD_MAX_BYTES - IMPORT_MAX_BYTES).toBeLessThanOrEqual(1_000_000);
  });
});
