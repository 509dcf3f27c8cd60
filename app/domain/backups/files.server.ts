import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type Env, loadEnv } from "../../config/env.server.ts";
import { withAdvisoryLock } from "../../db/advisory-lock.server.ts";
import { writeBackupFile } from "../../db/backup.server.ts";
import type { DatabaseHandle } from "../../db/database.server.ts";
import { logger } from "../../logger.server.ts";
import { lastKnownClub } from "../club/club.server.ts";
import {
  type BackupWarning,
  backupCreatedAt,
  backupFileName,
  backupsToKeep,
  backupWarning,
  isBackupDue,
} from "./rules.ts";

// Backup files in BACKUP_DIR (ADR 027): written, synced, read back and checked, then given
// their real name; BACKUP_COMMAND run on each; old ones pruned; the outcome of the last
// attempt kept in backup-status.json for the dashboard and /healthz (any process on this
// machine reads it; the files themselves say when the newest good backup was made).

export interface BackupSettings {
  dir: string;
  keepDaily: number;
  keepWeekly: number;
  /** Run with the file's path after each backup (BACKUP_COMMAND). */
  command?: string;
}

export function backupSettingsFrom(env: Env): BackupSettings {
  return {
    dir: env.BACKUP_DIR,
    keepDaily: env.BACKUP_KEEP_DAILY,
    keepWeekly: env.BACKUP_KEEP_WEEKLY,
    command: env.BACKUP_COMMAND,
  };
}

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface WrittenBackup {
  file: string;
  bytes: number;
  createdAt: Date;
  rows: number;
  tables: number;
}

const STATUS_FILE = "backup-status.json";

interface StatusFile {
  lastFailure?: { at: string; message: string };
}

/**
 * ADR 027: writes one backup file into `dir` (`<kind>-<UTC stamp>.jsonl.gz`), durably and
 * checked (writeBackupFile). Throws (leaving no file) when any step fails.
 */
export async function writeBackup({
  handle,
  dir,
  kind = "clubsite-backup",
  now = new Date(),
}: {
  handle: DatabaseHandle;
  dir: string;
  kind?: string;
  now?: Date;
}): Promise<WrittenBackup> {
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  let file = path.join(dir, backupFileName({ kind, createdAt: now }));
  // Two in the same second (an import right after a start): the later one waits its turn.
  for (let later = 1; fs.existsSync(file); later++)
    file = path.join(
      dir,
      backupFileName({ kind, createdAt: new Date(now.getTime() + later * 1000) }),
    );
  const { summary } = await writeBackupFile({ handle, file });
  const bytes = (await fs.promises.stat(file)).size;
  return {
    file,
    bytes,
    createdAt: backupCreatedAt(path.basename(file)) ?? now,
    rows: Object.values(summary.tables).reduce((sum, n) => sum + n, 0),
    tables: Object.keys(summary.tables).length,
  };
}

