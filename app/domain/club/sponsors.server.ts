import { and, eq, max } from "drizzle-orm";
import { z } from "zod";
import { db } from "../../db/database.server.ts";
import { sponsors } from "../../db/schema.ts";
import { keepDeleted, snapshotDate, takeDeleted } from "../undo/undo.server.ts";
import { forgetClub, sponsorOf } from "./club.server.ts";
import {
  moveSponsorInTier,
  SPONSOR_TIERS,
  type Sponsor,
  type SponsorInput,
  type SponsorTier,
  sortSponsors,
} from "./sponsors.schema.ts";

// Sponsors in the admin (ADR 013, built on the admin resource module, ADR 005): add, edit,
// Move up / Move down within a tier, delete with Undo (decisions 17). The only code writing
// `sponsors`; every write forgets the cached club (club.server.ts).

const ENTITY = "sponsor";
const isId = (id: string) => z.uuid().safeParse(id).success;

/** Every sponsor by tier and order (the admin's list; the site reads them through getClub). */
export async function listSponsors(): Promise<Sponsor[]> {
  return sortSponsors((await db().select().from(sponsors)).map(sponsorOf));
}

export async function getSponsor({ id }: { id: string }): Promise<Sponsor | null> {
  if (!isId(id)) return null;
  const [row] = await db().select().from(sponsors).where(eq(sponsors.id, id));
  return row ? sponsorOf(row) : null;
}

// A new sponsor, or one moved to another tier, goes last in its tier.
async function nextOrder(tier: SponsorTier): Promise<number> {
  const [row] = await db()
    .select({ last: max(sponsors.displayOrder) })
    .from(sponsors)
    .where(eq(sponsors.tier, tier));
  return (row?.last ?? 0) + 1;
}

const values = (input: SponsorInput) => ({
  name: input.name,
  href: input.href,
  logo: input.logo ?? null,
  tier: input.tier,
  text: input.text ?? null,
});

export async function createSponsor(input: SponsorInput): Promise<Sponsor> {
  const [row] = await db()
    .insert(sponsors)
    .values({ ...values(input), displayOrder: await nextOrder(input.tier) })
    .returning();
  forgetClub();
  if (!row) throw new Error("sponsor not created");
  return sponsorOf(row);
}

/** Null when the sponsor is gone. */
export async function updateSponsor({
  id,
  input,
}: {
  id: string;
  input: SponsorInput;
}): Promise<Sponsor | null> {
  const current = await getSponsor({ id });
  if (!current) return null;
  const displayOrder =
    current.tier === input.tier ? current.displayOrder : await nextOrder(input.tier);
  const [row] = await db()
    .update(sponsors)
    .set({ ...values(input), displayOrder, updatedAt: new Date() })
    .where(eq(sponsors.id, id))
    .returning();
  forgetClub();
  return row ? sponsorOf(row) : null;
}

export async function removeSponsor({
  id,
}: {
  id: string;
}): Promise<{ sponsor: Sponsor; token: string } | null> {
  if (!isId(id)) return null;
  const removed = await db().transaction(async (tx) => {
    const [row] = await tx.delete(sponsors).where(eq(sponsors.id, id)).returning();
    if (!row) return null;
    const token = await keepDeleted(tx, { entity: ENTITY, recordId: row.id, data: row });
    return { sponsor: sponsorOf(row), token };
  });
  forgetClub();
  return removed;
}

/** Puts a deleted sponsor back with the same id, tier and place; null when the undo expired. */
export async function restoreSponsor({ token }: { token: string }): Promise<Sponsor | null> {
  const restored = await db().transaction(async (tx) => {
    const data = await takeDeleted(tx, { entity: ENTITY, token });
    if (!data) return null;
    const text = (value: unknown) => (typeof value === "string" ? value : null);
    const tier = SPONSOR_TIERS.find((name) => name === data.tier) ?? "Supporter";
    const [row] = await tx
      .insert(sponsors)
      .values({
        id: String(data.id),
        name: String(data.name),
        href: String(data.href),
        logo: text(data.logo),
        tier,
        text: text(data.text),
        displayOrder: Number(data.displayOrder) || 0,
        createdAt: snapshotDate(data.createdAt) ?? new Date(),
        updatedAt: snapshotDate(data.updatedAt) ?? new Date(),
      })
      .onConflictDoNothing()
      .returning();
    return row ? sponsorOf(row) : null;
  });
  forgetClub();
  return restored;
}

/** Move up / Move down within the tier; null when the sponsor is gone. */
export async function moveSponsor({
  id,
  direction,
}: {
  id: string;
  direction: "up" | "down";
}): Promise<{
  name: string;
  tier: SponsorTier;
  position: number;
  count: number;
  moved: boolean;
} | null> {
  if (!isId(id)) return null;
  const result = await db().transaction(async (tx) => {
    const [sponsor] = await tx.select().from(sponsors).where(eq(sponsors.id, id)).for("update");
    if (!sponsor) return null;
    const list = await tx
      .select()
      .from(sponsors)
      .where(and(eq(sponsors.tier, sponsor.tier)))
      .for("update");
    const move = moveSponsorInTier({ list, id, direction });
    if (!move) return null;
    for (const entry of list) {
      const order = move.orders.get(entry.id);
      if (order !== undefined && order !== entry.displayOrder) {
        await tx
          .update(sponsors)
          .set({ displayOrder: order, updatedAt: new Date() })
          .where(eq(sponsors.id, entry.id));
      }
    }
    return { name: sponsor.name, tier: sponsor.tier, ...move };
  });
  forgetClub();
  return (
    result && {
      name: result.name,
      tier: result.tier,
      position: result.position,
      count: result.count,
      moved: result.moved,
    }
  );
}
