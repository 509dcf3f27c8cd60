import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip, gunzipSync, gzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  buildContactMessage,
  buildFixture,
  buildNews,
  buildTableRow,
  buildTeamMember,
} from "../../scripts/factories.ts";
import { describeWithDatabases } from "../../tests/db.ts";
import { snapshotTables } from "../../tests/snapshot.ts";
import { BackupError, dumpDatabase, restoreDatabase, verifyBackup } from "./backup.server.ts";
import { getDatabaseHandle } from "./database.server.ts";
import { rawClientOf, tablesWithChangeNotices } from "./notify.server.ts";
import { contactMessages, fixtures, leagueTable, news, teamMembers } from "./schema.ts";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-backup-test-"));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

async function backupTo(file: string) {
  const gzip = createGzip();
  const written = pipeline(gzip, fs.createWriteStream(file));
  const summary = await dumpDatabase({
    handle: getDatabaseHandle(),
    write: (line) => {
      gzip.write(`${line}\n`);
    },
  });
  gzip.end();
  await written;
  return summary;
}

// Rewrites a backup's lines (to make a damaged or foreign one).
function rewrite(from: string, to: string, change: (lines: string[]) => string[]) {
  const lines = gunzipSync(fs.readFileSync(from)).toString("utf8").trimEnd().split("\n");
  fs.writeFileSync(to, gzipSync(`${change(lines).join("\n")}\n`));
}

describeWithDatabases("backup and restore", ({ db, driver }) => {
  const file = path.join(folder, `${driver}.jsonl.gz`);
  let before: Record<string, string>;

  beforeAll(async () => {
    await db()
      .insert(news)
      .values([buildNews({ title: "Kept" }), buildNews()]);
    await db()
      .insert(fixtures)
      .values(buildFixture({ scorers: [{ name: "Ciarán Walsh", minute: 12 }] }));
    await db().insert(leagueTable).values(buildTableRow());
    await db()
      .insert(teamMembers)
      .values(buildTeamMember({ bio: "<p>Line «one»\nand two</p>" }));
    await db().insert(contactMessages).values(buildContactMessage());
  });

  it("backs up every table and restores it exactly after the content changed", async () => {
    const summary = await backupTo(file);
    expect(summary.tables.news).toBe(2);
    before = await snapshotTables(rawClientOf(getDatabaseHandle()));

    await db().update(news).set({ title: "Changed" }).where(eq(news.title, "Kept"));
    await db().delete(fixtures);
    await db().insert(teamMembers).values(buildTeamMember());
    expect(await snapshotTables(rawClientOf(getDatabaseHandle()))).not.toEqual(before);

    await restoreDatabase({ handle: getDatabaseHandle(), file });
    expect(await snapshotTables(rawClientOf(getDatabaseHandle()))).toEqual(before);
    // The restored tables notify the page caches again.
    expect(await tablesWithChangeNotices(rawClientOf(getDatabaseHandle()))).toContain("news");
  });

  it("restores a backup of an older version, then migrates it forward", async () => {
    // As the version before migration 0002 would have written it: without the tables that
    // migration 0002 (applied_requests) and the later ones (imported_records) create.
    const later = ['"applied_requests"', '"imported_records"'];
    const older = path.join(folder, `${driver}-older.jsonl.gz`);
    rewrite(file, older, (lines) => {
      const [, header] = JSON.parse(lines[0] ?? "") as [string, { migrations: unknown[] }];
      header.migrations = header.migrations.slice(0, 2);
      const out = [JSON.stringify(["clubsite-backup", header])];
      let skipping = false;
      for (const line of lines.slice(1)) {
        if (line.startsWith('["table"')) skipping = later.some((name) => line.includes(name));
        if (line.startsWith('["end"')) {
          const [, end] = JSON.parse(line) as [string, { tables: Record<string, number> }];
          delete end.tables.applied_requests;
          delete end.tables.imported_records;
          out.push(JSON.stringify(["end", end]));
        } else if (!skipping) out.push(line);
      }
      return out;
    });
    await db().delete(news);
    await restoreDatabase({ handle: getDatabaseHandle(), file: older });
    expect(await snapshotTables(rawClientOf(getDatabaseHandle()))).toEqual(before);
  });

  it("refuses a backup from a newer version, and changes nothing", async () => {
    const newer = path.join(folder, `${driver}-newer.jsonl.gz`);
    rewrite(file, newer, (lines) => {
      const [, header] = JSON.parse(lines[0] ?? "") as [string, { migrations: unknown[] }];
      header.migrations.push({ hash: "f".repeat(64), createdAt: Date.now() });
      return [JSON.stringify(["clubsite-backup", header]), ...lines.slice(1)];
    });
    await expect(restoreDatabase({ handle: getDatabaseHandle(), file: newer })).rejects.toThrow(
      "The backup was made by a newer version of the site than this one",
    );
    expect(await snapshotTables(rawClientOf(getDatabaseHandle()))).toEqual(before);
  });

  it("refuses an incomplete or damaged file, or one that is no backup", async () => {
    const cut = path.join(folder, `${driver}-cut.jsonl.gz`);
    rewrite(file, cut, (lines) => lines.slice(0, -1));
    await expect(verifyBackup(cut)).rejects.toThrow("The backup is incomplete");
    const short = path.join(folder, `${driver}-short.jsonl.gz`);
    rewrite(file, short, (lines) => lines.filter((line) => !line.includes('"Kept"')));
    await expect(verifyBackup(short)).rejects.toThrow(
      "The backup is damaged: table news should hold 2 rows, the file has 1.",
    );
    const other = path.join(folder, `${driver}-other.gz`);
    fs.writeFileSync(other, gzipSync("hello\n"));
    await expect(verifyBackup(other)).rejects.toThrow(BackupError);
    const plain = path.join(folder, `${driver}-plain.txt`);
    fs.writeFileSync(plain, "not gzip at all");
    await expect(verifyBackup(plain)).rejects.toThrow("not a readable club site backup");
    await expect(restoreDatabase({ handle: getDatabaseHandle(), file: cut })).rejects.toThrow(
      BackupError,
    );
    expect(await snapshotTables(rawClientOf(getDatabaseHandle()))).toEqual(before);
  });
});
