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
import { COMMAND_LINE } from "../domain/activity/rules.ts";
import {
  BackupError,
  codeMigrations,
  dumpDatabase,
  restoreDatabase,
  verifyBackup,
} from "./backup.server.ts";
import { getDatabaseHandle } from "./database.server.ts";
import { rawClientOf, tablesWithChangeNotices } from "./notify.server.ts";
import { activity, contactMessages, fixtures, leagueTable, news, teamMembers } from "./schema.ts";

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
    // As the version before migration 0002 would have written it: without the tables the later
    // migrations create and the columns they add, read from the migrations themselves.
    const laterSql = codeMigrations()
      .slice(2)
      .flatMap((migration) => migration.sql)
      .join("\n");
    const laterTables = new Set(
      [...laterSql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"(\w+)"/gi)].map((m) => m[1]),
    );
    const addedColumns = [...laterSql.matchAll(/ALTER TABLE "(\w+)" ADD COLUMN "(\w+)"/gi)].map(
      (m) => [m[1] ?? "", m[2] ?? ""] as const,
    );
    const older = path.join(folder, `${driver}-older.jsonl.gz`);
    rewrite(file, older, (lines) => {
      const [, header] = JSON.parse(lines[0] ?? "") as [string, { migrations: unknown[] }];
      header.migrations = header.migrations.slice(0, 2);
      const out = [JSON.stringify(["clubsite-backup", header])];
      let table = "";
      for (const line of lines.slice(1)) {
        if (line.startsWith('["table"')) {
          table = (JSON.parse(line) as [string, { name: string }])[1].name.replaceAll('"', "");
          if (!laterTables.has(table)) out.push(line);
        } else if (line.startsWith('["end"')) {
          const [, end] = JSON.parse(line) as [string, { tables: Record<string, number> }];
          for (const name of Object.keys(end.tables)) {
            if (laterTables.has(name.replaceAll('"', ""))) delete end.tables[name];
          }
          out.push(JSON.stringify(["end", end]));
        } else if (!laterTables.has(table)) {
          const row = JSON.parse(line) as Record<string, unknown>;
          for (const [owner, column] of addedColumns) if (owner === table) delete row[column];
          out.push(JSON.stringify(row));
        }
      }
      return out;
    });
    await db().delete(news);
    await restoreDatabase({ handle: getDatabaseHandle(), file: older });
    // What the older version had is back as it was; what the later migrations add starts anew.
    const project = (snapshot: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(snapshot)
          .filter(([name]) => name.startsWith('"') && !laterTables.has(name.replaceAll('"', "")))
          .map(([name, rows]) => {
            const table = name.replaceAll('"', "");
            const kept = (JSON.parse(rows) as Record<string, unknown>[]).map((row) => {
              const copy = { ...row };
              for (const [owner, column] of addedColumns) if (owner === table) delete copy[column];
              return JSON.stringify(copy);
            });
            return [name, kept.sort()];
          }),
      );
    expect(project(await snapshotTables(rawClientOf(getDatabaseHandle())))).toEqual(
      project(before),
    );
    // Back to the full backup for the tests that follow (they compare with `before`).
    await restoreDatabase({ handle: getDatabaseHandle(), file });
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

  it("records a restore from the command line in Activity, in the restore's transaction", async () => {
    await restoreDatabase({ handle: getDatabaseHandle(), file, recordAs: COMMAND_LINE });
    expect(await db().select().from(activity)).toEqual([
      expect.objectContaining({
        actor: COMMAND_LINE,
        administratorId: null,
        screen: "backups",
        action: "restore",
        label: path.basename(file),
      }),
    ]);
    // A restore that fails records nothing either.
    const cut = path.join(folder, `${driver}-cut-again.jsonl.gz`);
    rewrite(file, cut, (lines) => lines.slice(0, -1));
    await expect(
      restoreDatabase({ handle: getDatabaseHandle(), file: cut, recordAs: COMMAND_LINE }),
    ).rejects.toThrow(BackupError);
    expect(await db().select().from(activity)).toHaveLength(1);
  });

  it("refuses a backup naming a table or sequence that is not the site's own, before writing", async () => {
    // As the database is now (the test before recorded a restore in Activity).
    const now = await snapshotTables(rawClientOf(getDatabaseHandle()));
    // A crafted file: one row for PostgreSQL's own roles table would make a new superuser.
    const role = {
      oid: 99999,
      rolname: "intruder",
      rolsuper: true,
      rolinherit: true,
      rolcreaterole: true,
      rolcreatedb: true,
      rolcanlogin: true,
      rolreplication: true,
      rolbypassrls: true,
      rolconnlimit: -1,
      rolpassword: null,
      rolvaliduntil: null,
    };
    const crafted = (name: string, kind: "table" | "sequence" = "table") => {
      const out = path.join(folder, `${driver}-crafted-${name.replace(/\W/g, "_")}.jsonl.gz`);
      rewrite(file, out, (lines) => {
        const end = lines.pop() ?? "";
        const [, summary] = JSON.parse(end) as [string, { tables: Record<string, number> }];
        if (kind === "sequence")
          return [
            ...lines,
            JSON.stringify(["sequence", { name, lastValue: "1", isCalled: true }]),
            end,
          ];
        summary.tables[name] = 1;
        return [
          ...lines,
          JSON.stringify(["table", { name }]),
          JSON.stringify(role),
          JSON.stringify(["end", summary]),
        ];
      });
      return out;
    };
    for (const name of ["pg_authid", "pg_catalog.pg_authid", "public.news", '"news"', "News"]) {
      const bad = crafted(name);
      await expect(verifyBackup(bad)).rejects.toThrow(
        `The backup names a table the site does not have (${JSON.stringify(name)})`,
      );
      await expect(restoreDatabase({ handle: getDatabaseHandle(), file: bad })).rejects.toThrow(
        BackupError,
      );
    }
    const sequence = crafted("pg_catalog.pg_authid_seq", "sequence");
    await expect(verifyBackup(sequence)).rejects.toThrow("names a sequence the site does not have");
    const { rows } = await rawClientOf(getDatabaseHandle()).query(
      "select count(*)::int as n from pg_roles where rolname = 'intruder'",
    );
    expect(rows[0]?.n).toBe(0);
    expect(await snapshotTables(rawClientOf(getDatabaseHandle()))).toEqual(now);
  });
});
