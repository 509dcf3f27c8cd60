import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { processConstant } from "../app/config/process-wide.ts";
import { type Database, type DatabaseHandle, setDatabase } from "../app/db/database.server.ts";
import { openDatabase, pgliteHandle } from "../app/db/open.server.ts";
import { clubSettings } from "../app/db/schema.ts";
import { forgetClub } from "../app/domain/club/club.server.ts";
import { demoClubDetails } from "../scripts/demo-club.ts";

// Real databases for integration tests: a fresh PGlite cloned from a migrated template,
// and, when a server is available, a fresh PostgreSQL database made from a template.

const POSTGRES_TEMPLATE = "clubsite_test_template";

export type DriverName = "pglite" | "postgres";

export function availableDrivers(): DriverName[] {
  return inject("postgresUrl") ? ["pglite", "postgres"] : ["pglite"];
}

/** A new PGlite in memory, cloned from the migrated template (~0.4 CPU-s). */
async function clonePglite(): Promise<PGlite> {
  const tar = fs.readFileSync(inject("pgliteTemplate"));
  return PGlite.create({ loadDataDir: new Blob([tar]) });
}

/**
 * A database of its own: a new PGlite clone, or a new PostgreSQL database. Closing the handle
 * closes it (a test may close it to see the app without a database).
 */
