import { and, eq, lt } from "drizzle-orm";
import type { Database } from "../../db/database.server.ts";
import { deletedRecords } from "../../db/schema.ts";
import { holdMedia } from "../media/hold.server.ts";
import { mediaHashesIn } from "../media/rules.ts";

// decisions 17: a delete happens at once and can be undone for a while. Each entity's
// domain module keeps a snapshot of the row it deletes (in the same transaction) and,
// on undo, takes the snapshot back and re-inserts the row into its own table.

/** The Undo notice shows for about 10 s; the snapshot is kept longer for slow connections. */
const UNDO_KEEP_MS = 60 * 60 * 1000;

type Executor = Pick<Database, "insert" | "delete" | "select">;

/** JSON turns dates into strings: snapshots keep instants as ISO strings. */
export type Snapshot = Record<string, unknown>;

/** Removes the snapshots whose Undo has run out (those of `entity` only, when given). */
export async function forgetExpiredDeleted(
  tx: Executor,
  { entity, now = new Date() }: { entity?: string; now?: Date } = {},
): Promise<void> {
  const expired = lt(deletedRecords.deletedAt, new Date(now.getTime() - UNDO_KEEP_MS));
  await tx
    .delete(deletedRecords)
    .where(entity === undefined ? expired : and(expired, eq(deletedRecords.entity, entity)));
}

export async function keepDeleted(
  tx: Executor,
  { entity, recordId, data }: { entity: string; recordId: string; data: Snapshot },
): Promise<string> {
  await forgetExpiredDeleted(tx);
  const [row] = await tx
    .insert(deletedRecords)
    .values({ entity, recordId, data: JSON.parse(JSON.stringify(data)) as Snapshot })
    .returning({ token: deletedRecords.token });
  if (!row) throw new Error("could not keep the deleted record");
  return row.token;
}

/** Removes and returns the snapshot for this token and entity, or null when gone or expired. */
export async function takeDeleted(
  tx: Executor,
  { entity, token }: { entity: string; token: string },
): Promise<Snapshot | null> {
  if (!/^[0-9a-f-]{36}$/i.test(token)) return null;
  const [row] = await tx
    .delete(deletedRecords)
    .where(and(eq(deletedRecords.token, token), eq(deletedRecords.entity, entity)))
    .returning();
  if (!row || row.deletedAt.getTime() < Date.now() - UNDO_KEEP_MS) return null;
  // The uploads the record shows are held until it is back (ADR 017): a delete of one of them
  // in the same instant waits, then sees it used. One deleted before the Undo stays deleted.
  await holdMedia(mediaHashesIn(row.data), tx);
  return row.data;
}

/** A snapshot's instant back to a Date (null stays null). */
export function snapshotDate(value: unknown): Date | null {
  return typeof value === "string" || value instanceof Date ? new Date(value) : null;
}
