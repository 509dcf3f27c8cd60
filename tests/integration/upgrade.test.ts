import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { createGunzip } from "node:zlib";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { codeMigrations, restoreDatabase, verifyBackup } from "../../app/db/backup.server.ts";
import { siteVersion } from "../../app/db/migrations.server.ts";
import { rawClientOf } from "../../app/db/notify.server.ts";
import { type OpenOptions, openDatabase } from "../../app/db/open.server.ts";
import { NewerDatabaseError } from "../../app/db/upgrade.server.ts";
import { availableDrivers, type DriverName } from "../db.ts";
import { migratedDataDir, runScript, startServerProcess } from "../server-process.ts";

// ADR 026: a start that migrates saves the database first; a database a newer version changed
// is refused; the first release's data comes through every migration since.
//
// fixtures/first-release-backup.jsonl.gz is a backup (ADR 010's format) of a database at the
// first release's only migration (drizzle/0000_initial.sql), with two or three rows in each of
// its seven tables, written by hand to use every column (nulls, jsonb, text with new lines).

const fixture = new URL("./fixtures/first-release-backup.jsonl.gz", import.meta.url).pathname;

/** The fixture's rows, by table. */
async function fixtureRows(): Promise<Map<string, Record<string, unknown>[]>> {
  const tables = new Map<string, Record<string, unknown>[]>();
  let current: Record<string, unknown>[] = [];
  const lines = readline.createInterface({
    input: fs.createReadStream(fixture).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  for await (const line of lines) {
    const parsed = JSON.parse(line);
    if (!Array.isArray(parsed)) current.push(parsed);
    else if (parsed[0] === "table") {
      current = [];
      tables.set(parsed[1].name, current);
    }
  }
  return tables;
}

// What the migrations since the first release change in rows that were there (their SQL says
// why): competitions lose the season from their name (0009), a fixture with a score is played
// (0010). Every other value stays as it was.
const MIGRATED = new Map<string, (row: Record<string, unknown>) => Record<string, unknown>>([
  [
    "fixtures",
    (row) => ({
      ...row,
      type: String(row.type).replace(/\s+\d{2}\/\d{2}$/, ""),
    }),
  ],
]);

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** A place for a new installation of `driver`, and the options a start would open it with. */
async function newInstallation(driver: DriverName): Promise<OpenOptions & { root: string }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `clubsite-upgrade-${driver}-`));
  cleanup.push(() => fs.rmSync(root, { recursive: true, force: true }));
  const dataDir = path.join(root, "data");
  // A copy of a migrated folder skips initdb; the restore below replaces all it holds.
  if (driver === "pglite") return { root, dataDir: migratedDataDir("", dataDir) };
  const baseUrl = inject("postgresUrl");
  const name = `clubsite_upgrade_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanup.push(async () => {
    const dropper = new pg.Client({ connectionString: baseUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { root, dataDir, databaseUrl: url.toString() };
}

for (const driver of availableDrivers()) {
  describe(`upgrading [${driver}]`, () => {
    it("backs up the first release's database, migrates it and keeps every row", async () => {
      const installation = await newInstallation(driver);
      const old = await openDatabase({ ...installation, migrate: false });
      await restoreDatabase({ handle: old, file: fixture, upgrade: false });
      await old.close();

      const started = await openDatabase(installation);
      try {
        const code = codeMigrations();
        expect(started.upgrade?.applied).toBe(code.length - 1);
        const sql = rawClientOf(started);
        const { rows: applied } = await sql.query(
          "select hash from drizzle.__drizzle_migrations order by created_at",
        );
        expect(applied.map((row) => row.hash)).toEqual(code.map((m) => m.hash));

        // The backup: beside the data folder, named for what it is, complete, at the old version.
        const backups = path.join(installation.root, "backups");
        const [name, ...others] = fs.readdirSync(backups);
        expect(others).toEqual([]);
        expect(name).toMatch(/^before-upgrade-\d{8}-\d{6}-from-schema-1\.jsonl\.gz$/);
        expect(started.upgrade?.backup).toBe(path.join(backups, name ?? ""));
        const saved = await verifyBackup(path.join(backups, name ?? ""));
        expect(saved.header.migrations.map((m) => m.hash)).toEqual([code[0]?.hash]);

        const expected = await fixtureRows();
        expect(saved.summary.tables).toEqual(
          Object.fromEntries([...expected].map(([table, rows]) => [table, rows.length])),
        );
        for (const [table, rows] of expected) {
          const key = table === "sessions" ? "id_hash" : "id";
          const { rows: now } = await sql.query(
            `select to_jsonb(t) as row from "${table}" t order by ${key}`,
          );
          const stored = now.map((r) => r.row as Record<string, unknown>);
          const migrate = MIGRATED.get(table) ?? ((row) => row);
          const wanted = rows
            .map(migrate)
            .sort((a, b) => String(a[key]).localeCompare(String(b[key])));
          expect(stored.length, table).toBe(wanted.length);
          // Every column the first release had keeps its value; newer columns are added.
          for (const [index, row] of stored.entries())
            expect(row, `${table} ${String(row[key])}`).toMatchObject(wanted[index] ?? {});
        }
        const { rows: played } = await sql.query(
          "select status from fixtures where home_score is not null order by id",
        );
        expect(played.map((row) => row.status)).toEqual(["played", "played"]);
      } finally {
        await started.close();
      }

      // A second start has nothing to do: no second backup.
      const again = await openDatabase(installation);
      await again.close();
      expect(again.upgrade).toEqual({ applied: 0, backup: undefined });
      expect(fs.readdirSync(path.join(installation.root, "backups"))).toHaveLength(1);
    }, 180_000);

    it("refuses a database a newer version has changed, naming both versions", async () => {
      const installation = await newInstallation(driver);
      const current = await openDatabase(installation);
      const newest = Math.max(...codeMigrations().map((m) => m.folderMillis));
      try {
        const sql = rawClientOf(current);
        // What version 9.1.0 would leave: a migration this code has never seen, and its name.
        await sql.query(
          "insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-9.1.0', $1)",
          [newest + 86_400_000],
        );
        await sql.query("update drizzle.clubsite_site_version set version = '9.1.0'");
        await sql.query("create table from_the_future (id integer)");
      } finally {
        await current.close();
      }

      const refused = openDatabase(installation);
      await expect(refused).rejects.toThrow(NewerDatabaseError);
      await expect(refused).rejects.toThrow(
        new RegExp(
          `upgraded by version 9\\.1\\.0 .*this is version ${siteVersion.replace(/\./g, "\\.")}`,
        ),
      );
      // The server and the commands stop there, saying so.
      const env: Record<string, string> = { DATA_DIR: installation.dataDir ?? "" };
      if (installation.databaseUrl) env.DATABASE_URL = installation.databaseUrl;
      const start = await startServerProcess(env).then(
        async (server) => {
          await server.stop();
          return "the server started";
        },
        (error: Error) => error.message,
      );
      expect(start).toMatch(/upgraded by version 9\.1\.0/);
      const migrate = await runScript({
        name: "db-migrate.ts",
        args: [],
        env,
        cwd: installation.root,
      });
      expect(migrate.code).toBe(1);
      expect(migrate.stderr).toMatch(/upgraded by version 9\.1\.0/);

      // Nothing was saved or changed: the newer version finds its database as it left it.
      expect(fs.existsSync(path.join(installation.root, "backups"))).toBe(false);
      const check = await openDatabase({ ...installation, migrate: false });
      try {
        const { rows } = await rawClientOf(check).query(
          "select count(*)::int as n from drizzle.__drizzle_migrations",
        );
        expect(rows[0]?.n).toBe(codeMigrations().length + 1);
      } finally {
        await check.close();
      }
    }, 180_000);
  });
}
