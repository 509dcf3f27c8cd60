import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../app/db/database.server.ts";
import { openDatabase } from "../../app/db/open.server.ts";
import { fixtures, leagueTable, news, teamMembers } from "../../app/db/schema.ts";
import { newsPath } from "../../app/domain/news/paths.ts";
import { demoClub } from "../demo-club.ts";
import { seedDemoContent } from "../demo-content.ts";
import {
  buildFixture,
  buildNews,
  buildTableRow,
  buildTeamMember,
  type FixtureRow,
  type NewsRow,
} from "../factories.ts";

// The bench's data (docs/architecture.md, Measuring): the demo content plus a large generated set, written in
// bulk through Drizzle into a data folder no server holds yet (the server locks it).
// The small set is the demo content topped up to 10 news items; the large set adds the
// rest, so /news is measured with 10 and then with 10,000 generated items.

/** Where the bench's data lives: a PGlite data folder no server holds yet, or a PostgreSQL URL. */
export type DataTarget = { dataDir: string } | { databaseUrl: string };

export const LARGE_SET = { news: 10_000, fixtures: 2_000, people: 200, tableRows: 40 } as const;
export const SMALL_NEWS = 10;

const DAY = 24 * 3600 * 1000;
const BATCH = 500;

const images = [
  "/images/demo/cup-celebration.svg",
  "/images/demo/training-session.svg",
  "/images/demo/new-kit.svg",
  null,
];
const categories = ["Match report", "Club news", "Sponsors", null];

/** Generated news item n (0-based): several a day back over the years, a few undated. */
function generatedNews(n: number, now: number): NewsRow {
  return buildNews({
    title: `Benchmark story ${n}: the Storm's season goes on`,
    content: `Paragraph one of story ${n}. ${"Powerchair football news. ".repeat(30)}\n\nParagraph two.`,
    image: images[n % images.length] ?? null,
    category: categories[n % categories.length] ?? null,
    // Older than the demo items (which start two days back), so the demo stays on top.
    date: n % 997 === 0 ? null : new Date(now - 3 * DAY - Math.floor(n / 3) * DAY * 0.4),
  });
}

async function insertInBatches<T>(
  rows: T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let offset = 0; offset < rows.length; offset += BATCH) {
    await insert(rows.slice(offset, offset + BATCH));
  }
}

/** Demo content plus generated news up to SMALL_NEWS items in all; returns how many were generated. */
export async function createSmallSet(target: DataTarget): Promise<number> {
  const handle = await openDatabase(target);
  try {
    const summary = await seedDemoContent(handle.db);
    const now = Date.now();
    const extra = Array.from({ length: Math.max(0, SMALL_NEWS - summary.news) }, (_, n) =>
      generatedNews(n, now),
    );
    if (extra.length) await handle.db.insert(news).values(extra);
    return extra.length;
  } finally {
    await handle.close();
  }
}

/** Adds the rest of the large set to a folder made by createSmallSet. */
export async function growToLargeSet({
  target,
  generatedSoFar,
}: {
  target: DataTarget;
  generatedSoFar: number;
}): Promise<{ ms: number }> {
  const started = performance.now();
  const handle = await openDatabase(target);
  try {
    const { db } = handle;
    const now = Date.now();
    const moreNews = Array.from({ length: LARGE_SET.news - generatedSoFar }, (_, i) =>
      generatedNews(generatedSoFar + i, now),
    );
    await db.transaction(async (tx) => {
      await insertInBatches(moreNews, (batch) => tx.insert(news).values(batch));
      await insertInBatches(generatedFixtures(now), (batch) => tx.insert(fixtures).values(batch));
      await insertInBatches(generatedPeople(), (batch) => tx.insert(teamMembers).values(batch));
      await tx.insert(leagueTable).values(generatedTable());
    });
  } finally {
    await handle.close();
  }
  return { ms: performance.now() - started };
}

const opponents = [
  "Liffey Lightning",
  "Dublin Dynamos",
  "Belfast Blaze",
  "Cork Comets",
  "Corrib Cruisers",
  "Lagan Valley Lions",
  "Galway Gales",
  "Waterford Wheelers",
  "Newry Knights",
];
const venues = ["UL Arena", "TU Blanch", "Newforge Sports Complex", "Gormanston Park"];

