import { and, eq, inArray, like, ne, or } from "drizzle-orm";
import { type Database, db } from "../../db/database.server.ts";
import { teamMembers, teamSlugHistory } from "../../db/schema.ts";
import { keepDeleted, snapshotDate, takeDeleted } from "../undo/undo.server.ts";
import { sanitizeBio } from "./bio.server.ts";
import { moveInGroup, slugFitsName, slugify, sortTeam, uniqueSlug } from "./rules.ts";
import { type TeamMemberInput, teamMemberSchema } from "./team.schema.ts";

// The team roster (rules §3 team, §7 Team roster, Player page, Admin team; decisions 9–11,
// 17): the only code that touches team_members. Bios are sanitised on every write and on
// every read that ends up as HTML (ADR 003).

export type TeamMember = typeof teamMembers.$inferSelect;

const ENTITY = "team_member";

const summaryColumns = {
  id: teamMembers.id,
  name: teamMembers.name,
  role: teamMembers.role,
  slug: teamMembers.slug,
  image: teamMembers.image,
  number: teamMembers.number,
  position: teamMembers.position,
  displayOrder: teamMembers.displayOrder,
};

/** A person as listed on /team and in Manage Team (no bio: it may hold pictures). */
export type TeamMemberSummary = Pick<TeamMember, keyof typeof summaryColumns>;

/** Everyone, players first, then the head coach and assistants, each by display order and name. */
export async function listTeam(): Promise<TeamMemberSummary[]> {
  return sortTeam(await db().select(summaryColumns).from(teamMembers));
}

/**
 * ADR 016: the players with their hand-entered figures for the current season (the names
 * that scorers on results are matched to), by display order.
 */
export async function listPlayerFigures(): Promise<
  (TeamMemberSummary & Pick<TeamMember, "goals" | "assists" | "yellowCards" | "redCards">)[]
> {
  const rows = await db()
    .select({
      ...summaryColumns,
      goals: teamMembers.goals,
      assists: teamMembers.assists,
      yellowCards: teamMembers.yellowCards,
      redCards: teamMembers.redCards,
    })
    .from(teamMembers)
    .where(eq(teamMembers.role, "Player"));
  return sortTeam(rows);
}

/** ADR 016: the players' ids and names, all that matching a scorer's name to a person reads. */
export async function listPlayerNames(): Promise<Pick<TeamMember, "id" | "name">[]> {
  return db()
    .select({ id: teamMembers.id, name: teamMembers.name })
    .from(teamMembers)
    .where(eq(teamMembers.role, "Player"));
}

/** One person by id with the bio made safe, or null (Manage Team's edit mode). */
export async function getTeamMember({ id }: { id: string }): Promise<TeamMember | null> {
  const [row] = await db().select().from(teamMembers).where(eq(teamMembers.id, id));
  return row ? { ...row, bio: sanitizeBio(row.bio) } : null;
}

/** rules §7 Player page: the player with this slug, bio made safe; coaches have no page. */
export async function getPlayerBySlug({ slug }: { slug: string }): Promise<TeamMember | null> {
  const [row] = await db().select().from(teamMembers).where(eq(teamMembers.slug, slug));
  if (row?.role !== "Player") return null;
  return { ...row, bio: sanitizeBio(row.bio) };
}

/**
 * rules §4 Edit modes (team): creates a person (a new slug from the name) or, with an id,
 * overwrites that person's fields. a rename that no longer fits the slug
 * gives a new slug, and the old one is kept in the slug history (its address answers 301).
 * Returns null when the person to update no longer exists. The input is checked again
 * here, so even a caller that skipped the form cannot store a half-valid row.
 */
