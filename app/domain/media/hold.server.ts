import { inArray } from "drizzle-orm";
import { type Database, db } from "../../db/database.server.ts";
import { media } from "../../db/schema.ts";

// ADR 017: a delete of an upload and a change that names it never both win. `deleteMedia`
// locks the upload's row before it looks for uses; a change holds the uploads it names, in
// the transaction that writes it, so whichever comes second waits for the other. The admin
// screens' save (`adminAction`) and every Undo (`takeDeleted`) hold them; `mediaHashesIn`
// (rules.ts) finds the uploads a change names.

/**
 * Holds the uploads a change names until the transaction it runs in ends, so that
 * `deleteMedia` waits for the change and then sees the upload used. Returns the hashes no
 * longer stored (deleted after the form was opened). Call it inside the change's transaction
 * (`executor`: that transaction, when `db()` is not already it), before writing.
 */
export async function holdMedia(
  hashes: string[],
  executor: Pick<Database, "select"> = db(),
): Promise<string[]> {
  if (hashes.length === 0) return [];
  const held = await executor
    .select({ hash: media.hash })
    .from(media)
    .where(inArray(media.hash, hashes))
    .for("key share");
  const stored = new Set(held.map((row) => row.hash));
  return hashes.filter((hash) => !stored.has(hash));
}
