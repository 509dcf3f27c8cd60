import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyBackup } from "../../app/db/backup.server.ts";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { acquireDataDirLock } from "../../app/db/lock.server.ts";
import { importExport, importedRecordId } from "../../app/domain/import/import.server.ts";
import { IMPORT_MAX_BYTES } from "../../app/domain/import/rules.ts";
import { startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";
import { OLD_SITE_COUNTS, oldId, oldSiteData, oldSiteExport } from "../old-site-export.ts";
import { compileCacheEnv, migratedDataDir, TEST_NODE_OPTIONS } from "../server-process.ts";

// `npm run import` as a real process on a PGlite data folder (dry run, real run, second run,
// the lock, refused files, the report), and the old addresses over real HTTP (ADR 009).

const root = path.resolve(import.meta.dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-import-"));
// A copy of the migrated, empty data folder: each run skips initdb (tests/server-process.ts).
const dataDir = migratedDataDir("", path.join(dir, "data"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function runImport(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    [...TEST_NODE_OPTIONS, path.join(root, "scripts/import.ts"), ...args],
    {
      cwd: dir,
      env: { ...process.env, ...compileCacheEnv(), DATA_DIR: dataDir, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

const write = (name: string, content: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};

const readReport = (file: string) => JSON.parse(fs.readFileSync(file, "utf8"));

// Each run is a new process opening the data folder: slow on a busy machine.
describe("npm run import (the command line)", { timeout: 180_000 }, () => {
  const exportFile = write(
    "export.json",
    JSON.stringify(oldSiteExport({ timestamps: "datatype" })),
  );
  const reportFile = path.join(dir, "report.json");

  it("--dry-run prints per collection what it would do, writes the report and nothing else", async () => {
    const run = await runImport([exportFile, "--dry-run", "--report", reportFile]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Dry run: nothing was written. This is what a real run would do:");
    expect(run.stdout).toContain(
      "news        200 in the file, would create 200, would update 0, unchanged 0, would skip 0",
    );
    expect(run.stdout).toContain("team        15 in the file, would create 15");
    // Every problem is listed: here, the bios whose unsafe markup is removed.
    expect(run.stdout).toMatch(/Imported with changes \(\d+\):\n {2}team row 1 \(id \w+\): bio = /);
    expect(run.stdout).toContain(`Report: ${reportFile}`);
    const report = readReport(reportFile);
    expect(report).toMatchObject({ file: exportFile, dryRun: true, refused: null });
    expect(report.records).toHaveLength(200 + 80 + 10 + 15);
  });

  it("a real run then creates everything (the dry run wrote nothing) and reports it", async () => {
    const real = await runImport([exportFile, "--report", reportFile]);
    expect(real.code).toBe(0);
    // ADR 027: a checked backup first.
    const saved = real.stdout.match(
      /The content before the import was saved to (\S+before-import-\S+\.jsonl\.gz)\./,
    )?.[1];
    expect(saved).toBeDefined();
    await verifyBackup(saved ?? "");
    expect(real.stdout).toContain("Import finished:");
    expect(real.stdout).toContain(
      "fixtures    80 in the file, created 80, updated 0, unchanged 0, skipped 0",
    );
    const written = readReport(reportFile);
    expect(written.dryRun).toBe(false);
    expect(written.collections.leagueTable).toEqual({
      found: 10,
      created: 10,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      failed: null,
    });
    expect(written.records[0]).toMatchObject({
      collection: "news",
      row: 1,
      id: oldId("news", 1),
      action: "created",
      address: expect.stringMatching(/^\/news\/[0-9a-f-]{36}$/),
    });
  });

  it("a second run of the same file changes nothing", async () => {
    const run = await runImport([exportFile, "--report", reportFile]);
    expect(run.code).toBe(0);
    for (const [name, found] of Object.entries(OLD_SITE_COUNTS)) {
      expect(run.stdout).toContain(
        `${name.padEnd(12)}${found} in the file, created 0, updated 0, unchanged ${found}, skipped 0`,
      );
    }
  });

  it("refuses a data folder another process holds (a running server)", async () => {
    const lock = acquireDataDirLock(dataDir);
    try {
      const run = await runImport([exportFile, "--report", reportFile]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `The data folder ${dataDir} is already in use by another process (pid ${process.pid}).`,
      );
    } finally {
      lock.release();
    }
  });

  it("refuses a file that is not JSON, or not an export, naming what is wrong", async () => {
    const notJson = await runImport([
      write("bad.json", "{ this is not json"),
      "--report",
      reportFile,
    ]);
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toMatch(/^Refused: The file is not JSON \(.+\)\./);
    expect(notJson.stderr).toContain("Nothing was written.");
    expect(readReport(reportFile).refused).toMatch(/^The file is not JSON/);

    const wrong = await runImport([
      write("wrong.json", JSON.stringify({ users: { a: {} } })),
      "--report",
      reportFile,
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      'Refused: The file is JSON but not an export of the old site: none of the collections news, fixtures, leagueTable or team is in it (it has "users").',
    );
  });

  it("refuses a file over 50 MB before reading it or opening the database (ADR 048)", async () => {
    const big = path.join(dir, "big.json");
    fs.writeFileSync(big, "");
    fs.truncateSync(big, IMPORT_MAX_BYTES + 1);
    // The folder is locked too: the size is what is reported, so the database was never opened.
    const lock = acquireDataDirLock(dataDir);
    try {
      const run = await runImport([big, "--report", reportFile]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("Refused: The file is 50 MB, over the 50 MB limit.");
    } finally {
      lock.release();
      fs.rmSync(big);
    }
  });

  it("lists the skipped documents of a broken export and exits with 1", async () => {
    const file = oldSiteExport() as Record<string, Record<string, Record<string, unknown>>>;
    const fixture = file.fixtures?.[oldId("fixtures", 10)];
    if (fixture) fixture.homeScore = 25;
    delete file.news?.[oldId("news", 7)]?.title;
    const run = await runImport([
      write("broken.json", JSON.stringify(file)),
      "--dry-run",
      "--report",
      reportFile,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("Skipped documents (2):");
    expect(run.stdout).toContain(
      `news row 7 (id ${oldId("news", 7)}): title = (missing): Please enter a title.`,
    );
    expect(run.stdout).toContain(
      `fixtures row 10 (id ${oldId("fixtures", 10)}): homeScore = 25: Choose a score from 0 to 20.`,
    );
  });

  it("says plainly that --fetch-images needs the media store, and keeps the addresses", async () => {
    const run = await runImport([
      exportFile,
      "--fetch-images",
      "--dry-run",
      "--report",
      reportFile,
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      "--fetch-images: downloading images needs the media store (image uploads), which this site does not have yet.",
    );
    expect(readReport(reportFile).notes).toEqual([expect.stringContaining("--fetch-images")]);
  });

  it("explains its usage, and checks the report can be written before it starts", async () => {
    const run = await runImport([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Usage:\n  npm run import -- <export.json> [--dry-run]");
    const nowhere = path.join(dir, "no-such-folder", "report.json");
    const unwritable = await runImport([exportFile, "--report", nowhere]);
    expect(unwritable.code).toBe(2);
    expect(unwritable.stderr).toContain(
      `Cannot write the report to ${nowhere}: its folder does not exist or is read-only.`,
    );
  });
});

describeWithDatabases("old addresses after the import, over HTTP", () => {
  let app: TestApp;
  beforeAll(async () => {
    const report = await importExport({ json: JSON.stringify(oldSiteExport()) });
    expect(report.collections.news.created).toBe(OLD_SITE_COUNTS.news);
    app = await startTestApp(getDatabaseHandle());
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (address: string) => fetch(`${app.url}${address}`, { redirect: "manual" });

  it("answers an old /news/{id} with 301 to the item's address here", async () => {
    const legacyId = oldId("news", 42);
    const id = await importedRecordId({ collection: "news", legacyId });
    const response = await get(`/news/${legacyId}`);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`/news/${id}`);
    const page = await get(`/news/${id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(String(oldSiteData().news[legacyId]?.title));
  });

  it("keeps an unknown old-looking id a 404", async () => {
    expect((await get("/news/AAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
  });

  it("keeps old /team/{slug} addresses working, and redirects one that could not be kept", async () => {
    const kept = await get("/team/aoife-byrne");
    expect(kept.status).toBe(200);
    expect(await kept.text()).toContain("Aoife");
    const moved = await get("/team/Orla_Brennan");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/team/orla-brennan");
    expect((await get("/team/orla-brennan")).status).toBe(200);
    // Coaches have no page, imported or not.
    expect((await get("/team/mary-fitzgerald")).status).toBe(404);
  });
});
