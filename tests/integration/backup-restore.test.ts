import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server.ts";
import { rawClientOf } from "../../app/db/notify.server.ts";
import { openDatabase } from "../../app/db/open.server.ts";
import { availableDrivers, type DriverName, openTestDatabase } from "../db.ts";
import { migratedDataDir, runScript, startServerProcess, urlOf } from "../server-process.ts";
import { snapshotTables } from "../snapshot.ts";

// `npm run backup` while the server runs, `npm run restore` into the stopped installation
// (ADR 010), as a volunteer runs them: real processes, on each database.

const ADMIN = { ADMIN_EMAIL: "backup@club.example", ADMIN_PASSWORD: "amber-kettle-river-42" };

for (const driver of availableDrivers()) {
  describe(`backup and restore as commands [${driver}]`, () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), `clubsite-backup-${driver}-`));
    let testDatabase: DatabaseHandle | undefined;
    afterAll(async () => {
      await testDatabase?.close();
      fs.rmSync(work, { recursive: true, force: true });
    });

    // Where the installation lives, as the server and the scripts are told.
    async function installation(name: DriverName): Promise<Record<string, string>> {
      if (name === "pglite") return { DATA_DIR: migratedDataDir("", path.join(work, "data")) };
      testDatabase = await openTestDatabase("postgres");
      return { DATABASE_URL: urlOf(rawClientOf(testDatabase)) };
    }
    // Opens the stopped installation directly, to read or change it.
    async function openStopped(env: Record<string, string>) {
      return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, migrate: false });
    }

    it("backs up while the server runs, refuses to restore under it, and restores every table", async () => {
      const env = await installation(driver);
      const server = await startServerProcess({ ...env, ...ADMIN, SEED_DEMO: "1" });
      let backup: string;
      try {
        const made = await runScript({
          name: "backup.ts",
          args: ["--out", path.join(work, "backups")],
          env,
          cwd: work,
        });
        expect(made.stderr).toBe("");
        expect(made.code).toBe(0);
        const file = made.stdout.match(/Backup written: (\S+) /)?.[1];
        expect(file).toBeDefined();
        backup = file ?? "";
        expect(fs.existsSync(backup)).toBe(true);
        expect(fs.readdirSync(path.join(work, "backups"))).toEqual([path.basename(backup)]);
        if (driver === "pglite") {
          expect(made.stdout).toContain("taken by the running server");
          // Only the folder's owner may ask the server for a backup.
          expect(fs.statSync(path.join(env.DATA_DIR ?? "", "control.sock")).mode & 0o777).toBe(
            0o600,
          );
        }
        // The server kept running and answering.
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

        const refused = await runScript({ name: "restore.ts", args: [backup], env, cwd: work });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(
          driver === "pglite"
            ? /^Restore refused: the server is running on .* Stop it first/
            : /^Restore refused: 1 server process is using .* Stop every server process/,
        );
      } finally {
        expect(await server.stop()).toBe(0);
      }

      let handle = await openStopped(env);
      const before = await snapshotTables(rawClientOf(handle));
      expect(before['"news"']).toContain("Storm");
      // Change content in several tables.
      await rawClientOf(handle).query("update news set title = 'Changed after the backup'");
      await rawClientOf(handle).query("delete from fixtures");
      await rawClientOf(handle).query("delete from sessions");
      expect(await snapshotTables(rawClientOf(handle))).not.toEqual(before);
      await handle.close();

      const restored = await runScript({ name: "restore.ts", args: [backup], env, cwd: work });
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(/The content there before was saved to .*before-restore-/);
      expect(restored.stdout).toContain(`Restored ${backup}`);

      handle = await openStopped(env);
      try {
        // Every table as it was, and Activity also says that the command line restored it.
        const { '"activity"': activityAfter, ...after } = await snapshotTables(rawClientOf(handle));
        const { '"activity"': _, ...rest } = before;
        expect(after).toEqual(rest);
        expect(JSON.parse(String(activityAfter))).toEqual([
          expect.objectContaining({ actor: "command line", action: "restore" }),
        ]);
      } finally {
        await handle.close();
      }
      // A server start, a backup and a restore in one test: slow on a busy two-core machine.
    }, 240_000);

    it("refuses a file that is not a complete backup, and says so", async () => {
      const bad = path.join(work, "not-a-backup.jsonl.gz");
      fs.writeFileSync(bad, "hello");
      const env: Record<string, string> =
        driver === "pglite"
          ? { DATA_DIR: path.join(work, "data") }
          : {
              DATABASE_URL: urlOf(rawClientOf(testDatabase as DatabaseHandle)),
            };
      const refused = await runScript({ name: "restore.ts", args: [bad], env, cwd: work });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        "Restore refused: The file is not a readable club site backup",
      );
      // A crafted file naming PostgreSQL's own roles table (ADR 024): refused, naming it.
      const crafted = path.join(work, "crafted.jsonl.gz");
      const lines = [
        [
          "clubsite-backup",
          { version: 1, createdAt: new Date().toISOString(), database: "postgres", migrations: [] },
        ],
        ["table", { name: "pg_authid" }],
        { rolname: "intruder", rolsuper: true, rolcanlogin: true },
        ["end", { tables: { pg_authid: 1 } }],
      ];
      fs.writeFileSync(
        crafted,
        gzipSync(`${lines.map((line) => JSON.stringify(line)).join("\n")}\n`),
      );
      const foreign = await runScript({ name: "restore.ts", args: [crafted], env, cwd: work });
      expect(foreign.code).toBe(1);
      expect(foreign.stderr).toContain(
        'Restore refused: The backup names a table the site does not have ("pg_authid")',
      );
      expect(foreign.stdout).not.toContain("Restored");
      if (driver === "pglite") {
        // A mistyped DATA_DIR is said, not backed up as an empty database.
        const nowhere = path.join(work, "no-such-folder");
        const missing = await runScript({
          name: "backup.ts",
          args: ["--out", work],
          env: { DATA_DIR: nowhere },
          cwd: work,
        });
        expect(missing.code).toBe(1);
        expect(missing.stderr).toContain(`there is no database in ${nowhere}`);
        expect(fs.existsSync(nowhere)).toBe(false);
      }
    });
  });
}
