import pg from "pg";
import type { DatabaseHandle } from "./database.server.ts";

// Change notices across processes and machines (ADR 010). Every statement that writes a table
// a public page can show (anything but PRIVATE_TABLES) sends a PostgreSQL NOTIFY on
// CHANGE_CHANNEL when its transaction commits, with what changed as JSON
// ({"table":"news","op":"insert"}). Each server process LISTENs and empties its page cache.
// The notices come from the database, not from the route that wrote, so writes made by
// another process, another machine, a script or a restore are heard as well.

const CHANGE_CHANNEL = "clubsite_changes";

/** The application_name of the listening connection: `npm run restore` looks for it. */
export const LISTENER_APPLICATION_NAME = "clubsite-listener";

/**
 * Tables no public page shows: writing them (a sign-in, a contact message, a rate-limit hit)
 * must not empty the caches. Every other table notifies, so a new table is covered by default.
 */
export const PRIVATE_TABLES: readonly string[] = [
  "administrators",
  "sessions",
  "contact_messages",
  "rate_limit_hits",
  "deleted_records",
  "applied_requests",
  "subscribers",
  "mail_queue",
  // ADR 034: a news item's revisions and preview links are never on a public page.
  "news_revisions",
  "news_preview_links",
  // ADR 036: the live scorer's heartbeat changes no page.
  "live_scorers",
];

const FUNCTION_NAME = "clubsite_notify_change";
const TRIGGER_NAME = "clubsite_notify_change";
const FUNCTION_BODY = `
    begin
      perform pg_notify('${CHANGE_CHANNEL}',
        json_build_object('table', tg_table_name, 'op', lower(tg_op))::text);
      return null;
    end `;

export interface Change {
  table: string;
  op: "insert" | "update" | "delete" | "truncate";
}

/** What both PGlite (and its transactions) and a node-postgres client offer. */
export interface RawSql {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Creates (or brings up to date) the notifying function and one statement-level trigger per
 * public table. Idempotent; run at start (under an advisory lock on PostgreSQL) and by restore.
 */
export async function installChangeNotices(sql: RawSql): Promise<void> {
  const { rows } = await sql.query(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  const tables = rows.map((row) => String(row.tablename));
  const wanted = tables.filter((name) => !PRIVATE_TABLES.includes(name));
  // Most starts find everything in place: one look, no DDL (which takes table locks).
  const { rows: current } = await sql.query(
    "select prosrc from pg_proc where proname = $1 and pronamespace = 'public'::regnamespace",
    [FUNCTION_NAME],
  );
  if (
    current.length === 1 &&
    String(current[0]?.prosrc).trim() === FUNCTION_BODY.trim() &&
    (await tablesWithChangeNotices(sql)).join() === wanted.join()
  )
    return;
  // Statement-level: a statement writing a thousand rows sends one notice, and PostgreSQL
  // folds identical notices of one transaction into one.
  await sql.query(`create or replace function ${FUNCTION_NAME}() returns trigger
    language plpgsql as $$${FUNCTION_BODY}$$`);
  for (const tablename of tables) {
    if (PRIVATE_TABLES.includes(tablename)) {
      await sql.query(`drop trigger if exists ${TRIGGER_NAME} on ${quote(tablename)}`);
    } else {
      await sql.query(
        `create or replace trigger ${TRIGGER_NAME}
           after insert or update or delete or truncate on ${quote(tablename)}
           for each statement execute function ${FUNCTION_NAME}()`,
      );
    }
  }
}

/** The public tables that carry the notifying trigger (for tests and diagnostics). */
export async function tablesWithChangeNotices(sql: RawSql): Promise<string[]> {
  const { rows } = await sql.query(
    `select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
       join pg_namespace n on n.oid = c.relnamespace
      where t.tgname = $1 and n.nspname = 'public' order by c.relname`,
    [TRIGGER_NAME],
  );
  return rows.map((row) => String(row.name));
}

/** Installs the change notices on an open database; several servers starting at once take turns. */
export async function installChangeNoticesOn(handle: DatabaseHandle): Promise<void> {
  const client = rawClientOf(handle);
  if (client instanceof pg.Pool) {
    const session = await client.connect();
    try {
      await session.query("select pg_advisory_lock(hashtext('clubsite.migrations'))");
      try {
        await installChangeNotices(session);
      } finally {
        await session.query("select pg_advisory_unlock(hashtext('clubsite.migrations'))");
      }
    } finally {
      session.release();
    }
  } else {
    await installChangeNotices(client);
  }
}

/** The driver's own client behind a handle: PGlite, or node-postgres's pool. */
export function rawClientOf(handle: DatabaseHandle): RawSql & object {
  return (handle.db as unknown as { $client: RawSql & object }).$client;
}

function parseChange(payload: string | undefined): Change | null {
  try {
    const value = JSON.parse(payload ?? "") as Partial<Change>;
    return typeof value.table === "string" && typeof value.op === "string"
      ? { table: value.table, op: value.op }
      : null;
  } catch {
    return null;
  }
}

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  debug(object: object, message: string): void;
}

export interface ListenOptions {
  handle: DatabaseHandle;
  logger: Log;
  /**
   * Called for each notice, with what changed; with null after the connection was lost and
   * is back (notices sent meanwhile are gone, so everything counts as changed).
   */
  onChange: (change: Change | null) => void;
  /** First wait before reconnecting; doubles up to maxRetryMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** How often the listening connection proves it is alive (a dead peer sends no error). */
  pingMs?: number;
}

export interface ChangeListener {
  close(): Promise<void>;
}

/**
 * Listens for change notices until closed. On PostgreSQL: its own connection (not from the
 * pool: LISTEN belongs to a session), reconnected with backoff when lost, logged both ways.
 */
export async function listenForChanges(options: ListenOptions): Promise<ChangeListener> {
  const client = rawClientOf(options.handle);
  const deliver = (payload: string | undefined) => {
    const change = parseChange(payload);
    options.logger.debug({ change }, "change notice: page cache emptied");
    options.onChange(change);
  };
  if (!(client instanceof pg.Pool)) {
    // PGlite: one process, one connection; its notices arrive on the same client.
    const pglite = client as unknown as {
      listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
    };
    const unlisten = await pglite.listen(CHANGE_CHANNEL, deliver);
    return { close: () => unlisten() };
  }
  const listener = new PostgresListener({ ...options, pool: client, deliver });
  await listener.start();
  return listener;
}

class PostgresListener implements ChangeListener {
  readonly #options: ListenOptions & { pool: pg.Pool; deliver: (payload?: string) => void };
  #client: pg.Client | undefined;
  #closed = false;
  #retryMs: number;
  #retryTimer: NodeJS.Timeout | undefined;
  #pingTimer: NodeJS.Timeout | undefined;
  #lostSince: number | undefined;

