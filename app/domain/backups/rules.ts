import { TZDate } from "@date-fns/tz";

// Automatic backups (ADR 027): when one is due, which files are kept, and how the dashboard
// and /healthz speak of them. Pure: the caller passes the clock and the club's time zone.

/** ADR 027: the daily backup is taken at this time on the club's wall clock. */
const DAILY_BACKUP_AT = { hours: 3, minutes: 15 } as const;

/** ADR 027: at start, a backup is taken when the newest is older than this (a day). */
export const START_BACKUP_AFTER_MS = 24 * 3600_000;

/**
 * ADR 027: a daily run skips when a backup this recent exists (another process on the same
 * PostgreSQL, or a start a moment ago, has just taken it).
 */
export const RECENT_BACKUP_MS = 3600_000;

/** ADR 027: the dashboard and the log warn when the newest good backup is older than this. */
const BACKUP_WARNING_AGE_MS = 48 * 3600_000;

/** ADR 027: every backup this close to the newest is kept, whatever the days and weeks. */
const RECENT_KEPT_MS = 24 * 3600_000;

/** ADR 027: how many to keep, by default: the newest of each of 14 days and of 8 weeks. */
const DEFAULT_KEEP = { daily: 14, weekly: 8 } as const;

/** ADR 027: the next daily backup strictly after `now`: 03:15 on the club's wall clock. */
export function nextBackupDue({
  now,
  timeZone,
  at = DAILY_BACKUP_AT,
}: {
  now: Date;
  timeZone: string;
  at?: { hours: number; minutes: number };
}): Date {
  const local = new TZDate(now.getTime(), timeZone);
  for (let day = 0; ; day++) {
    // A time that does not exist on a clock change moves forward an hour (TZDate).
    const candidate = new TZDate(
      local.getFullYear(),
      local.getMonth(),
      local.getDate() + day,
      at.hours,
      at.minutes,
      0,
      timeZone,
    ).getTime();
    if (candidate > now.getTime()) return new Date(candidate);
  }
}

/** ADR 027: a backup is due when there is none, or the newest is older than `maxAgeMs`. */
export function isBackupDue({
  newest,
  now,
  maxAgeMs,
}: {
  newest: Date | undefined;
  now: Date;
  maxAgeMs: number;
}): boolean {
  return !newest || now.getTime() - newest.getTime() > maxAgeMs;
}

/** The wall-clock day ('yyyy-MM-dd') of an instant in `timeZone`. */
function localDay(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** The Monday ('yyyy-MM-dd') of the wall-clock week an instant falls in. */
function localWeek(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const back = (local.getDay() + 6) % 7;
  const monday = new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate() - back));
  return monday.toISOString().slice(0, 10);
}

/**
 * ADR 027: which backups to keep. Going from the newest, the newest backup of each of the
 * last `daily` days that have one, and the newest of each of the last `weekly` weeks
 * (Monday to Sunday) that have one, days and weeks on the club's wall clock; and every
 * backup less than a day older than the newest, so one taken before an import or a restore
 * is not deleted by the next backup of the same day. The rest may be deleted.
 */
export function backupsToKeep<T extends { createdAt: Date }>({
  backups,
  keep = DEFAULT_KEEP,
  timeZone,
}: {
  backups: readonly T[];
  keep?: { daily: number; weekly: number };
  timeZone: string;
}): Set<T> {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const kept = new Set<T>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const backup of newestFirst) {
    const day = localDay(backup.createdAt, timeZone);
    if (!days.has(day) && days.size < keep.daily) {
      days.add(day);
      kept.add(backup);
    }
    const week = localWeek(backup.createdAt, timeZone);
    if (!weeks.has(week) && weeks.size < keep.weekly) {
      weeks.add(week);
      kept.add(backup);
    }
  }
  const [newest] = newestFirst;
  for (const backup of newestFirst)
    if (newest && newest.createdAt.getTime() - backup.createdAt.getTime() < RECENT_KEPT_MS)
      kept.add(backup);
  return kept;
}

const BACKUP_NAME =
  /^(clubsite-backup|before-[a-z]+)-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.jsonl\.gz$/;

/** ADR 027: a backup's file name: its kind and when it was made (UTC, to the second). */
export function backupFileName({
  kind = "clubsite-backup",
  createdAt,
}: {
  kind?: string;
  createdAt: Date;
}): string {
  const stamp = createdAt.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `${kind}-${stamp}.jsonl.gz`;
}

/** When a backup file of ours was made, from its name; undefined for any other file. */
export function backupCreatedAt(fileName: string): Date | undefined {
  const match = BACKUP_NAME.exec(fileName);
  if (!match) return undefined;
  const [, , year, month, day, hours, minutes, seconds] = match.map(Number);
  return new Date(
    Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, seconds ?? 0),
  );
}

export type BackupWarning = "none" | "never" | "old" | "failed";

/**
 * ADR 027: what the dashboard, /healthz and the log warn of: no backup at all, the newest
 * good one older than 48 hours, or the last attempt failed (its file, or BACKUP_COMMAND).
 */
export function backupWarning({
  newest,
  lastFailureAt,
  now,
}: {
  newest: Date | undefined;
  lastFailureAt: Date | undefined;
  now: Date;
}): BackupWarning {
  if (lastFailureAt && (!newest || lastFailureAt.getTime() >= newest.getTime())) return "failed";
  if (!newest) return "never";
  if (now.getTime() - newest.getTime() > BACKUP_WARNING_AGE_MS) return "old";
  return "none";
}

/** ADR 027: the Administrators' line about backups on the dashboard. */
export interface DashboardBackup {
  /** 'today 03:15, 2.1 MB', or null when there is none. */
  last: string | null;
  warning: BackupWarning;
  /** Why the last attempt failed (no secrets: BACKUP_COMMAND's output stays in the log). */
  failure: string | null;
}

/** A file size as the dashboard shows it: '340 KB', '2.1 MB' (1 KB = 1024 bytes). */
export function formatBackupSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * ADR 027: 'today 03:15, 2.1 MB', 'yesterday 03:15, 2.1 MB' or '23/11/2026 03:15, 2.1 MB',
 * on the club's wall clock.
 */
export function describeBackup({
  createdAt,
  bytes,
  now,
  timeZone,
}: {
  createdAt: Date;
  bytes: number;
  now: Date;
  timeZone: string;
}): string {
  const local = new TZDate(createdAt.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, "0");
  const time = `${pad(local.getHours())}:${pad(local.getMinutes())}`;
  const day = localDay(createdAt, timeZone);
  const today = localDay(now, timeZone);
  const yesterday = localDay(new Date(now.getTime() - 24 * 3600_000), timeZone);
  const [year, month, date] = day.split("-");
  const when =
    day === today ? "today" : day === yesterday ? "yesterday" : `${date}/${month}/${year}`;
  return `${when} ${time}, ${formatBackupSize(bytes)}`;
}
