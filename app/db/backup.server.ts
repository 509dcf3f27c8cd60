import fs, { createReadStream } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { type MigrationMeta, readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import type { DatabaseHandle } from "./database.server.ts";
import { migrationsFolder } from "./migrations.server.ts";
import { installChangeNotices, type RawSql, rawClientOf } from "./notify.server.ts";

// Backups (ADR 010): one gzip file of JSON lines, the same on PGlite and PostgreSQL, so a
// backup of the embedded database restores onto a PostgreSQL server and back.
//
//   ["clubsite-backup", {version, createdAt, database, migrations: [{hash, createdAt}]}]
//   ["table", {name}]            then one line per row: the row as PostgreSQL's to_jsonb
//   ["sequence", {name, lastValue, isCalled}]
//   ["end", {tables: {name: rows}}]      (a file without it is incomplete and refused)
//
// The dump reads every table in one REPEATABLE READ, READ ONLY transaction: one consistent
// snapshot while the server keeps writing. Rows travel as PostgreSQL's own JSON text and come
// back through jsonb_populate_recordset, so every type (timestamptz, jsonb, arrays, bytea,
// numeric) is converted by the database itself, never by JavaScript.
//
// Restore rebuilds the schema from the migrations the backup was made at, loads the rows,
// then applies any newer migrations: a backup restores into the same or a newer version.

const BACKUP_FORMAT = "clubsite-backup";
const BACKUP_VERSION = 1;

export interface BackupHeader {
  version: number;
  createdAt: string;
  database: "pglite" | "postgres";
  migrations: { hash: string; createdAt: number }[];
}

export interface BackupSummary {
  tables: Record<string, number>;
}

/** Runs `body` in one transaction on the database's own driver (PGlite or node-postgres). */
async function inTransaction<T>(
  handle: DatabaseHandle,
  body: (sql: RawSql) => Promise<T>,
): Promise<T> {
  const client = rawClientOf(handle);
  if (client instanceof pg.Pool) {
    const session = await client.connect();
    try {
      await session.query("begin");
      const result = await body(session);
      await session.query("commit");
      return result;
    } catch (error) {
      await session.query("rollback").catch(() => {});
      throw error;
    } finally {
      session.release();
    }
  }
  const pglite = client as unknown as {
    transaction<R>(callback: (tx: RawSql) => Promise<R>): Promise<R>;
  };
  return pglite.transaction((tx) => body(tx));
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The public tables, parents before the tables that refer to them. */
async function tablesInLoadOrder(sql: RawSql): Promise<string[]> {
  const { rows: tables } = await sql.query(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  const { rows: references } = await sql.query(`
    select child.relname as child, parent.relname as parent
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      join pg_namespace n on n.oid = child.relnamespace
     where c.contype = 'f' and n.nspname = 'public'`);
  const names = tables.map((row) => String(row.tablename));
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const ref of references)
      if (ref.child === name && ref.parent !== name) visit(String(ref.parent), path);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

async function appliedMigrations(sql: RawSql): Promise<BackupHeader["migrations"]> {
  const { rows: exists } = await sql.query(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!exists[0]?.present) return [];
  const { rows } = await sql.query(
    "select hash, created_at from drizzle.__drizzle_migrations order by created_at, id",
  );
  return rows.map((row) => ({ hash: String(row.hash), createdAt: Number(row.created_at) }));
}

/**
 * Writes a consistent snapshot of the whole database as backup lines (without newlines;
 * `write` adds them). Resolves with the row count of every table.
 */
export async function dumpDatabase({
  handle,
  write,
}: {
  handle: DatabaseHandle;
  write: (line: string) => Promise<void> | void;
}): Promise<BackupSummary> {
  return inTransaction(handle, async (sql) => {
    await sql.query("set transaction isolation level repeatable read, read only");
    const header: BackupHeader = {
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database: handle.kind,
      migrations: await appliedMigrations(sql),
    };
    await write(JSON.stringify([BACKUP_FORMAT, header]));
    const tables: Record<string, number> = {};
    for (const name of await tablesInLoadOrder(sql)) {
      await write(JSON.stringify(["table", { name }]));
      await sql.query(
        `declare clubsite_backup no scroll cursor for select to_jsonb(t)::text as row from ${quote(name)} t`,
      );
      let count = 0;
      for (;;) {
        const { rows } = await sql.query("fetch 500 from clubsite_backup");
        if (rows.length === 0) break;
        for (const row of rows) await write(String(row.row));
        count += rows.length;
      }
      await sql.query("close clubsite_backup");
      tables[name] = count;
    }
    const { rows: sequences } = await sql.query(
      "select sequencename from pg_sequences where schemaname = 'public' order by sequencename",
    );
    for (const { sequencename } of sequences) {
      const name = String(sequencename);
      const { rows } = await sql.query(`select last_value, is_called from ${quote(name)}`);
      await write(
        JSON.stringify([
          "sequence",
          { name, lastValue: String(rows[0]?.last_value), isCalled: Boolean(rows[0]?.is_called) },
        ]),
      );
    }
    await write(JSON.stringify(["end", { tables }]));
    return { tables };
  });
}

async function fsyncPath(target: string): Promise<void> {
  const handle = await fs.promises.open(target, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * ADR 026, ADR 027: writes the whole database to `file`, owner-only, so that a file with that
 * name is always a complete backup: the dump goes to `<file>.partial`, is synced to disk, read
 * back and checked (header, every row, end line), and only then renamed, and its folder
 * synced. Throws (leaving no file) when any step fails. Every backup is written here: the
 * scheduled ones, the one before an import or a restore, the one before an upgrade.
 */
export async function writeBackupFile({
  handle,
  file,
}: {
  handle: DatabaseHandle;
  file: string;
}): Promise<{ header: BackupHeader; summary: BackupSummary }> {
  const partial = `${file}.partial`;
  try {
    const gzip = createGzip();
    const written = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600 }));
    await dumpDatabase({
      handle,
      write: (line) =>
        gzip.write(`${line}\n`) ? undefined : new Promise<void>((r) => gzip.once("drain", r)),
    });
    gzip.end();
    await written;
    await fsyncPath(partial);
    const checked = await verifyBackup(partial);
    await fs.promises.rename(partial, file);
    await fsyncPath(path.dirname(file));
    return checked;
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
}

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** The lines of a backup file (gzip), or of any stream of its bytes. */
function backupLines(source: string | Readable): AsyncIterable<string> {
  const input = typeof source === "string" ? createReadStream(source) : source;
  const gunzip = createGunzip();
  input.on("error", (error: Error) => gunzip.destroy(error));
  return readline.createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
}

function control(line: string): [string, Record<string, unknown>] | null {
  if (!line.startsWith("[")) return null;
  const parsed = JSON.parse(line) as [string, Record<string, unknown>];
  return parsed;
}

/**
 * The tables the site's migrations create, by name. A backup names its tables itself, and a
 * restore runs with whatever rights DATABASE_URL has (a superuser, often): a name outside this
 * list (`pg_authid`, `pg_catalog.x`, a quoted or schema-qualified one) would write to
 * PostgreSQL's own tables, so the whole file is refused before anything is written (ADR 010).
 */
function migrationTables(migrations: MigrationMeta[] = codeMigrations()): Set<string> {
  const sql = migrations.flatMap((migration) => migration.sql).join("\n");
  return new Set(
    [...sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"([a-z_][a-z0-9_]*)"/gi)].map(
      (match) => match[1] ?? "",
    ),
  );
}

/** A sequence of one of those tables (`<table>_<column>_seq`, as PostgreSQL names them). */
function isTableSequence(name: string, tables: Set<string>): boolean {
  if (!/^[a-z_][a-z0-9_]*_seq$/.test(name)) return false;
  for (const table of tables) if (name.startsWith(`${table}_`)) return true;
  return false;
}

function checkTableName(name: unknown, tables: Set<string>): string {
  if (typeof name !== "string" || !tables.has(name))
    throw new BackupError(
      `The backup names a table the site does not have (${JSON.stringify(name)}): ` +
        "a backup restores only the site's own tables, so nothing was restored.",
    );
  return name;
}

/**
 * Reads a whole backup and checks it is complete: a header, every table's rows as counted
 * at the end. Throws BackupError saying what is wrong; resolves with the header and counts.
 */
export async function verifyBackup(
  source: string | Readable,
): Promise<{ header: BackupHeader; summary: BackupSummary }> {
  let header: BackupHeader | undefined;
  let summary: BackupSummary | undefined;
  const counted: Record<string, number> = {};
  let current: string | undefined;
  const tables = migrationTables();
  try {
    for await (const line of backupLines(source)) {
      if (!header) {
        header = readHeader(line);
        continue;
      }
      if (summary) throw new BackupError("The backup has data after its end.");
      const entry = control(line);
      if (!entry) {
        if (!current) throw new BackupError("The backup has a row outside any table.");
        counted[current] = (counted[current] ?? 0) + 1;
      } else if (entry[0] === "table") {
        current = checkTableName(entry[1]?.name, tables);
        counted[current] = 0;
      } else if (entry[0] === "sequence") {
        const name = entry[1]?.name;
        if (typeof name !== "string" || !isTableSequence(name, tables))
          throw new BackupError(
            `The backup names a sequence the site does not have (${JSON.stringify(name)}): ` +
              "a backup restores only the site's own tables, so nothing was restored.",
          );
      } else if (entry[0] === "end") {
        const counts = entry[1]?.tables;
        if (!counts || typeof counts !== "object")
          throw new BackupError("The backup is damaged: its end does not count its tables.");
        for (const name of Object.keys(counts)) checkTableName(name, tables);
        summary = { tables: counts as Record<string, number> };
      } else {
        throw new BackupError(
          `The backup has a line this version does not know (${JSON.stringify(entry[0])}).`,
        );
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `The file is not a readable club site backup (${(error as Error).message}).`,
    );
  }
  if (!header) throw new BackupError("The file is empty: it is not a club site backup.");
  if (!summary)
    throw new BackupError("The backup is incomplete (it stops before its end): it cannot be used.");
  for (const [name, rows] of Object.entries(summary.tables)) {
    if (counted[name] !== rows)
      throw new BackupError(
        `The backup is damaged: table ${name} should hold ${rows} rows, the file has ${counted[name] ?? 0}.`,
      );
  }
  return { header, summary };
}

function readHeader(line: string): BackupHeader {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new BackupError("The file is not a club site backup.");
  }
  if (!Array.isArray(parsed) || parsed[0] !== BACKUP_FORMAT)
    throw new BackupError("The file is not a club site backup.");
  const header = parsed[1] as BackupHeader;
  if (header.version !== BACKUP_VERSION)
    throw new BackupError(
      `The backup has format version ${header.version}; this version of the site reads ${BACKUP_VERSION}.`,
    );
  return header;
}

/** The migrations this code has, oldest first. */
export function codeMigrations(): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder });
}

