import { AsyncLocalStorage } from "node:async_hooks";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema.ts";

// The open database, shared by the host (server/index.ts), scripts and the React Router
// server bundle. The bundle has its own copy of this module, so the handle lives on
// globalThis rather than in a module variable.

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Where the data lives, for logs: the folder, or the server's host/database. */
  location: string;
  /** Runs a trivial query; rejects when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite: the size of its WebAssembly memory, for the memory report (ADR 029). */
  wasmMemoryBytes?: () => number;
  /** What this open's migrations did (ADR 026), when it ran them. */
  upgrade?: { applied: number; backup?: string };
}

const key = Symbol.for("clubsite.database");
type Holder = { [key]?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined): void {
  (globalThis as Holder)[key] = handle;
}

export function getDatabaseHandle(): DatabaseHandle {
  const handle = (globalThis as Holder)[key];
  if (!handle) throw new Error("The database is not open (call openDatabase first).");
  return handle;
}

const scopeKey = Symbol.for("clubsite.database.transaction");
type ScopeHolder = { [scopeKey]?: AsyncLocalStorage<Database> };
const scopeHolder = globalThis as ScopeHolder;
scopeHolder[scopeKey] ??= new AsyncLocalStorage<Database>();
const scope = scopeHolder[scopeKey];

/**
 * Runs `body` with `db()` answering `transaction` instead of the open database, so that
 * everything a route action writes joins one transaction (ADR 006: a replayed admin change
 * is recorded in the same transaction as the change itself).
 */
export function withTransactionScope<T>(transaction: Database, body: () => Promise<T>): Promise<T> {
  return scope.run(transaction, body);
}

/** Whether `db()` answers a transaction here (withTransactionScope). */
export function inTransactionScope(): boolean {
  return scope.getStore() !== undefined;
}

/** The Drizzle database every *.server.ts module queries. */
export function db(): Database {
  return scope.getStore() ?? getDatabaseHandle().db;
}