export async function openTestDatabase(driver: DriverName): Promise<DatabaseHandle> {
  if (driver === "pglite") return pgliteHandle(await clonePglite(), "memory", false);
  const baseUrl = inject("postgresUrl");
  const name = `clubsite_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), migrate: false });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

// One PGlite per worker for the suites of describeWithDatabases: a suite leases it and finds
// it as a new clone would be (migrated, holding only the rows the migrations insert), since it
// is reset before every lease. A clone costs ~0.4 CPU-s (loading the 40 MB data folder into
// memory and starting PostgreSQL), a reset a few hundredths. What a reset does not undo (a
// change to the schema, the triggers, the roles or the applied migrations; a transaction left
// open) is noticed, and the instance is replaced by a new clone (ADR 004).

interface SharedPglite {
  client: PGlite;
  leased: boolean;
  /** The schema and catalog state of the template, as `FINGERPRINT` gives it. */
  fingerprint: string;
  /** The rows the migrations put in (the default venues and competitions), as JSON per table. */
  rows: Map<string, string>;
  /** The template's size statistics of its tables and indexes (a truncation changes them), as JSON. */
  sizes: string;
  /** Listeners a lease left behind: removed when it ends. */
  listeners: Set<() => Promise<void>>;
}

const FINGERPRINT = `select md5(string_agg(x, ',' order by x)) as fingerprint from (
  select ('c', oid, relname, relkind, relnamespace, relfilenode = 0, reltuples, relpages, relallvisible)::text as x from pg_class
    where oid >= 16384 and relpersistence <> 't'
  union all select ('a', attrelid, attname, atttypid, attnotnull, atthasdef, attisdropped)::text
    from pg_attribute where attrelid >= 16384
  union all select ('k', oid, conname, conrelid, convalidated)::text from pg_constraint where oid >= 16384
  union all select ('t', oid, tgname, tgenabled)::text from pg_trigger where oid >= 16384
  union all select ('p', oid, proname, md5(prosrc))::text from pg_proc where oid >= 16384
  union all select ('d', oid)::text from pg_attrdef where oid >= 16384
  union all select ('s', starelid, staattnum)::text from pg_statistic where starelid >= 16384
  union all select ('g', setdatabase, setrole, setconfig)::text from pg_db_role_setting
  union all select ('r', oid)::text from pg_authid
  union all select ('b', oid)::text from pg_database
  union all select ('n', oid, nspname)::text from pg_namespace
  union all select ('e', oid)::text from pg_extension
  union all select ('m', id, hash, created_at)::text from drizzle.__drizzle_migrations
) as catalog`;

// One per worker, kept across test files (a process constant: forgetting the process values
// between files leaves it).
const sharedPglite = processConstant(
  "test.shared-pglite",
  () => ({}) as { current?: SharedPglite },
);

async function fingerprintOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(FINGERPRINT);
  return rows[0]?.fingerprint ?? "";
}

async function newSharedPglite(): Promise<SharedPglite> {
  const client = await clonePglite();
  const { rows } = await client.query<{ name: string }>(
    "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'",
  );
  const tables = rows.map((row) => row.name);
  const rowsOf = new Map<string, string>();
  for (const name of await nonEmpty(client, tables)) {
    const { rows: json } = await client.query<{ rows: string }>(
      `select json_agg(t)::text as rows from ${name} as t`,
    );
    rowsOf.set(name, json[0]?.rows ?? "[]");
  }
  const { rows: sizes } = await client.query<{ sizes: string }>(
    "select json_agg(json_build_object('oid', oid, 'relpages', relpages, 'reltuples', reltuples, 'relallvisible', relallvisible))::text as sizes from pg_class where oid >= 16384",
  );
  const shared: SharedPglite = {
    client,
    leased: false,
    fingerprint: await fingerprintOf(client),
    rows: rowsOf,
    sizes: sizes[0]?.sizes ?? "[]",
    listeners: new Set(),
  };
  // Listeners are kept per client, not per lease: the ones a file did not remove would hear
  // the next file's change notices.
  const listen = client.listen.bind(client);
  client.listen = async (...args: Parameters<PGlite["listen"]>) => {
    const unlisten = await listen(...args);
    const remove = async (...rest: Parameters<typeof unlisten>) => {
      shared.listeners.delete(remove);
      await unlisten(...rest);
    };
    shared.listeners.add(remove);
    return remove;
  };
  return shared;
}

async function nonEmpty(client: PGlite, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    tables
      .map((name) => `select '${name}' as name where exists (select 1 from ${name})`)
      .join(" union all "),
  );
  return rows.map((row) => row.name);
}

/** Brings the shared instance back to what a new clone holds; false when it cannot. */
async function reset(shared: SharedPglite): Promise<boolean> {
  if (shared.client.closed) return false;
  try {
    for (const remove of [...shared.listeners]) await remove();
    // Session state: settings, prepared statements, LISTEN, temporary tables, advisory locks.
    // Refused inside a transaction a file left open.
    await shared.client.exec("discard all");
    const { rows: written } = await shared.client.query<{ name: string }>(
      "select oid::regclass::text as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and pg_relation_size(oid) > 0",
    );
    if (written.length > 0)
      await shared.client.exec(
        `truncate ${written.map((row) => row.name).join(", ")} restart identity cascade`,
      );
    // What an ANALYZE left, and the sizes as the template has them (a truncated index counts 0 pages).
    await shared.client.exec("delete from pg_statistic where starelid >= 16384");
    await shared.client.query(
      `update pg_class as c set relpages = s.relpages, reltuples = s.reltuples, relallvisible = s.relallvisible
         from json_to_recordset($1) as s(oid oid, relpages integer, reltuples real, relallvisible integer)
         where c.oid = s.oid
           and (c.relpages, c.reltuples, c.relallvisible) is distinct from (s.relpages, s.reltuples, s.relallvisible)`,
      [shared.sizes],
    );
    for (const [name, json] of shared.rows)
      await shared.client.query(
        `insert into ${name} select * from json_populate_recordset(null::${name}, $1)`,
        [json],
      );
    return (await fingerprintOf(shared.client)) === shared.fingerprint;
  } catch {
    return false;
  }
}

/**
 * The worker's shared PGlite, reset, for one suite; a new clone when it is in use (or could
 * not be reset). Closing the handle ends the lease.
 */
async function leasePglite(): Promise<DatabaseHandle> {
  let shared = sharedPglite.current;
  if (shared?.leased) return openTestDatabase("pglite");
  if (shared && !(await reset(shared))) {
    await shared.client.close().catch(() => {});
    shared = undefined;
  }
  shared ??= await newSharedPglite();
  sharedPglite.current = shared;
  shared.leased = true;
  const leased = shared;
  return pgliteHandle(leased.client, "memory", false, async () => {
    leased.leased = false;
  });
}

/**
 * Runs `body` once per available driver, each in a describe block named after it, with
 * a fresh database that is also the one `db()` returns inside the domain modules.
 */
export function describeWithDatabases(
  title: string,
  body: (context: { db: () => Database; driver: DriverName }) => void,
): void {
  for (const driver of availableDrivers()) {
    describe(`${title} [${driver}]`, () => {
      let handle: DatabaseHandle | undefined;
      beforeAll(async () => {
        handle = driver === "pglite" ? await leasePglite() : await openTestDatabase(driver);
        setDatabase(handle);
      });
      afterAll(async () => {
        setDatabase(undefined);
        await handle?.close();
      });
      body({
        driver,
        db: () => {
          if (!handle) throw new Error("database not open yet");
          return handle.db;
        },
      });
    });
  }
}

/**
 * ADR 037: a database without club details is a new club's (neutral details). The tests
 * written against the demo club store the demo club's details first, as the demo content
 * does; call in a `beforeAll` of a `describeWithDatabases` body.
 */
export async function useDemoClub(db: () => Database): Promise<void> {
  const details = demoClubDetails() as unknown as Record<string, unknown>;
  await db()
    .insert(clubSettings)
    .values({ singleton: "club", details })
    .onConflictDoUpdate({ target: clubSettings.singleton, set: { details } });
  forgetClub();
}
