import { createHash } from "node:crypto";
import { and, count, eq, gt, lt } from "drizzle-orm";
import { db } from "../../db/database.server.ts";
import { rateLimitHits } from "../../db/schema.ts";

// Sliding-window counters in the database, shared by every server process (login lockout,
// contact form). A bucket names the purpose ("login-email"), a key the subject. Keys are
// stored as one-way hashes: network addresses and e-mails never sit in this table
// (the privacy policy promises visitors' addresses are not stored).

const hashed = (key: string) => createHash("sha256").update(key).digest("hex");

export interface Window {
  bucket: string;
  key: string;
  windowMs: number;
}

/** How many hits the key has within the window. */
export async function recentHits({ bucket, key, windowMs }: Window): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const [row] = await db()
    .select({ value: count() })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, bucket),
        eq(rateLimitHits.key, hashed(key)),
        gt(rateLimitHits.at, since),
      ),
    );
  return row?.value ?? 0;
}

/** Records a hit, and forgets this bucket's hits older than the window. */
export async function recordHit({ bucket, key, windowMs }: Window): Promise<void> {
  await db()
    .insert(rateLimitHits)
    .values({ bucket, key: hashed(key) });
  await db()
    .delete(rateLimitHits)
    .where(
      and(eq(rateLimitHits.bucket, bucket), lt(rateLimitHits.at, new Date(Date.now() - windowMs))),
    );
}

export async function clearHits({ bucket, key }: { bucket: string; key: string }): Promise<void> {
  await db()
    .delete(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, hashed(key))));
}
