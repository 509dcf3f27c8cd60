import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Database, DatabaseHandle } from "./database.server.ts";
import { durablePgliteOptions, syncDataFolder } from "./durable-fs.server.ts";
import { acquireDataDirLock } from "./lock.server.ts";
import { migrationsFolder } from "./migrations.server.ts";
import type { RawSql } from "./notify.server.ts";
import * as schema from "./schema.ts";
import { upgradeDatabase } from "./upgrade.server.ts";

// Opens the database chosen by the environment (decisions 2): PostgreSQL when a URL is
// given, otherwise the embedded PGlite in the data folder (locked for this process).
// Used by the host, the scripts and the tests; never by the React Router bundle.

export interface OpenOptions {
  /** postgres:// URL; when absent, PGlite in dataDir is used. */
  databaseUrl?: string;
  dataDir?: string;
  /**
   * Apply pending migrations (default true), after refusing a database a newer version has
   * changed and saving one that holds an earlier version's data (ADR 026).
   */
  migrate?: boolean;
  /** Where the backup taken before an upgrade goes (default: `backups` beside the data folder). */
  backupDir?: string;
}

/** The folder of backups by default: `backups` beside the data folder (./data → ./backups). */
function defaultBackupDir(dataDir: string): string {
  return path.join(path.dirname(path.resolve(dataDir)), "backups");
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const backupDir = options.backupDir ?? defaultBackupDir(options.dataDir ?? "data");
  const upgrade = (options.migrate ?? true) ? { backupDir } : undefined;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, upgrade);
  if (!options.dataDir) throw new Error("openDatabase needs a databaseUrl or a dataDir.");
  return openPglite(options.dataDir, upgrade);
}

interface Upgrade {
  backupDir: string;
}

async function openPglite(dataDir: string, upgrade?: Upgrade): Promise<DatabaseHandle> {
  const folder = path.resolve(dataDir);
  const lock = acquireDataDirLock(folder);
  try {
    const pgliteDir = path.join(folder, "pglite");
    fs.mkdirSync(pgliteDir, { recursive: true });
    // ADR 026: commits are on disk before they return.
    const client = await PGlite.create(durablePgliteOptions(pgliteDir));
    try {
      syncDataFolder(pgliteDir);
      const handle = await pgliteHandle(client, folder, false, async () => {
        await client.close();
        lock.release();
      });
      if (upgrade)
        handle.upgrade = await upgradeDatabase({
          handle,
          sql: client,
          backupDir: upgrade.backupDir,
          migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
        });
      return handle;
    } catch (error) {
      await client.close().catch(() => {});
      throw error;
    }
  } catch (error) {
    lock.release();
    throw error;
  }
}

/** Wraps an already created PGlite (tests use in-memory clones of a migrated template). */
export async function pgliteHandle(
  client: PGlite,
  location: string,
  runMigrations: boolean,
  close: () => Promise<void> = () => client.close(),
): Promise<DatabaseHandle> {
  yieldBeforeEachQuery(client);
  const transactions = countTransactions(client);
  const db = drizzlePglite({ client, schema });
  if (runMigrations) await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    location,
    // ADR 025: while a transaction runs (a long import holds the database for seconds), a
    // query waits for it to end; the running transaction shows the database answers.
    ping: async () => {
      if (transactions.running() > 0) return;
      await client.query("select 1");
    },
    close,
  };
}

/** Counts the transactions running on this PGlite (its other queries wait for them). */
function countTransactions(client: PGlite): { running: () => number } {
  let running = 0;
  const transaction = client.transaction.bind(client);
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    running++;
    try {
      return await transaction(...args);
    } finally {
      running--;
    }
  }) as typeof client.transaction;
  return { running: () => running };
}

/**
 * ADR 007: PGlite runs each query synchronously on this thread, and an await on its answer
 * resumes at once, so a page's loaders (ten or more queries) and its render ran as one long
 * task, and every other request, a kept page too, waited behind it. Each query outside a
 * transaction now first lets the event loop serve what has arrived (one setImmediate, a few
 * microseconds when idle): a page rendered again costs the others a few short pauses rather
 * than one long one. Queries inside a transaction go through the transaction's own client
 * and are not delayed (a write holds the database while it runs).
 */
function yieldBeforeEachQuery(client: PGlite): void {
  const query = client.query.bind(client);
  // ADR 030: one query per turn of the event loop. Queries asked together (a loader's
  // Promise.all) would otherwise all be let go in the same turn, and run back to back as one
  // long task; each now waits for the one before it to be answered, then for a turn of its own.
  // PGlite runs one query at a time anyway, so none is answered later for it.
  let previous: Promise<unknown> = Promise.resolve();
  client.query = ((...args: Parameters<typeof query>) => {
    const answered = previous
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => query(...args));
    previous = answered.catch(() => {});
    return answered;
  }) as typeof client.query;
}

async function openPostgres(url: string, upgrade?: Upgrade): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the next query
  // reconnects, and /healthz reports the outage meanwhile.
  pool.on("error", () => {});
  const target = new URL(url);
  const handle: DatabaseHandle = {
    db: drizzlePg({ client: pool, schema }) as unknown as Database,
    kind: "postgres",
    location: `${target.hostname}:${target.port || "5432"}${target.pathname}`,
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
  try {
    if (upgrade) await migratePostgres(pool, handle, upgrade);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return handle;
}

/** Migrates under an advisory lock, so several servers starting at once take turns. */
async function migratePostgres(pool: pg.Pool, handle: DatabaseHandle, upgrade: Upgrade) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('clubsite.migrations'))");
    try {
      handle.upgrade = await upgradeDatabase({
        handle,
        sql: client as RawSql,
        backupDir: upgrade.backupDir,
        migrate: () => migratePg(drizzlePg({ client, schema }), { migrationsFolder }),
      });
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('clubsite.migrations'))");
    }
  } finally {
    client.release();
  }
}

/** True when no content table holds a row: the database a first start seeds. */
export async function isContentEmpty(db: Database): Promise<boolean> {
  const result = await db.execute<{ empty: boolean }>(sql`
    select not exists (select 1 from ${schema.news})
       and not exists (select 1 from ${schema.fixtures})
       and not exists (select 1 from ${schema.leagueTable})
       and not exists (select 1 from ${schema.teamMembers}) as empty`);
  return rowsOf<{ empty: boolean }>(result)[0]?.empty ?? true;
}

/** `db.execute` returns rows directly on PGlite and as `.rows` on node-postgres. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