/** The backups in `dir`, newest first (only complete ones have a backup's name). */
export async function listBackups(
  dir: string,
): Promise<{ file: string; createdAt: Date; bytes: number }[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  // Asked together: one wait for all of them, not one turn of the event loop each.
  const found = await Promise.all(
    names.map(async (name) => {
      const createdAt = backupCreatedAt(name);
      if (!createdAt) return undefined;
      const file = path.join(dir, name);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      return stat?.isFile() ? { file, createdAt, bytes: stat.size } : undefined;
    }),
  );
  return found
    .filter((backup) => backup !== undefined)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** Deletes the backups the keeping rule lets go (ADR 027); returns their paths. */
async function pruneBackups({
  settings,
  timeZone,
}: {
  settings: BackupSettings;
  timeZone: string;
}): Promise<string[]> {
  const backups = await listBackups(settings.dir);
  const kept = backupsToKeep({
    backups,
    keep: { daily: settings.keepDaily, weekly: settings.keepWeekly },
    timeZone,
  });
  const removed: string[] = [];
  for (const backup of backups) {
    if (kept.has(backup)) continue;
    await fs.promises.rm(backup.file, { force: true });
    removed.push(backup.file);
  }
  return removed;
}

/** How long BACKUP_COMMAND may run (a copy to another machine of a large backup). */
const COMMAND_TIMEOUT_MS = 30 * 60_000;

/**
 * ADR 027: runs BACKUP_COMMAND through the shell with the file's path as its last argument
 * (and in BACKUP_FILE). Resolves when it exits 0; otherwise rejects saying how it ended (its
 * output goes to the log only: it may show a secret).
 */
function runBackupCommand({
  command,
  file,
  logger,
}: {
  command: string;
  file: string;
  logger: Log;
}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", `${command} "$1"`, "sh", file], {
      env: { ...process.env, BACKUP_FILE: file },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: COMMAND_TIMEOUT_MS,
    });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-2000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", (error) =>
      reject(new Error(`BACKUP_COMMAND could not start (${error.message})`)),
    );
    child.on("close", (code, signal) => {
      if (code === 0) {
        resolve();
        return;
      }
      logger.error({ output: output.trim() }, "BACKUP_COMMAND output");
      reject(
        new Error(
          signal
            ? `BACKUP_COMMAND was stopped (${signal})`
            : `BACKUP_COMMAND failed (exit code ${code})`,
        ),
      );
    });
  });
}

async function writeStatus(dir: string, status: StatusFile): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const target = path.join(dir, STATUS_FILE);
  await fs.promises.writeFile(`${target}.tmp`, JSON.stringify(status), { mode: 0o600 });
  await fs.promises.rename(`${target}.tmp`, target);
  // The last step of every backup this process takes: what /healthz remembers is out of date.
  remembered.delete(dir);
}

async function readStatus(dir: string): Promise<StatusFile> {
  try {
    return JSON.parse(
      await fs.promises.readFile(path.join(dir, STATUS_FILE), "utf8"),
    ) as StatusFile;
  } catch {
    return {};
  }
}

/**
 * ADR 027: takes one backup as the server does, for any reason (the daily one, at start,
 * before an import, a restore or an upgrade): writes and checks the file (writeBackup), runs
 * BACKUP_COMMAND on it, prunes old ones, records the outcome for the dashboard and logs it.
 * Rejects when the file could not be written; a failed BACKUP_COMMAND is recorded and logged
 * but resolves with the file (it is on disk).
 */
export async function takeBackup({
  handle,
  settings,
  kind = "clubsite-backup",
  timeZone,
  logger,
  now = new Date(),
}: {
  handle: DatabaseHandle;
  settings: BackupSettings;
  kind?: string;
  timeZone: string;
  logger: Log;
  now?: Date;
}): Promise<WrittenBackup & { commandFailed?: string }> {
  const started = Date.now();
  let written: WrittenBackup;
  try {
    written = await writeBackup({ handle, dir: settings.dir, kind, now });
  } catch (error) {
    const message = `the backup could not be written (${(error as Error).message})`;
    await writeStatus(settings.dir, { lastFailure: { at: now.toISOString(), message } }).catch(
      () => {},
    );
    logger.error({ err: error, dir: settings.dir }, `backup failed: ${message}`);
    throw error;
  }
  logger.info(
    { file: written.file, bytes: written.bytes, rows: written.rows, ms: Date.now() - started },
    "backup written and checked",
  );
  let commandFailed: string | undefined;
  if (settings.command) {
    try {
      await runBackupCommand({ command: settings.command, file: written.file, logger });
      logger.info({ file: written.file }, "BACKUP_COMMAND done");
    } catch (error) {
      commandFailed = (error as Error).message;
      logger.error({ file: written.file }, `backup written, but ${commandFailed}`);
    }
  }
  await writeStatus(
    settings.dir,
    commandFailed ? { lastFailure: { at: now.toISOString(), message: commandFailed } } : {},
  );
  const removed = await pruneBackups({ settings, timeZone });
  if (removed.length > 0) logger.info({ removed: removed.length }, "old backups removed");
  return commandFailed ? { ...written, commandFailed } : written;
}