export async function saveTeamMember(
  input: TeamMemberInput,
): Promise<{ member: TeamMember; created: boolean } | null> {
  const { id, ...fields } = teamMemberSchema.parse(input);
  const values = { ...fields, bio: sanitizeBio(fields.bio) };
  if (id) {
    for (let attempt = 0; ; attempt++) {
      try {
        const member = await updateTeamMember({ id, values });
        return member ? { member, created: false } : null;
      } catch (error) {
        if (attempt >= 3 || !isUniqueViolation(error)) throw error;
      }
    }
  }
  // Two people with the same name saved at the same moment: the loser of the unique slug
  // race picks the next free slug.
  for (let attempt = 0; ; attempt++) {
    try {
      const slug = await freeSlug(fields.name);
      const [member] = await db()
        .insert(teamMembers)
        .values({ ...values, slug })
        .returning();
      if (!member) throw new Error("the team member was not stored");
      return { member, created: true };
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

async function updateTeamMember({
  id,
  values,
}: {
  id: string;
  values: Omit<typeof teamMembers.$inferInsert, "slug" | "id">;
}): Promise<TeamMember | null> {
  return db().transaction(async (tx) => {
    const [before] = await tx
      .select({ slug: teamMembers.slug })
      .from(teamMembers)
      .where(eq(teamMembers.id, id))
      .for("update");
    if (!before) return null;
    const name = values.name ?? "";
    const slug = slugFitsName({ slug: before.slug, name })
      ? before.slug
      : await freeSlug(name, { exceptId: id, database: tx });
    if (slug !== before.slug) {
      // The old address now leads here; the new one is nobody's old address any more.
      await tx
        .insert(teamSlugHistory)
        .values({ slug: before.slug, memberId: id })
        .onConflictDoUpdate({
          target: teamSlugHistory.slug,
          set: { memberId: id, createdAt: new Date() },
        });
      await tx.delete(teamSlugHistory).where(eq(teamSlugHistory.slug, slug));
    }
    const [member] = await tx
      .update(teamMembers)
      .set({ ...values, slug, updatedAt: new Date() })
      .where(eq(teamMembers.id, id))
      .returning();
    return member ?? null;
  });
}

/** whose address a slug was before a rename (a slug in use wins over this). */
export async function teamMemberByOldSlug({ slug }: { slug: string }): Promise<string | null> {
  const [row] = await db()
    .select({ memberId: teamSlugHistory.memberId })
    .from(teamSlugHistory)
    .where(eq(teamSlugHistory.slug, slug));
  return row?.memberId ?? null;
}

async function freeSlug(
  name: string,
  { exceptId, database = db() }: { exceptId?: string; database?: Database } = {},
): Promise<string> {
  const base = slugify(name) || "member";
  const sameBase = or(eq(teamMembers.slug, base), like(teamMembers.slug, `${base}-%`));
  const rows = await database
    .select({ slug: teamMembers.slug })
    .from(teamMembers)
    .where(exceptId ? and(sameBase, ne(teamMembers.id, exceptId)) : sameBase);
  return uniqueSlug({ name, taken: new Set(rows.map((row) => row.slug)) });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** decisions 17: deletes at once; returns the person and the undo token, or null. */
export async function removeTeamMember({
  id,
}: {
  id: string;
}): Promise<{ member: TeamMember; token: string } | null> {
  return db().transaction(async (tx) => {
    const [member] = await tx.delete(teamMembers).where(eq(teamMembers.id, id)).returning();
    if (!member) return null;
    return {
      member,
      token: await keepDeleted(tx, { entity: ENTITY, recordId: member.id, data: member }),
    };
  });
}

/**
 * decisions 17: puts a deleted person back with the same id, slug and fields; null when
 * the undo expired. Should someone new have taken the slug meanwhile, the next free one
 * is used, so the record is never lost.
 */
export async function restoreTeamMember({ token }: { token: string }): Promise<TeamMember | null> {
  return db().transaction(async (tx) => {
    const data = await takeDeleted(tx, { entity: ENTITY, token });
    if (!data) return null;
    const name = String(data.name);
    let slug = String(data.slug);
    const [taken] = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(eq(teamMembers.slug, slug));
    if (taken) {
      const rows = await tx
        .select({ slug: teamMembers.slug })
        .from(teamMembers)
        .where(like(teamMembers.slug, `${slug}%`));
      slug = uniqueSlug({ name: slug, taken: new Set(rows.map((row) => row.slug)) });
    }
    const [row] = await tx
      .insert(teamMembers)
      .values({
        id: String(data.id),
        name,
        role: teamMemberSchema.shape.role.parse(data.role),
        slug,
        image: typeof data.image === "string" ? data.image : null,
        number: String(data.number),
        position: String(data.position),
        classification: String(data.classification),
        playingSince: String(data.playingSince),
        bio: sanitizeBio(String(data.bio ?? "")),
        goals: Number(data.goals),
        assists: Number(data.assists),
        yellowCards: Number(data.yellowCards),
        redCards: Number(data.redCards),
        displayOrder: Number(data.displayOrder),
        createdAt: snapshotDate(data.createdAt) ?? new Date(),
        updatedAt: snapshotDate(data.updatedAt) ?? new Date(),
      })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  });
}

/** What a person brought over from the old site is stored with (ADR 009). */
export type ImportedTeamMemberValues = Omit<TeamMemberInput, "id" | "displayOrder">;

/** The values checked with the team schema again, the bio sanitised, as on every write. */
function importedRow(values: ImportedTeamMemberValues) {
  const { id: _id, displayOrder: _order, ...fields } = teamMemberSchema.parse(values);
  return { ...fields, bio: sanitizeBio(fields.bio) };
}

/**
 * ADR 009: stores people brought over from the old site, with the ids and slugs given
 * (the caller has checked the slugs are free), last changed `at`.
 */
export async function createImportedTeamMembers({
  rows,
  at,
}: {
  rows: { id: string; slug: string; values: ImportedTeamMemberValues }[];
  at: Date;
}): Promise<void> {
  if (rows.length === 0) return;
  await db()
    .insert(teamMembers)
    .values(
      rows.map(({ id, slug, values }) => ({
        ...importedRow(values),
        id,
        slug,
        createdAt: at,
        updatedAt: at,
      })),
    );
}

/**
 * ADR 009: overwrites a person imported before, last changed `at`, keeping the slug and
 * display order they have here; false when they are gone.
 */
export async function updateImportedTeamMember({
  id,
  values,
  at,
}: {
  id: string;
  values: ImportedTeamMemberValues;
  at: Date;
}): Promise<boolean> {
  const updated = await db()
    .update(teamMembers)
    .set({ ...importedRow(values), updatedAt: at })
    .where(eq(teamMembers.id, id))
    .returning({ id: teamMembers.id });
  return updated.length > 0;
}

/** ADR 009: every slug in use and whose it is. */
export async function listTeamSlugsInUse(): Promise<Map<string, string>> {
  const rows = await db().select({ id: teamMembers.id, slug: teamMembers.slug }).from(teamMembers);
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** ADR 009: when each of these people last changed; an id missing from the answer is gone. */
export async function teamMembersChangedAt({ ids }: { ids: string[] }): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .select({ id: teamMembers.id, updatedAt: teamMembers.updatedAt })
    .from(teamMembers)
    .where(inArray(teamMembers.id, ids));
  return new Map(rows.map((row) => [row.id, row.updatedAt]));
}

/**
 * decisions 10, ADR 005: Move up / Move down in Manage Team. Renumbers the person's role group
 * in one transaction; null when the person is gone. `moved` is false at the top (or bottom).
 */
export async function moveTeamMember({
  id,
  direction,
}: {
  id: string;
  direction: "up" | "down";
}): Promise<{ name: string; position: number; count: number; moved: boolean } | null> {
  return db().transaction(async (tx) => {
    const members = await tx
      .select({
        id: teamMembers.id,
        name: teamMembers.name,
        role: teamMembers.role,
        displayOrder: teamMembers.displayOrder,
      })
      .from(teamMembers)
      .for("update");
    const move = moveInGroup({ members, id, direction });
    const person = members.find((member) => member.id === id);
    if (!move || !person) return null;
    for (const member of members) {
      const order = move.orders.get(member.id);
      if (order !== undefined && order !== member.displayOrder) {
        await tx
          .update(teamMembers)
          .set({ displayOrder: order, updatedAt: new Date() })
          .where(eq(teamMembers.id, member.id));
      }
    }
    return { name: person.name, position: move.position, count: move.count, moved: move.moved };
  });
}

/**
 * ADR 016, at the start of a new season, each person's hand-entered figures
 * (goals, assists, cards) are handed back to be kept under the old season, and start again
 * from zero. The squad itself stays as it is.
 */
export async function archiveManualStats(): Promise<
  {
    personId: string;
    figures: {
      appearances: number;
      goals: number;
      assists: number;
      yellowCards: number;
      redCards: number;
    };
  }[]
> {
  const rows = await db()
    .select({
      id: teamMembers.id,
      goals: teamMembers.goals,
      assists: teamMembers.assists,
      yellowCards: teamMembers.yellowCards,
      redCards: teamMembers.redCards,
    })
    .from(teamMembers)
    .where(eq(teamMembers.role, "Player"));
  await db()
    .update(teamMembers)
    .set({ goals: 0, assists: 0, yellowCards: 0, redCards: 0, updatedAt: new Date() })
    .where(eq(teamMembers.role, "Player"));
  return rows.map(({ id, ...figures }) => ({
    personId: id,
    figures: { appearances: 0, ...figures },
  }));
}
