import pg from "pg";
import type { DatabaseHandle } from "./database.server.ts";
import { rawClientOf } from "./notify.server.ts";

/**
 * One process at a time across processes and machines for a job named `name` (the scheduled
 * backup, ADR 027; the mail sender, ADR 032): on PostgreSQL the process that gets this session
 * advisory lock runs `body`, holding it on a connection of its own while it works; the others
 * skip. The embedded database has one process: it runs `body`.
 */
export async function withAdvisoryLock<T>(
  handle: DatabaseHandle,
  name: string,
  body: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  const client = rawClientOf(handle);
  if (!(client instanceof pg.Pool)) return { ran: true, value: await body() };
  const session = await client.connect();
  try {
    const { rows } = await session.query("select pg_try_advisory_lock(hashtext($1)) as locked", [
      name,
    ]);
    if (!rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, value: await body() };
    } finally {
      await session.query("select pg_advisory_unlock(hashtext($1))", [name]);
    }
  } finally {
    session.release();
  }
}
