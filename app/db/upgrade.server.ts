import fs from "node:fs";
import path from "node:path";
import { codeMigrations, writeBackupFile } from "./backup.server.ts";
import type { DatabaseHandle } from "./database.server.ts";
import { siteVersion } from "./migrations.server.ts";
import type { RawSql } from "./notify.server.ts";

// ADR 026: a start that will change the database first saves it, and a database changed by a
// newer version of the site is refused rather than used by code that does not know it.
//
// The database's migrations (drizzle.__drizzle_migrations) say how far it is; the site's
// version that last upgraded it is kept beside them (drizzle.clubsite_site_version, outside
// the public tables a backup holds), so a refusal can name it.

export class NewerDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NewerDatabaseError";
  }
}

interface Applied {
  hash: string;
  createdAt: number;
}

async function appliedMigrations(sql: RawSql): Promise<Applied[]> {
  const { rows } = await sql.query(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!rows[0]?.present) return [];
  const { rows: applied } = await sql.query(
    "select hash, created_at from drizzle.__drizzle_migrations order by created_at, id",
  );
  return applied.map((row) => ({ hash: String(row.hash), createdAt: Number(row.created_at) }));
}

async function recordedSiteVersion(sql: RawSql): Promise<string | undefined> {
  const { rows } = await sql.query(
    "select to_regclass('drizzle.clubsite_site_version') is not null as present",
  );
  if (!rows[0]?.present) return undefined;
  const { rows: recorded } = await sql.query(
    "select version from drizzle.clubsite_site_version where id = 1",
  );
  return recorded[0] ? String(recorded[0].version) : undefined;
}

async function recordSiteVersion(sql: RawSql): Promise<void> {
  if ((await recordedSiteVersion(sql)) === siteVersion) return;
  await sql.query("create schema if not exists drizzle");
  await sql.query(`create table if not exists drizzle.clubsite_site_version (
    id integer primary key, version text not null, upgraded_at timestamptz not null default now())`);
  await sql.query(
    `insert into drizzle.clubsite_site_version (id, version) values (1, $1)
       on conflict (id) do update set version = excluded.version, upgraded_at = now()`,
    [siteVersion],
  );
}

const changes = (n: number) => `${n} database change${n === 1 ? "" : "s"}`;

/** A file name that sorts by time and says what it is: before-upgrade-<when>-from-<version>. */
function upgradeBackupName(from: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `before-upgrade-${stamp}-from-${from.replace(/[^0-9A-Za-z.-]/g, "_")}.jsonl.gz`;
}

/**
 * Writes the whole database into `folder` before an upgrade, durably and checked
 * (writeBackupFile, as every backup), before the upgrade may begin. Resolves with its path.
 */
async function backupBeforeUpgrade(
  handle: DatabaseHandle,
  folder: string,
  from: string,
): Promise<string> {
  await fs.promises.mkdir(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, upgradeBackupName(from));
  await writeBackupFile({ handle, file });
  return file;
}

export interface UpgradeOutcome {
  /** The migrations this start applied (0: the database was up to date). */
  applied: number;
  /** The backup taken before them, when the database held an earlier version's data. */
  backup?: string;
}

/**
 * Refuses a database a newer version has changed, saves one this version will change, then
 * runs `migrate` (drizzle's migrator). On PostgreSQL the caller holds the migrations' lock.
 */
export async function upgradeDatabase({
  handle,
  sql,
  backupDir,
  migrate,
}: {
  handle: DatabaseHandle;
  sql: RawSql;
  backupDir: string;
  migrate: () => Promise<void>;
}): Promise<UpgradeOutcome> {
  const code = codeMigrations();
  const applied = await appliedMigrations(sql);
  const newestCode = code.at(-1)?.folderMillis ?? 0;
  const known = new Set(code.map((migration) => migration.hash));
  // drizzle's migrator applies what is newer than the newest applied migration and silently
  // skips the rest: a database a newer version migrated would be used as if it were ours.
  const unknown = applied.filter((m) => !known.has(m.hash) && m.createdAt > newestCode);
  const recorded = await recordedSiteVersion(sql);
  if (unknown.length > 0) {
    const newer = recorded ? `version ${recorded} of the site` : "a newer version of the site";
    throw new NewerDatabaseError(
      `This database was upgraded by ${newer} (${changes(applied.length)}); this is version ` +
        `${siteVersion} (${changes(code.length)}), which does not know the newer changes and ` +
        `would damage the data. Start ${recorded ? `version ${recorded}` : "the newer version"} ` +
        "again, or restore the backup taken before that upgrade with this version (README, Upgrading).",
    );
  }
  const newestApplied = applied.reduce((newest, m) => Math.max(newest, m.createdAt), 0);
  const pending = code.filter((migration) => migration.folderMillis > newestApplied).length;
  let backup: string | undefined;
  // A new database has nothing to save; one with migrations applied holds a club's data.
  if (pending > 0 && applied.length > 0)
    backup = await backupBeforeUpgrade(handle, backupDir, recorded ?? `schema-${applied.length}`);
  if (pending > 0) await migrate();
  await recordSiteVersion(sql);
  return { applied: pending, backup };
}