/** 2,000 fixtures, one a week: a season's worth (50) upcoming, the rest results over 37 years. */
function generatedFixtures(now: number): FixtureRow[] {
  const upcoming = 50;
  return Array.from({ length: LARGE_SET.fixtures }, (_, n) => {
    const weeks = upcoming - n; // positive: ahead; zero or less: past
    const past = weeks <= 0;
    const home = n % 5;
    const away = (n * 7) % 4;
    return buildFixture({
      opponent: opponents[n % opponents.length] ?? "Liffey Lightning",
      location: venues[n % venues.length] ?? "UL Arena",
      date: new Date(now + weeks * 7 * DAY + 3 * 3600 * 1000),
      timeTbc: !past && n % 11 === 0,
      type: demoClub.competitions[n % 5]?.name ?? "Friendly",
      stage: n % 5 === 1 ? "Group" : null,
      homeScore: past ? home : null,
      awayScore: past ? away : null,
      scorers: past
        ? Array.from({ length: home }, (_, g) => ({
            name: `Generated Player ${(n + g) % LARGE_SET.people}`,
            minute: 5 + g * 9,
          }))
        : [],
    });
  });
}

/** 200 people: players with statistics and a short bio, and a few coaches. */
function generatedPeople() {
  return Array.from({ length: LARGE_SET.people }, (_, n) => {
    const role = n % 25 === 0 ? "Head Coach" : n % 10 === 0 ? "Assistant Coach" : "Player";
    return buildTeamMember({
      name: `Generated Player ${n}`,
      slug: `generated-player-${n}`,
      role,
      number: role === "Player" ? String((n % 99) + 1) : "TBD",
      position: ["Striker", "Defender", "Goalkeeper", "Midfielder"][n % 4] ?? "TBD",
      classification: n % 2 ? "PF1" : "PF2",
      playingSince: String(2000 + (n % 25)),
      goals: n % 13,
      assists: n % 7,
      yellowCards: n % 3,
      bio: `<p>Generated player ${n}, part of the benchmark squad.</p>`,
      displayOrder: 100 + n,
    });
  });
}

/** 40 more league-table rows. */
function generatedTable() {
  return Array.from({ length: LARGE_SET.tableRows }, (_, n) =>
    buildTableRow({
      team: `Generated Team ${n}`,
      won: n % 9,
      drawn: n % 4,
      lost: n % 6,
      gf: 10 + (n % 20),
      ga: 8 + (n % 17),
    }),
  );
}

export interface Samples {
  /** The newest news item: on the home page and the first /news page. */
  news: {
    id: string;
    /** Its public address (ADR 034): /news/{slug}, as pages link it; /news/{id} answers 301. */
    path: string;
    title: string;
    content: string;
    image: string | null;
    imageAlt: string | null;
    category: string | null;
  };
  playerSlug: string;
  newsCount: number;
  /** Up to FILL_PAGES news items' addresses, newest first: enough to fill the page cache. */
  newsPaths: string[];
}

/** More distinct pages than the page cache keeps (500, ADR 007), for the memory report. */
export const FILL_PAGES = 600;

/** The records the bench addresses (a news item, a player), read before the server starts. */
export async function readSamples(target: DataTarget): Promise<Samples> {
  const handle = await openDatabase({ ...target, migrate: false });
  try {
    return await samplesFrom(handle.db);
  } finally {
    await handle.close();
  }
}

async function samplesFrom(db: Database): Promise<Samples> {
  const [newest] = await db.select().from(news).orderBy(sql`${news.date} desc nulls last`).limit(1);
  const [player] = await db
    .select({ slug: teamMembers.slug })
    .from(teamMembers)
    .where(eq(teamMembers.role, "Player"))
    .orderBy(asc(teamMembers.displayOrder))
    .limit(1);
  if (!newest || !player) throw new Error("The bench data has no news item or player.");
  return {
    news: {
      id: newest.id,
      path: newsPath(newest),
      title: newest.title,
      content: newest.content,
      image: newest.image,
      imageAlt: newest.imageAlt,
      category: newest.category,
    },
    playerSlug: player.slug,
    newsCount: await db.$count(news),
    newsPaths: (
      await db
        .select({ id: news.id, slug: news.slug })
        .from(news)
        .orderBy(sql`${news.date} desc nulls last`)
        .limit(FILL_PAGES)
    ).map(newsPath),
  };
}
