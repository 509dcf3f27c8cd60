import { createHash } from "node:crypto";
import { and, count, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { db } from "../../db/database.server.ts";
import { rateLimitHits } from "../../db/schema.ts";

// Sliding-window counters in the database, shared by every server process (login lockout,
// contact form). A bucket names the purpose ("login-email"), a key the subject. Keys are
// stored as one-way hashes: network addresses and e-mails never sit in this table
// (the privacy policy promises visitors' addresses are not stored).

const hashed = (key: string) => createHash("sha256").update(key).digest("hex");

interface Window {
  bucket: string;
  key: string;
  windowMs: number;
}

export async function clearHits({ bucket, key }: { bucket: string; key: string }): Promise<void> {
  await db()
    .delete(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, hashed(key))));
}

export interface LimitedWindow extends Window {
  /** Refused when the key already has this many hits in the window. */
  limit: number;
}

export type Reservation =
  | { allowed: true; ids: string[]; counts: number[] }
  | { allowed: false; counts: number[] };

/**
 * rules §12: counts and records in one step, so parallel requests cannot all read the
 * count before any writes it. Under a transaction-scoped advisory lock (every process on the
 * database takes turns), the hits of each window are counted; when all are under their
 * limits a hit is recorded in each (their ids are returned, to take back with `releaseHits`),
 * otherwise nothing is recorded. `counts` are the hits before this one.
 */
export async function reserveHits(windows: LimitedWindow[]): Promise<Reservation> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('clubsite.rate-limits'))`);
    const now = Date.now();
    const counts: number[] = [];
    for (const { bucket, key, windowMs } of windows) {
      const [row] = await tx
        .select({ value: count() })
        .from(rateLimitHits)
        .where(
          and(
            eq(rateLimitHits.bucket, bucket),
            eq(rateLimitHits.key, hashed(key)),
            gt(rateLimitHits.at, new Date(now - windowMs)),
          ),
        );
      counts.push(row?.value ?? 0);
    }
    if (windows.some((window, index) => (counts[index] ?? 0) >= window.limit)) {
      return { allowed: false, counts };
    }
    const rows = await tx
      .insert(rateLimitHits)
      .values(windows.map(({ bucket, key }) => ({ bucket, key: hashed(key) })))
      .returning({ id: rateLimitHits.id });
    for (const { bucket, windowMs } of windows) {
      await tx
        .delete(rateLimitHits)
        .where(
          and(eq(rateLimitHits.bucket, bucket), lt(rateLimitHits.at, new Date(now - windowMs))),
        );
    }
    return { allowed: true, ids: rows.map((row) => row.id), counts };
  });
}

/** Takes back hits recorded by `reserveHits` (the attempt turned out not to count). */
export async function releaseHits(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db().delete(rateLimitHits).where(inArray(rateLimitHits.id, ids));
}