  constructor(options: ListenOptions & { pool: pg.Pool; deliver: (payload?: string) => void }) {
    this.#options = options;
    this.#retryMs = options.firstRetryMs ?? 500;
  }

  async start(): Promise<void> {
    await this.#connect();
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({
      ...this.#options.pool.options,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.#client === client) this.#client = undefined;
      client.removeAllListeners("notification");
      client.end().catch(() => {});
      this.#lost(error);
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (message) => {
      if (message.channel === CHANGE_CHANNEL) this.#options.deliver(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANGE_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#retryMs = this.#options.firstRetryMs ?? 500;
    if (this.#lostSince !== undefined) {
      this.#options.logger.info(
        { downMs: Date.now() - this.#lostSince },
        "change notices: listening again; page caches emptied (notices may have been missed)",
      );
      this.#lostSince = undefined;
      this.#options.onChange(null);
    }
    this.#schedulePing(client);
  }

  #schedulePing(client: pg.Client): void {
    const every = this.#options.pingMs ?? 30_000;
    clearTimeout(this.#pingTimer);
    this.#pingTimer = setTimeout(async () => {
      if (this.#client !== client) return;
      const timeout = setTimeout(() => client.emit("error", new Error("ping timed out")), 5_000);
      try {
        await client.query("select 1");
        this.#schedulePing(client);
      } catch {
        // the error handler has already taken over
      } finally {
        clearTimeout(timeout);
      }
    }, every);
    this.#pingTimer.unref();
  }

  #lost(error?: Error): void {
    clearTimeout(this.#pingTimer);
    if (this.#closed) return;
    this.#lostSince ??= Date.now();
    const retryInMs = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, this.#options.maxRetryMs ?? 30_000);
    this.#options.logger.warn(
      { err: error?.message, retryInMs },
      "change notices: connection lost, reconnecting; until then page caches rely on PAGE_CACHE_SECONDS",
    );
    this.#retryTimer = setTimeout(() => void this.#connect(), retryInMs);
    this.#retryTimer.unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#pingTimer);
    const client = this.#client;
    this.#client = undefined;
    if (client) {
      client.removeAllListeners("end");
      await client.end().catch(() => {});
    }
  }
}
