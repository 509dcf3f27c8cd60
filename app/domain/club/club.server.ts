import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { processValue } from "../../config/process-wide.ts";
import { type Database, db } from "../../db/database.server.ts";
import {
  clubEvents,
  clubSettings,
  competitions,
  fixtures,
  sponsors,
  venues,
} from "../../db/schema.ts";
import { logger } from "../../logger.server.ts";
import { type ClubDetails, defaultClubDetails, readClubDetails } from "./club.schema.ts";
import { defaultSponsors, type Sponsor, sortSponsors } from "./sponsors.schema.ts";

// The club's details and sponsors as the site shows them (decisions 15, ADR 013): ONE cached
// accessor, `getClub`, read by every public page, feed, the manifest and e-mails. The only
// code touching `club_settings`; sponsors.server.ts writes `sponsors`.
//
// The cache lives in this process and is forgotten: by every write here and in
// sponsors.server.ts, by every change notice (server/index.ts: another process, a script, a
// restore), after every admin write (server/app.ts, once its transaction has committed), and
// after CLUB_CACHE_MS at the latest (a lost notice connection).

export interface ClubSite {
  details: ClubDetails;
  /** By tier, then display order. */
  sponsors: Sponsor[];
}

const CLUB_CACHE_MS = 30_000;

interface Cache {
  value?: Promise<ClubSite>;
  /** The last values read, for callers that cannot wait (the host's page cache). */
  last?: ClubSite;
  loadedAt: number;
  generation: number;
}
// A process value (config/process-wide.ts): the host (server/) and the built app each load
// their own copy of this module.
const clubCache = () => processValue<Cache>("club", () => ({ loadedAt: 0, generation: 0 }));

/** Forgets the cached details: the next `getClub` reads them again. */
export function forgetClub(): void {
  const cache = clubCache();
  cache.generation++;
  cache.value = undefined;
}

/** The club's details and sponsors, from this process's cache or the database. */
export function getClub(): Promise<ClubSite> {
  const cache = clubCache();
  if (cache.value && Date.now() - cache.loadedAt < CLUB_CACHE_MS) return cache.value;
  const generation = cache.generation;
  const loading = loadClub().then(
    (value) => {
      cache.last = value;
      return value;
    },
    (error: unknown) => {
      // A failed read is not kept: the next request tries again.
      if (cache.value === loading) cache.value = undefined;
      throw error;
    },
  );
  // A change made while this read was under way forgets it again (it may hold the old values).
  cache.value = loading;
  cache.loadedAt = Date.now();
  void loading.then(
    () => {
      if (cache.generation !== generation && cache.value === loading) cache.value = undefined;
    },
    () => {},
  );
  return loading;
}

/** decisions 5: the club's time zone (Club details), for dates worked out on the server. */
export async function getClubTimeZone(): Promise<string> {
  return (await getClub()).details.timeZone;
}

/** The values last read (the defaults before the first read): for code that cannot wait. */
export function lastKnownClub(): ClubSite {
  return clubCache().last ?? { details: defaultClubDetails(), sponsors: [] };
}

async function loadClub(): Promise<ClubSite> {
  const [row] = await db().select().from(clubSettings).limit(1);
  const list = await db().select().from(sponsors).orderBy(asc(sponsors.displayOrder));
  return { details: detailsOf(row?.details), sponsors: sortSponsors(list.map(sponsorOf)) };
}

function detailsOf(stored: unknown): ClubDetails {
  if (stored === undefined) return defaultClubDetails();
  const details = readClubDetails(stored);
  if (details) return details;
  // Written by hand or by an older version and no longer valid: the site still works.
  logger().error("club_settings: the stored details are not valid; showing the defaults");
  return defaultClubDetails();
}

export function sponsorOf(row: typeof sponsors.$inferSelect): Sponsor {
  return {
    id: row.id,
    name: row.name,
    href: row.href,
    logo: row.logo,
    tier: row.tier,
    text: row.text,
    displayOrder: row.displayOrder,
  };
}

/** The details as Club details edits them: the row's id (the form's record) and the values. */
export async function getClubSettings(): Promise<{ id: string; details: ClubDetails }> {
  const [row] = await db().select().from(clubSettings).limit(1);
  if (row) return { id: row.id, details: detailsOf(row.details) };
  // Never saved: the defaults, stored now so the form has a record to update.
  await db().insert(clubSettings).values({ details: defaultClubDetails() }).onConflictDoNothing();
  const [created] = await db().select().from(clubSettings).limit(1);
  if (!created) throw new Error("club_settings: could not store the defaults");
  return { id: created.id, details: detailsOf(created.details) };
}

/** Saves the details (checked again here: a write is never unchecked); null when `id` is not the row. */
export async function saveClubDetails({
  id,
  details,
}: {
  id: string;
  details: ClubDetails;
}): Promise<{ id: string } | null> {
  const checked = readClubDetails(details);
  if (!checked) throw new Error("club details: not valid");
  const [row] = await db()
    .update(clubSettings)
    .set({ details: checked, updatedAt: new Date() })
    .where(eq(clubSettings.id, id))
    .returning({ id: clubSettings.id });
  forgetClub();
  return row ?? null;
}

/**
 * The demo club's venues and competitions that migration 0009 loads into every database
 * (scripts/demo-club.ts has the same names; a test keeps them equal).
 */
export const MIGRATED_DEMO_LISTS = {
  venues: [
    "TU Blanch",
    "Sport Ireland National Indoor Arena",
    "UL Arena",
    "Gormanston Park",
    "Newforge Sports Complex",
    "Newry Leisure Centre",
  ],
  competitions: [
    "AIPF League",
    "AIPF Cup & Shield",
    "Shannonside Memorial Cup",
    "The Remembrance Cup",
  ],
} as const;

/**
 * decisions 15, 35: an empty database starts with config/club.ts: its details and its
 * sponsors (a new club's neutral values). Run at every start; does nothing once the club has
 * details (even after every sponsor was deleted). On that first start, unless the demo
 * content is to be loaded (`demo`), the demo club's venues and competitions that the
 * migrations brought are removed again while nothing uses them, so a new club starts with
 * none of them; a database in use is never touched (it has details). True when it loaded them.
 */
export async function loadClubDefaultsIfEmpty(
  database: Database,
  { demo }: { demo: boolean } = { demo: true },
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const inserted = await tx
      .insert(clubSettings)
      .values({ details: defaultClubDetails() })
      .onConflictDoNothing()
      .returning({ id: clubSettings.id });
    if (inserted.length === 0) return false;
    const existing = await tx.select({ id: sponsors.id }).from(sponsors).limit(1);
    const starting = defaultSponsors();
    if (existing.length === 0 && starting.length > 0) await tx.insert(sponsors).values(starting);
    if (!demo) {
      await tx
        .delete(venues)
        .where(
          and(
            inArray(venues.name, [...MIGRATED_DEMO_LISTS.venues]),
            sql`not exists (select 1 from ${fixtures} where ${fixtures.location} = ${venues.name})`,
            sql`not exists (select 1 from ${clubEvents} where ${clubEvents.venueId} = ${venues.id})`,
          ),
        );
      await tx
        .delete(competitions)
        .where(
          and(
            inArray(competitions.name, [...MIGRATED_DEMO_LISTS.competitions]),
            sql`not exists (select 1 from ${fixtures} where ${fixtures.type} = ${competitions.name})`,
          ),
        );
    }
    forgetClub();
    return true;
  });
}