/** The number of the code's migrations the backup was made at, or a BackupError. */
export function migrationsToRestore(header: BackupHeader, code: MigrationMeta[]): number {
  header.migrations.forEach((made, index) => {
    const known = code[index];
    if (!known)
      throw new BackupError(
        "The backup was made by a newer version of the site than this one: update the site, then restore.",
      );
    if (known.hash !== made.hash)
      throw new BackupError(
        `The backup was made by a different version of the site (database migration ${index + 1} differs): restore it with the version that made it.`,
      );
  });
  return header.migrations.length;
}

/** True when no public table holds a row (or there are no tables yet). */
export async function isDatabaseEmpty(handle: DatabaseHandle): Promise<boolean> {
  const sql = rawClientOf(handle);
  const { rows } = await sql.query(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  for (const { tablename } of rows) {
    const { rows: any } = await sql.query(
      `select exists (select 1 from ${quote(String(tablename))}) as found`,
    );
    if (any[0]?.found) return false;
  }
  return true;
}

async function applyMigrations(sql: RawSql, migrations: MigrationMeta[]): Promise<void> {
  // As drizzle-orm's migrator records them (so a later start sees them as applied), but inside
  // the restore's own transaction.
  await sql.query("create schema if not exists drizzle");
  await sql.query(`create table if not exists drizzle.__drizzle_migrations (
    id serial primary key, hash text not null, created_at bigint)`);
  for (const migration of migrations) {
    for (const statement of migration.sql) if (statement.trim()) await sql.query(statement);
    await sql.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}

/** Drops everything the site keeps in the database (the database is the site's alone). */
async function dropEverything(sql: RawSql): Promise<void> {
  const { rows: tables } = await sql.query(
    "select tablename from pg_tables where schemaname = 'public'",
  );
  for (const { tablename } of tables)
    await sql.query(`drop table if exists ${quote(String(tablename))} cascade`);
  const { rows: sequences } = await sql.query(
    "select sequencename from pg_sequences where schemaname = 'public'",
  );
  for (const { sequencename } of sequences)
    await sql.query(`drop sequence if exists ${quote(String(sequencename))} cascade`);
  const { rows: types } = await sql.query(
    `select t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype = 'e'`,
  );
  for (const { typname } of types)
    await sql.query(`drop type if exists ${quote(String(typname))} cascade`);
  await sql.query("drop function if exists clubsite_notify_change() cascade");
  await sql.query("drop schema if exists drizzle cascade");
}

async function emptyEveryTable(sql: RawSql): Promise<void> {
  const { rows } = await sql.query("select tablename from pg_tables where schemaname = 'public'");
  if (rows.length === 0) return;
  await sql.query(`truncate ${rows.map(({ tablename }) => quote(String(tablename))).join(", ")}`);
}

const BATCH_ROWS = 500;
const BATCH_CHARS = 8 * 1024 * 1024;

/**
 * Replaces the whole database with a backup, in one transaction: all of it or nothing.
 * The caller has checked that no server is using it (scripts/restore.ts). `upgrade: false`
 * leaves it at the version that made the backup, for the next start to upgrade (ADR 026).
 */
export async function restoreDatabase({
  handle,
  file,
  recordAs,
  upgrade = true,
}: {
  handle: DatabaseHandle;
  file: string;
  /** Who restores (ADR 021: "command line"): recorded in Activity, in the same transaction. */
  recordAs?: string;
  upgrade?: boolean;
}): Promise<{ header: BackupHeader; summary: BackupSummary }> {
  const verified = await verifyBackup(file);
  const code = codeMigrations();
  const made = migrationsToRestore(verified.header, code);
  const allowed = migrationTables(code);
  await inTransaction(handle, async (sql) => {
    await sql.query("select pg_advisory_xact_lock(hashtext('clubsite.migrations'))");
    await dropEverything(sql);
    await applyMigrations(sql, code.slice(0, made));
    // Some migrations load starting rows (venues, competitions); the backup holds the rows
    // as they were, those included: start from empty tables.
    await emptyEveryTable(sql);
    // Running servers (a restore into an empty installation) hear of the new content.
    await installChangeNotices(sql);
    let table: string | undefined;
    let columns = "";
    let batch: string[] = [];
    let chars = 0;
    const flush = async () => {
      if (!table || batch.length === 0) return;
      await sql.query(
        `insert into public.${quote(table)} (${columns}) overriding system value
           select ${columns} from jsonb_populate_recordset(null::public.${quote(table)}, $1::jsonb)`,
        [`[${batch.join(",")}]`],
      );
      batch = [];
      chars = 0;
    };
    let first = true;
    for await (const line of backupLines(file)) {
      if (first) {
        first = false;
        continue;
      }
      const entry = control(line);
      if (!entry) {
        batch.push(line);
        chars += line.length;
        if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
        continue;
      }
      await flush();
      if (entry[0] === "table") {
        // Checked again here, not only by verifyBackup: the file could change in between.
        table = checkTableName(entry[1].name, allowed);
        const { rows } = await sql.query(
          `select attname from pg_attribute
            where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
            order by attnum`,
          [`public.${quote(table)}`],
        );
        columns = rows.map((row) => quote(String(row.attname))).join(", ");
      } else if (entry[0] === "sequence") {
        const name = String(entry[1].name);
        if (!isTableSequence(name, allowed))
          throw new BackupError(`The backup names a sequence the site does not have (${name}).`);
        await sql.query("select setval($1::regclass, $2::bigint, $3)", [
          `public.${quote(name)}`,
          entry[1].lastValue,
          entry[1].isCalled,
        ]);
      }
    }
    await flush();
    // A backup from an older version: bring it up to this one, as a start would.
    if (upgrade) await applyMigrations(sql, code.slice(made));
    await installChangeNotices(sql);
    if (recordAs) {
      await sql.query(
        "insert into activity (actor, screen, action, label) values ($1, 'backups', 'restore', $2)",
        [recordAs, path.basename(file)],
      );
    }
  });
  return verified;
}
