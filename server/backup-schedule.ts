import type { DatabaseHandle } from "../app/db/database.server.ts";
import {
  type BackupSettings,
  backupDue,
  backupState,
  takeBackup,
  withBackupLock,
} from "../app/domain/backups/files.server.ts";
import {
  nextBackupDue,
  RECENT_BACKUP_MS,
  START_BACKUP_AFTER_MS,
} from "../app/domain/backups/rules.ts";
import { getClubTimeZone, lastKnownClub } from "../app/domain/club/club.server.ts";

// Automatic backups (ADR 027): one at start when the newest is more than a day old, then
// every day at 03:15 on the club's wall clock (Club details' time zone, read at each run).
// The timer is planned again after each run, so a clock change or a new time zone is
// followed. A run that fails is logged and recorded (the dashboard shows it); the next one
// is still planned.

interface Log {
  info(object: object, message: string): void;
  warn(object: object | string, message?: string): void;
  error(object: object, message: string): void;
}

const CLOSE_WAIT_MS = 10_000;

export interface BackupSchedule {
  /** Plans no more, and waits (up to 10 s) for a backup in progress. */
  close(): Promise<void>;
}

export function startBackupSchedule({
  database,
  settings,
  logger,
}: {
  database: DatabaseHandle;
  settings: BackupSettings;
  logger: Log;
}): BackupSchedule {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const run = (maxAgeMs: number) => {
    running = running.then(async () => {
      if (closed) return;
      try {
        const outcome = await withBackupLock(database, async () => {
          // Another process (or a start a moment ago) may have just taken it.
          if (!(await backupDue({ dir: settings.dir, maxAgeMs }))) return;
          await takeBackup({
            handle: database,
            settings,
            timeZone: await getClubTimeZone(),
            logger,
          });
        });
        if (!outcome.ran) logger.info({}, "backup skipped: another server process is taking it");
      } catch {
        // takeBackup has logged and recorded it.
      }
      await warnIfStale();
    });
  };

  const warnIfStale = async () => {
    const state = await backupState({ dir: settings.dir }).catch(() => undefined);
    if (!state || state.warning === "none") return;
    logger.warn(
      { dir: settings.dir, newest: state.newest?.createdAt, lastFailure: state.lastFailure },
      state.warning === "failed"
        ? `the last backup failed: ${state.lastFailure?.message}`
        : state.warning === "never"
          ? "there is no backup yet"
          : "the newest backup is more than 48 hours old",
    );
  };

  const plan = () => {
    if (closed) return;
    // The details last read: planning never waits on (or fails with) the database.
    const due = nextBackupDue({ now: new Date(), timeZone: lastKnownClub().details.timeZone });
    timer = setTimeout(
      () => {
        run(RECENT_BACKUP_MS);
        void running.then(plan);
      },
      Math.max(1000, due.getTime() - Date.now()),
    );
    // The server's listening socket keeps the process alive, not this timer.
    timer.unref();
  };

  run(START_BACKUP_AFTER_MS);
  void running.then(plan);
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      // A backup being written is let finish, but a shutdown does not wait on a slow
      // BACKUP_COMMAND for long: systemd would kill the process anyway.
      await Promise.race([running, new Promise((r) => setTimeout(r, CLOSE_WAIT_MS).unref())]);
    },
  };
}
