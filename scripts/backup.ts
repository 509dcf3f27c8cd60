import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { loadEnv } from "../app/config/env.server.ts";
import {
  BackupError,
  type BackupSummary,
  verifyBackup,
  writeBackupFile,
} from "../app/db/backup.server.ts";
import { DataDirLockedError } from "../app/db/lock.server.ts";
import { openDatabase } from "../app/db/open.server.ts";
import { backupFileName } from "../app/domain/backups/rules.ts";
import { backupSocketPath } from "../server/backup-socket.ts";

// `npm run backup [-- --out <folder or file>]`: one file holding the whole database, taken
// while the server keeps running (ADR 010). PostgreSQL: read directly in one consistent
// transaction. Embedded database: the running server takes it (it holds the data folder);
// when no server runs, the folder is read directly.

const usage = `Usage: npm run backup [-- --out <folder or file.jsonl.gz>]

Writes the whole database (content, administrators, messages) to one file, by default in
BACKUP_DIR (./backups beside the data folder) as clubsite-backup-<date>-<time>.jsonl.gz. The server may keep running.
Restore with: npm run restore -- <file>`;

const { values } = parseArgs({
  options: { out: { type: "string" }, help: { type: "boolean" } },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const env = loadEnv();

function target(): string {
  const out = path.resolve(values.out ?? env.BACKUP_DIR);
  if (out.endsWith(".gz")) {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    return out;
  }
  fs.mkdirSync(out, { recursive: true });
  return path.join(out, backupFileName({ createdAt: new Date() }));
}

// Through the running server's socket; null when no server answers there.
async function fromRunningServer(partial: string): Promise<boolean> {
  const socketPath = backupSocketPath(env.DATA_DIR);
  if (!fs.existsSync(socketPath)) return false;
  const response = await new Promise<http.IncomingMessage | null>((resolve, reject) => {
    const request = http.request({ socketPath, path: "/backup", method: "POST" }, resolve);
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED" || error.code === "ENOENT") resolve(null);
      else reject(error);
    });
    request.end();
  });
  if (!response) return false;
  if (response.statusCode !== 200)
    throw new BackupError(`The running server refused the backup (HTTP ${response.statusCode}).`);
  await pipeline(response, fs.createWriteStream(partial, { mode: 0o600 }));
  return true;
}

// Directly: PostgreSQL, or a data folder no server holds; written as every backup is.
async function directly(file: string): Promise<BackupSummary> {
  if (!env.DATABASE_URL && !fs.existsSync(path.join(env.DATA_DIR, "pglite")))
    throw new BackupError(`there is no database in ${env.DATA_DIR} (check DATA_DIR).`);
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    migrate: false,
  });
  try {
    return (await writeBackupFile({ handle, file })).summary;
  } finally {
    await handle.close();
  }
}

const started = Date.now();
const file = target();
const partial = `${file}.partial`;
try {
  const throughServer = !env.DATABASE_URL && (await fromRunningServer(partial));
  let summary: BackupSummary;
  if (throughServer) {
    // Only a complete file gets the real name: a cut one is never mistaken for a backup.
    ({ summary } = await verifyBackup(partial));
    fs.renameSync(partial, file);
  } else summary = await directly(file);
  const rows = Object.values(summary.tables).reduce((sum, n) => sum + n, 0);
  const size = fs.statSync(file).size;
  console.log(
    `Backup written: ${file} (${Object.keys(summary.tables).length} tables, ${rows} rows, ` +
      `${Math.ceil(size / 1024)} KB, ${Date.now() - started} ms${throughServer ? ", taken by the running server" : ""}).`,
  );
} catch (error) {
  fs.rmSync(partial, { force: true });
  if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message}\nThe server holds the data folder but did not answer on ${backupSocketPath(env.DATA_DIR)}: ` +
        "wait until it has started, or stop it, and run the backup again.",
    );
  } else {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exitCode = 1;
}
