import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadEnv } from "../app/config/env.server.ts";
import {
  BackupError,
  codeMigrations,
  isDatabaseEmpty,
  migrationsToRestore,
  restoreDatabase,
  verifyBackup,
} from "../app/db/backup.server.ts";
import type { DatabaseHandle } from "../app/db/database.server.ts";
import { DataDirLockedError } from "../app/db/lock.server.ts";
import { LISTENER_APPLICATION_NAME, rawClientOf } from "../app/db/notify.server.ts";
import { openDatabase } from "../app/db/open.server.ts";
import { COMMAND_LINE } from "../app/domain/activity/rules.ts";
import { backupBefore } from "../app/domain/backups/files.server.ts";

// `npm run restore -- <file>`: puts a backup (npm run backup) back, replacing everything in
// the installation (ADR 010). Only into a stopped installation, or an empty one: a server
// using the database would go on from data that is no longer there. When the installation
// holds data, it is first saved among the backups (BACKUP_DIR, before-restore-…), so a mistaken restore
// can itself be undone.

const usage = `Usage: npm run restore -- <backup file>

Replaces the whole database of this installation (DATA_DIR, or DATABASE_URL when set) with
the backup. Stop the server first (every server process, on every machine, for PostgreSQL).
The current content, if any, is saved to BACKUP_DIR (./backups beside the data folder) as
before-restore-<date>-<time>.jsonl.gz first.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { help: { type: "boolean" } },
});
const [file] = positionals;
if (values.help || !file) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

const env = loadEnv();

function refuse(message: string): never {
  console.error(`Restore refused: ${message}`);
  process.exit(1);
}

/** Server processes on this PostgreSQL database (each keeps one listening connection). */
async function runningServers(handle: DatabaseHandle): Promise<number> {
  const { rows } = await rawClientOf(handle).query(
    `select count(*)::int as servers from pg_stat_activity
      where datname = current_database() and application_name = $1`,
    [LISTENER_APPLICATION_NAME],
  );
  return Number(rows[0]?.servers ?? 0);
}

const backup = path.resolve(file);
if (!fs.existsSync(backup)) refuse(`no file ${backup}.`);
let header: Awaited<ReturnType<typeof verifyBackup>>["header"];
try {
  ({ header } = await verifyBackup(backup));
  migrationsToRestore(header, codeMigrations());
} catch (error) {
  if (error instanceof BackupError) refuse(error.message);
  throw error;
}

let handle: DatabaseHandle;
try {
  handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    migrate: false,
  });
} catch (error) {
  if (error instanceof DataDirLockedError)
    refuse(
      `the server is running on ${error.dataDir} (pid ${error.holderPid}). Stop it first, ` +
        "then run the restore again: a restore replaces everything the server is using.",
    );
  throw error;
}

try {
  const started = Date.now();
  const empty = await isDatabaseEmpty(handle);
  if (handle.kind === "postgres") {
    const servers = await runningServers(handle);
    if (servers > 0 && !empty)
      refuse(
        `${servers} server process${servers === 1 ? " is" : "es are"} using ${handle.location}. ` +
          "Stop every server process (on every machine) first, then run the restore again: " +
          "a restore replaces everything they are using.",
      );
  }
  // ADR 027: the content there now is saved first, as every automatic backup is.
  const saved = empty ? undefined : (await backupBefore({ handle, change: "restore" })).file;
  if (saved) console.log(`The content there before was saved to ${saved}.`);
  const { summary } = await restoreDatabase({ handle, file: backup, recordAs: COMMAND_LINE });
  const rows = Object.values(summary.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `Restored ${backup} (made ${header.createdAt} on ${header.database}) into ${handle.location}: ` +
      `${rows} rows in ${Object.keys(summary.tables).length} tables, ${Date.now() - started} ms.`,
  );
} catch (error) {
  console.error(
    `Restore failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await handle.close();
}