export interface BackupState {
  newest?: { createdAt: Date; bytes: number };
  lastFailure?: { at: Date; message: string };
  warning: BackupWarning;
}

/** ADR 027: the newest good backup, the last failure since, and what to warn of. */
export async function backupState({
  dir,
  now = new Date(),
}: {
  dir: string;
  now?: Date;
}): Promise<BackupState> {
  const [newest] = await listBackups(dir);
  const { lastFailure } = await readStatus(dir);
  const failure = lastFailure
    ? { at: new Date(lastFailure.at), message: lastFailure.message }
    : undefined;
  return {
    ...(newest ? { newest: { createdAt: newest.createdAt, bytes: newest.bytes } } : {}),
    ...(failure ? { lastFailure: failure } : {}),
    warning: backupWarning({ newest: newest?.createdAt, lastFailureAt: failure?.at, now }),
  };
}

/** How long /healthz answers from the backup state it last read (another process's backup). */
export const BACKUP_STATE_REMEMBERED_MS = 30_000;

const remembered = new Map<
  string,
  { readAt: number; state?: BackupState; reading?: Promise<BackupState> }
>();

/**
 * ADR 027, ADR 033: the backup state for `/healthz`, which a proxy asks every few seconds, also
 * during an import that holds the thread in turns: reading the folder (a listing, each file's
 * size, the status file) cost a turn per step. The state is read once, kept, and read again
 * in the background once BACKUP_STATE_REMEMBERED_MS have passed (answering from the kept one
 * meanwhile), or at once after this process took a backup (writeStatus forgets it).
 */
export async function rememberedBackupState(dir: string, now = Date.now()): Promise<BackupState> {
  let entry = remembered.get(dir);
  if (!entry) {
    entry = { readAt: now };
    remembered.set(dir, entry);
  }
  if (!entry.reading && (!entry.state || now - entry.readAt >= BACKUP_STATE_REMEMBERED_MS)) {
    entry.reading = readInto(dir, entry);
    // Read in the background when a state is kept: its failure is the next caller's.
    entry.reading.catch(() => {});
  }
  return entry.state ?? (await (entry.reading as Promise<BackupState>));
}

async function readInto(
  dir: string,
  entry: { readAt: number; state?: BackupState; reading?: Promise<BackupState> },
): Promise<BackupState> {
  try {
    const state = await backupState({ dir });
    entry.state = state;
    entry.readAt = Date.now();
    return state;
  } catch (error) {
    remembered.delete(dir);
    throw error;
  } finally {
    entry.reading = undefined;
  }
}

/**
 * ADR 027: on PostgreSQL one process takes the scheduled backup: the one that gets this
 * advisory lock (held on its own connection while it works); the others skip. The embedded
 * database has one process.
 */
export function withBackupLock<T>(
  handle: DatabaseHandle,
  body: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  return withAdvisoryLock(handle, "clubsite.backups", body);
}

/** True when a backup should be taken now: none in `dir`, or the newest older than `maxAgeMs`. */
export async function backupDue({
  dir,
  maxAgeMs,
  now = new Date(),
}: {
  dir: string;
  maxAgeMs: number;
  now?: Date;
}): Promise<boolean> {
  const [newest] = await listBackups(dir);
  return isBackupDue({ newest: newest?.createdAt, now, maxAgeMs });
}

/**
 * ADR 027: the backup taken before a change that replaces or adds much (an import, a
 * restore, an upgrade), with the installation's settings (BACKUP_DIR, BACKUP_COMMAND) and the
 * process's logger. Rejects when the file could not be written: the change must not go ahead.
 */
export async function backupBefore({
  handle,
  change,
}: {
  handle: DatabaseHandle;
  change: "import" | "restore" | "upgrade";
}): Promise<WrittenBackup & { commandFailed?: string }> {
  return takeBackup({
    handle,
    settings: backupSettingsFrom(loadEnv()),
    kind: `before-${change}`,
    // The details last read (the defaults in a command): a command has no club read yet.
    timeZone: lastKnownClub().details.timeZone,
    logger: logger(),
  });
}
