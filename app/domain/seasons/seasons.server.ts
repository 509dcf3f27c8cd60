import { and, desc, eq } from "drizzle-orm";
import { db, withTransactionScope } from "../../db/database.server.ts";
import { playerSeasonStats, seasons } from "../../db/schema.ts";
import { getClubTimeZone } from "../club/club.server.ts";
import { archiveTableForSeason } from "../table/table.server.ts";
import { archiveManualStats } from "../team/team.server.ts";
import { addDays, clubDay, defaultSeasonFor, type PlayerFigures, seasonSlug } from "./rules.ts";

// Seasons (decisions 24, ADR 016): the only code touching the seasons and player_season_stats
// tables. One season is current; "Start a new season" archives it (locked, read-only in the
// admin until unlocked), keeps its table rows and each person's hand-entered figures under it,
// and starts the next one at zero. Nothing is deleted.

export type Season = typeof seasons.$inferSelect;

/**
 * The current season. A site without one (a new database, one from before seasons) gets the
 * season today falls in (ADR 016: from club.seasonStart), made current.
 */
export async function getCurrentSeason({ now = new Date() }: { now?: Date } = {}): Promise<Season> {
  const [current] = await db().select().from(seasons).where(eq(seasons.isCurrent, true));
  if (current) return current;
  const season = defaultSeasonFor(clubDay({ date: now, timeZone: await getClubTimeZone() }));
  await db()
    .insert(seasons)
    .values({ ...season, isCurrent: true })
    .onConflictDoNothing();
  const [made] = await db().select().from(seasons).where(eq(seasons.isCurrent, true));
  if (made) return made;
  // A season with that label exists but none is current (never left so by this module).
  const [same] = await db()
    .update(seasons)
    .set({ isCurrent: true, updatedAt: new Date() })
    .where(eq(seasons.slug, season.slug))
    .returning();
  if (!same) throw new Error("no current season could be made");
  return same;
}

/** Every season, newest first (the season picker, the sitemap, the admin list). */
export async function listSeasons(): Promise<Season[]> {
  await getCurrentSeason();
  return db().select().from(seasons).orderBy(desc(seasons.startsOn));
}

export async function getSeasonBySlug({ slug }: { slug: string }): Promise<Season | null> {
  const [row] = await db().select().from(seasons).where(eq(seasons.slug, slug));
  return row ?? null;
}

/**
 * The season a public page asks for with ?season=, or the current one when it names none.
 * Null when it names a season that does not exist (the page answers 404).
 */
export async function seasonFromAddress({ slug }: { slug: string | null }): Promise<Season | null> {
  if (slug === null || slug === "") return getCurrentSeason();
  return getSeasonBySlug({ slug });
}

/**
 * why a fixture on these dates cannot be written (one of them falls in an
 * archived season that is locked), or null.
 */
export async function lockedSeasonMessage({
  dates,
}: {
  dates: readonly (Date | null)[];
}): Promise<string | null> {
  const known = dates.filter((date): date is Date => date !== null);
  if (known.length === 0) return null;
  const all = await listSeasons();
  for (const date of known) {
    const day = clubDay({ date, timeZone: await getClubTimeZone() });
    const locked = all.find(
      (season) => season.locked && day >= season.startsOn && day <= season.endsOn,
    );
    if (locked) {
      return `This date is in the ${locked.label} season, which is archived and locked. Unlock it on the Seasons screen to change its results.`;
    }
  }
  return null;
}

export type StartSeasonOutcome =
  | { ok: true; season: Season; archived: Season }
  | { ok: false; field: "startsOn" | "label"; message: string };

const SEASON_MESSAGES = {
  startsTooEarly: (current: Season) =>
    `The new season must start after ${current.label} started (${current.startsOn}).`,
  labelTaken: "A season with this name already exists.",
} as const;

/** Why a new season cannot start like this (the form shows it next to the field), or null. */
export async function checkNewSeason({
  label,
  startsOn,
}: {
  label: string;
  startsOn: string;
}): Promise<{ field: "startsOn" | "label"; message: string } | null> {
  const current = await getCurrentSeason();
  if (startsOn <= current.startsOn) {
    return { field: "startsOn", message: SEASON_MESSAGES.startsTooEarly(current) };
  }
  const [taken] = await db()
    .select({ id: seasons.id })
    .from(seasons)
    .where(eq(seasons.slug, seasonSlug(label)));
  return taken ? { field: "label", message: SEASON_MESSAGES.labelTaken } : null;
}

/**
 * starts a new season. The current one is archived and locked, with its
 * end moved to the day before the new start when they would overlap; each person's
 * hand-entered figures are kept under it and start again from zero; its table rows stay with
 * it and the new season's table starts with the same teams at zero. The squad is untouched.
 */
export async function startNewSeason({
  label,
  startsOn,
  endsOn,
}: {
  label: string;
  startsOn: string;
  endsOn: string;
}): Promise<StartSeasonOutcome> {
  const current = await getCurrentSeason();
  const refusal = await checkNewSeason({ label, startsOn });
  if (refusal) return { ok: false, ...refusal };
  const slug = seasonSlug(label);
  return db().transaction((tx) =>
    withTransactionScope(tx, async () => {
      const [archived] = await tx
        .update(seasons)
        .set({
          isCurrent: false,
          locked: true,
          endsOn: current.endsOn >= startsOn ? addDays(startsOn, -1) : current.endsOn,
          updatedAt: new Date(),
        })
        .where(eq(seasons.id, current.id))
        .returning();
      if (!archived) throw new Error("the current season disappeared");
      const stats = await archiveManualStats();
      if (stats.length > 0) {
        await tx
          .insert(playerSeasonStats)
          .values(
            stats.map(({ personId, figures }) => ({ personId, seasonId: archived.id, ...figures })),
          );
      }
      await archiveTableForSeason({ seasonId: archived.id });
      const [season] = await tx
        .insert(seasons)
        .values({ label: label.trim(), slug, startsOn, endsOn, isCurrent: true })
        .returning();
      if (!season) throw new Error("the new season was not stored");
      return { ok: true as const, season, archived };
    }),
  );
}

/** an archived season is read-only in the admin unless unlocked. */
export async function setSeasonLocked({
  id,
  locked,
}: {
  id: string;
  locked: boolean;
}): Promise<Season | null> {
  const [row] = await db()
    .update(seasons)
    .set({ locked, updatedAt: new Date() })
    .where(and(eq(seasons.id, id), eq(seasons.isCurrent, false)))
    .returning();
  return row ?? null;
}

/** ADR 016: the words of a write refused because its season is locked. */
export const lockedSeasonRefusal = (season: Pick<Season, "label">) =>
  `Locked: ${season.label} is archived and read-only. Unlock it on Seasons to edit.`;

export const SEASON_GONE = "That season no longer exists.";

/**
 * ADR 016: runs `write` on an archived season only while it is unlocked, in one transaction
 * that holds the season's row, so a Lock pressed meanwhile waits for the write (and a write
 * after it is refused). Null is the current season: never locked. A refusal changes nothing.
 */
export async function whileSeasonUnlocked<T>(
  { seasonId }: { seasonId: string | null },
  write: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  if (seasonId === null) return { ok: true, value: await write() };
  return db().transaction((tx) =>
    withTransactionScope(tx, async () => {
      const [season] = await tx.select().from(seasons).where(eq(seasons.id, seasonId)).for("share");
      if (!season) return { ok: false as const, message: SEASON_GONE };
      if (season.locked && !season.isCurrent) {
        return { ok: false as const, message: lockedSeasonRefusal(season) };
      }
      return { ok: true as const, value: await write() };
    }),
  );
}

/**
 * Stores a person's hand-entered figures for an archived season (ADR 016), replacing those
 * kept when it was archived. The caller checks the season is unlocked (whileSeasonUnlocked).
 */
export async function storeArchivedFigures({
  seasonId,
  personId,
  figures,
}: {
  seasonId: string;
  personId: string;
  figures: PlayerFigures;
}): Promise<PlayerFigures> {
  const [row] = await db()
    .insert(playerSeasonStats)
    .values({ personId, seasonId, ...figures })
    .onConflictDoUpdate({
      target: [playerSeasonStats.personId, playerSeasonStats.seasonId],
      set: figures,
    })
    .returning();
  if (!row) throw new Error("the figures were not stored");
  const { personId: _p, seasonId: _s, ...stored } = row;
  return stored;
}

/** The hand-entered figures each person had when this (archived) season ended. */
export async function archivedFigures({
  seasonId,
}: {
  seasonId: string;
}): Promise<Map<string, PlayerFigures>> {
  const rows = await db()
    .select()
    .from(playerSeasonStats)
    .where(eq(playerSeasonStats.seasonId, seasonId));
  return new Map(
    rows.map(({ personId, seasonId: _s, ...figures }) => [personId, figures] as const),
  );
}

/** One person's archived figures in every season they have them, by season id. */
export async function archivedFiguresOf({
  personId,
}: {
  personId: string;
}): Promise<Map<string, PlayerFigures>> {
  const rows = await db()
    .select()
    .from(playerSeasonStats)
    .where(eq(playerSeasonStats.personId, personId));
  return new Map(
    rows.map(({ personId: _p, seasonId, ...figures }) => [seasonId, figures] as const),
  );
}
