import { randomBytes, randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { TZDate } from "@date-fns/tz";
import { eq } from "drizzle-orm";
import type { Database } from "../app/db/database.server.ts";
import { isContentEmpty } from "../app/db/open.server.ts";
import {
  clubEvents,
  clubSettings,
  competitions,
  contactMessages,
  fixtures,
  leagueTable,
  news,
  pageTexts,
  playerSeasonStats,
  rounds,
  seasons,
  sponsors,
  teamMembers,
  type VenueAccessGuide,
  venues,
} from "../app/db/schema.ts";
import {
  createAdministrator,
  listAdministrators,
} from "../app/domain/auth/administrators.server.ts";
import { readClubDetails } from "../app/domain/club/club.schema.ts";
import { defaultClubDetails } from "../app/domain/club/rules.ts";
import { roundSlug } from "../app/domain/fixtures/rounds.ts";
import { newsSlugOf } from "../app/domain/news/paths.ts";
import { LEGAL_DEFAULT_UPDATED } from "../app/domain/pages/rules.ts";
import { addDays, clubDay, defaultSeasonFor } from "../app/domain/seasons/rules.ts";
import { demoClub, demoClubDetails, demoPageTexts } from "./demo-club.ts";
import {
  buildContactMessage,
  buildFixture,
  buildNews,
  buildTableRow,
  buildTeamMember,
  type FixtureRow,
} from "./factories.ts";

// The demo content a first start loads into an empty database (rules §3 Demo content).
// Dates are relative to the moment of seeding, so there are always results and upcoming
// fixtures. Built with the same factories as the tests.

const DAY = 24 * 3600 * 1000;

/** A wall-clock time in the club's time zone, `days` from today. */
function clubTime(now: Date, days: number, hour: number, minute = 0): Date {
  const today = new TZDate(now.getTime(), demoClub.timeZone);
  return new TZDate(
    today.getFullYear(),
    today.getMonth(),
    today.getDate() + days,
    hour,
    minute,
    0,
    demoClub.timeZone,
  );
}

const LEAGUE = "AIPF League";
const ROUND_VENUE = "TU Blanch";
const CUP_SHIELD = "AIPF Cup & Shield";
const MEMORIAL = "Shannonside Memorial Cup";
const REMEMBRANCE = "The Remembrance Cup";

export function demoContent(now = new Date()) {
  // decisions 24: the season today falls in is current; the one before it is archived.
  // The demo is seeded with the demo club's details, whose time zone this is (demo-club.ts).
  const currentSeason = defaultSeasonFor(clubDay({ date: now, timeZone: demoClub.timeZone }));
  const lastSeason = defaultSeasonFor(addDays(currentSeason.startsOn, -1));
  const cupNightId = randomUUID();
  const newsItems = [
    buildNews({
      title: "Storm edge Dynamos on penalties to reach the Memorial Cup semi-finals",
      category: "Match report",
      // the match report of the cup night below.
      fixtureId: cupNightId,
      image: "/images/demo/cup-celebration.svg",
      imageAlt: "Supporters raise their arms beneath a golden cup as confetti falls",
      date: new Date(now.getTime() - 2 * DAY),
      content:
        "What a night at the UL Arena. Two goals down at the break, the Storm came roaring back through Ciarán Walsh and a late Niamh Fitzgerald equaliser to force penalties.\n\nKeeper Tomás Byrne saved the fifth Dynamos kick and Aisling Murphy calmly rolled home the winner. Thank you to everyone who came out to support us: the noise made a difference.\n\nThe semi-final draw takes place next week.",
    }),
    buildNews({
      title: "Open training night for new players and volunteers",
      category: "Club news",
      image: "/images/demo/training-session.svg",
      imageAlt:
        "A coach with a clipboard watches a powerchair player dribble through a line of training cones in a sports hall",
      date: new Date(now.getTime() - 9 * DAY),
      content:
        "Curious about powerchair football? Join us on Thursday from 18:30 at the UL Arena. No experience needed: we have a club chair you can try, and our coaches will take you through the basics.\n\nVolunteers are just as welcome. We always need help with kit, transport and match-day stats.",
    }),
    buildNews({
      title: "Our new home kit has landed",
      category: "Club news",
      image: "/images/demo/new-kit.svg",
      imageAlt: "The new navy home shirt with amber trim and a number seven, hanging on a rail",
      date: new Date(now.getTime() - 20 * DAY),
      content:
        "Navy with amber trim, designed by the players themselves. The new kit makes its debut at our next league game, and supporters' shirts are available to order through the club e-mail.",
    }),
    buildNews({
      title: "Riverside Mobility renew their sponsorship for two more seasons",
      category: "Sponsors",
      image: "/images/demo/sponsor-handshake.svg",
      imageAlt: "A club representative and a sponsor shake hands in front of a branded backdrop",
      date: new Date(now.getTime() - 35 * DAY),
      content:
        "We are delighted to confirm that Riverside Mobility will remain our principal sponsor until the end of the 26/27 season. Their support funds chair maintenance, travel to away fixtures and our junior development sessions.",
    }),
    buildNews({
      title: "Four-goal win lifts the Storm into the top three",
      image: "/images/demo/league-action.svg",
      imageAlt: "Two powerchair football players challenge for the ball on an indoor court",
      date: new Date(now.getTime() - 50 * DAY),
      content:
        "A dominant display against Lagan Valley Lions, with two goals from Ciarán Walsh and one each for Niamh Fitzgerald and Eoin Gallagher. The Storm move up to third in the AIPF League.",
    }),
    buildNews({
      title: "Thank you to our match-day volunteers",
      category: "Community",
      image: "/images/demo/volunteers.svg",
      imageAlt:
        "Five club volunteers in navy and amber tops wave hello, one of them in a powerchair",
      date: new Date(now.getTime() - 80 * DAY),
      content:
        "None of our home games would happen without the people who set up the court, run the scoreboard and drive the team bus. This season twelve volunteers gave more than 400 hours between them. Thank you all.",
    }),
    buildNews({
      title: "Season 25/26 fixtures announced",
      date: new Date(now.getTime() - 110 * DAY),
      content:
        "The AIPF has published the league calendar for the new season. You can find every fixture, with dates, venues and cup draws, in our match centre.\n\nKick-off times marked TBC will be confirmed closer to the day.",
    }),
  ];

  const players = [
    ["Aisling Murphy", "7", "Striker", "PF1", "2016", 14, 6, 1, 0],
    ["Ciarán Walsh", "10", "Attacking midfielder", "PF1", "2014", 19, 11, 2, 0],
    ["Niamh Fitzgerald", "9", "Forward", "PF2", "2018", 9, 7, 0, 0],
    ["Tomás Byrne", "1", "Goalkeeper", "PF2", "2015", 0, 1, 1, 0],
    ["Eoin Gallagher", "5", "Defender", "PF1", "2019", 3, 4, 3, 1],
    ["Róisín Daly", "4", "Defender", "PF2", "2020", 1, 2, 0, 0],
    ["Darragh Quinn", "8", "Midfielder", "PF1", "2021", 4, 5, 1, 0],
    ["Saoirse Nolan", "11", "Winger", "PF2", "2022", 2, 3, 0, 0],
    ["Liam Kavanagh", "3", "Defender", "TBD", "TBD", 0, 0, 0, 0],
  ] as const;
  const team = [
    ...players.map(([name, number, position, classification, since, g, a, y, r], index) =>
      buildTeamMember({
        name,
        number,
        position,
        classification,
        playingSince: since,
        goals: g,
        assists: a,
        yellowCards: y,
        redCards: r,
        displayOrder: index + 1,
        bio:
          index === 8
            ? ""
            : `<p>${name.split(" ")[0]} has been part of the Shannonside Storm squad since ${since}, playing as ${position.toLowerCase()}.</p><p>Known for <strong>composure on the ball</strong> and a relentless work rate in training.</p>`,
      }),
    ),
    buildTeamMember({
      name: "Siobhán Keane",
      role: "Head Coach",
      displayOrder: 1,
      bio: "<p>UEFA B licensed coach who founded the club's powerchair programme in 2012.</p>",
    }),
    buildTeamMember({ name: "Martin Hegarty", role: "Assistant Coach", displayOrder: 2 }),
    buildTeamMember({ name: "Gráinne Doyle", role: "Assistant Coach", displayOrder: 3 }),
  ];

  const table = [
    [demoClub.teamName, 7, 2, 2, 24, 12],
    ["Liffey Lightning", 8, 2, 1, 27, 10],
    ["Dublin Dynamos", 7, 1, 3, 22, 14],
    ["Belfast Blaze", 6, 3, 2, 20, 13],
    ["Cork Comets", 5, 3, 3, 18, 16],
    ["Corrib Cruisers", 5, 3, 3, 17, 16],
    ["Lagan Valley Lions", 4, 2, 5, 13, 19],
    ["Galway Gales", 3, 3, 5, 12, 18],
    ["Waterford Wheelers", 2, 2, 7, 10, 22],
    ["Newry Knights", 1, 1, 9, 6, 29],
  ] as const;
  // Last season's final table (archived with it), and this season's: the other teams' rows as
  // entered; the club's row is worked out from its league results (ADR 016).
  const lastSeasonRows = table.map(([teamName, won, drawn, lost, gf, ga]) =>
    buildTableRow({ team: teamName, won, drawn, lost, gf, ga }),
  );
  const tableRows = table.map(([teamName, won, drawn, lost, gf, ga]) =>
    teamName === demoClub.teamName
      ? buildTableRow({ team: teamName })
      : buildTableRow({ team: teamName, won, drawn, lost, gf, ga }),
  );

  const result = (
    days: number,
    opponent: string,
    score: [number, number],
    rest: Partial<FixtureRow> = {},
  ): FixtureRow =>
    buildFixture({
      opponent,
      date: clubTime(now, days, 14),
      homeScore: score[0],
      awayScore: score[1],
      type: LEAGUE,
      ...rest,
    });
  const upcoming = (days: number, opponent: string, rest: Partial<FixtureRow> = {}) =>
    buildFixture({ opponent, date: clubTime(now, days, 14, 30), type: LEAGUE, ...rest });

  // rules §3 Demo content: one round day with three matches (ADR 035), away at TU Blanch.
  const roundId = randomUUID();
  const roundDate = clubTime(now, 20, 11);
  const roundDay = clubDay({ date: roundDate, timeZone: demoClub.timeZone });
  const round = {
    id: roundId,
    name: "Round 3",
    slug: roundSlug({ name: "Round 3", day: roundDay }),
    day: roundDay,
    arrivesAt: clubTime(now, 20, 9, 45),
    notes:
      "Three league matches of two 20-minute halves. The team bus leaves the UL Arena at 07:00. Lunch is in the hall's café between the second and third match; supporters are welcome all day.",
  };
  const roundMatches = (
    [
      [11, "Dublin Dynamos"],
      [13, "Waterford Wheelers"],
      [15, "Newry Knights"],
    ] as const
  ).map(([hour, opponent]) =>
    buildFixture({
      opponent,
      date: clubTime(now, 20, hour),
      type: LEAGUE,
      location: ROUND_VENUE,
      roundId,
      // decisions 36: a round day is at a neutral venue.
      homeAway: "neutral",
    }),
  );

  const fixtureRows: FixtureRow[] = [
    result(-122, "Liffey Lightning", [3, 1], {
      location: "TU Blanch",
      scorers: [
        { name: "Ciarán Walsh", minute: 12 },
        { name: "Aisling Murphy", minute: 31 },
        { name: "Ciarán Walsh", minute: 44 },
      ],
    }),
    result(-106, "Corrib Cruisers", [2, 2], {
      location: "UL Arena",
      scorers: [
        { name: "Niamh Fitzgerald", minute: 8 },
        { name: "Own Goal", minute: 39 },
      ],
    }),
    result(-91, "Belfast Blaze", [1, 3], {
      type: CUP_SHIELD,
      stage: "Group",
      location: "Newforge Sports Complex",
      scorers: [{ name: "Darragh Quinn", minute: 22 }],
    }),
    result(-76, "Lagan Valley Lions", [4, 0], {
      location: "UL Arena",
      scorers: [
        { name: "Ciarán Walsh", minute: 5 },
        { name: "Niamh Fitzgerald", minute: 18 },
        { name: "Ciarán Walsh", minute: 27 },
        { name: "Eoin Gallagher", minute: 40 },
      ],
    }),
    // A cup draw decided on penalties (with a match report).
    result(-3, "Dublin Dynamos", [2, 2], {
      id: cupNightId,
      type: MEMORIAL,
      stage: "Quarter-Final",
      location: "UL Arena",
      pensHome: 4,
      pensAway: 3,
      scorers: [
        { name: "Ciarán Walsh", minute: 29 },
        { name: "Niamh Fitzgerald", minute: 47 },
      ],
    }),
    result(-47, "Newry Knights", [5, 2], {
      type: "Friendly",
      location: "Newry Leisure Centre",
      scorers: [
        { name: "Aisling Murphy", minute: 3 },
        { name: "Saoirse Nolan", minute: 15 },
        { name: "Aisling Murphy", minute: 21 },
        { name: "Darragh Quinn", minute: 33 },
        { name: "Róisín Daly", minute: 46 },
      ],
    }),
    result(-31, "Cork Comets", [1, 1], {
      type: CUP_SHIELD,
      stage: "Quarter-Final",
      location: "Sport Ireland National Indoor Arena",
      pensHome: 2,
      pensAway: 4,
      scorers: [{ name: "Aisling Murphy", minute: 36 }],
    }),
    result(-16, "Galway Gales", [0, 1], { location: "Gormanston Park" }),
    result(-9, "Waterford Wheelers", [3, 3], {
      location: "UL Arena",
      scorers: [
        { name: "Aisling Murphy", minute: 10 },
        { name: "Ciarán Walsh", minute: 24 },
        { name: "Aisling Murphy", minute: 49 },
      ],
    }),
    upcoming(6, "Liffey Lightning", { location: "UL Arena" }),
    upcoming(13, "Belfast Blaze", {
      type: REMEMBRANCE,
      stage: "Group",
      location: "Newforge Sports Complex",
    }),
    buildFixture({
      opponent: "Corrib Cruisers",
      date: clubTime(now, 27, 0),
      timeTbc: true,
      type: LEAGUE,
      location: "Gormanston Park",
    }),
    // A round day (rules §2 Rounds): three league matches at one venue.
    ...roundMatches,
    upcoming(41, "Kilkenny Kestrels", { type: "Friendly", location: "UL Arena" }),
    upcoming(55, "Lagan Valley Lions", {
      type: REMEMBRANCE,
      stage: "Quarter-Final",
      location: "TU Blanch",
    }),
    upcoming(70, "Dublin Dynamos", { location: "Sport Ireland National Indoor Arena" }),
    upcoming(90, "Cork Comets", { location: "UL Arena" }),
  ];

  const messages = [
    buildContactMessage({
      name: "Orla Kennedy",
      email: "orla.kennedy@example.com",
      message:
        "Hi! My son is 11 and uses a powerchair. Could he come along to try a training session? What should we bring?",
      createdAt: new Date(now.getTime() - 1 * DAY),
    }),
    buildContactMessage({
      name: "Brian Lynch",
      email: "brian@lynch-motors.example",
      message:
        "We are a local business interested in sponsoring the team next season. Could someone send us the sponsorship packages?",
      createdAt: new Date(now.getTime() - 6 * DAY),
      readAt: new Date(now.getTime() - 5 * DAY),
    }),
  ];

  // Each player's hand-entered figures of last season, kept with it when it was archived.
  const lastSeasonFigures = players.map(([, , , , , g, a, y, r], index) => ({
    index,
    figures: { appearances: 14, goals: g, assists: a, yellowCards: y, redCards: r },
  }));

  // ADR 031: the home venue's access guide, and the club's own events (a taster session
  // among them), for the venue page, the club calendar and Come and try.
  const accessGuide: VenueAccessGuide = {
    stepFree: "yes",
    stepFreeNotes:
      "Level path from the car park to the main entrance; automatic doors; a lift to the sports hall on the first floor.",
    parkingBays: 6,
    parkingDistanceMetres: 30,
    parkingNotes:
      "The accessible bays are in car park P3, beside the main entrance. Free on match days.",
    accessibleToilet: "yes",
    changingPlaces: "yes",
    toiletNotes: "The Changing Places toilet is on the ground floor, next to reception.",
    doorWidthCm: 90,
    floor: "Sprung wooden sports floor, marked for basketball.",
    spectatorSpaces: 8,
    spectatorNotes: "Wheelchair spaces on the courtside balcony, reached by the lift.",
    charging:
      "Sockets along the wall behind the team benches; ask a volunteer for an extension lead.",
    transport:
      "Bus 304 from Limerick city centre stops at the University's main gate, a low-floor bus with a step-free stop, 400 m from the arena.",
    directions:
      "Follow the signs for UL Sport from the Plassey Park Road entrance; the arena is the large glass building on the left.",
    checkedOn: clubDay({ date: new Date(now.getTime() - 20 * DAY), timeZone: demoClub.timeZone }),
  };
  const clubEventRows = (venueId: string | null) => [
    {
      kind: "taster" as const,
      title: "Taster session: try powerchair football",
      startsAt: clubTime(now, 9, 10),
      endsAt: clubTime(now, 9, 12),
      venueId,
      notes:
        "For new players of every age. Sports chairs to borrow; tell us in the Come and try form.",
    },
    {
      kind: "training" as const,
      title: "Squad training",
      startsAt: clubTime(now, 4, 19),
      endsAt: clubTime(now, 4, 21),
      venueId,
      notes: "",
    },
    {
      kind: "fundraiser" as const,
      title: "Quiz night for the new chairs fund",
      startsAt: clubTime(now, 20, 20),
      endsAt: null,
      venueId: null,
      notes: "At the Locke Bar, George's Quay. Teams of four, €40 a table.",
      bookingUrl: "https://tickets.shannonside-storm.example/quiz",
    },
    {
      kind: "taster" as const,
      title: "Summer taster session",
      startsAt: clubTime(now, 37, 10),
      endsAt: clubTime(now, 37, 12),
      venueId,
      notes: "",
    },
  ];

  return {
    accessGuide,
    clubEventRows,
    round,
    // ADR 034: each item at its readable address.
    news: newsItems.map((item) => ({ ...item, slug: newsSlugOf(item.title) })),
    team,
    table: tableRows,
    fixtures: fixtureRows,
    messages,
    seasons: { current: currentSeason, last: lastSeason },
    lastSeasonRows,
    lastSeasonFigures,
  };
}

export interface SeedSummary {
  news: number;
  team: number;
  table: number;
  fixtures: number;
  messages: number;
}

/** Loads the demo content in one transaction: all of it or none. */
export async function seedDemoContent(db: Database, now = new Date()): Promise<SeedSummary> {
  const content = demoContent(now);
  await db.transaction(async (tx) => {
    await loadDemoClub(tx);
    await tx.insert(news).values(content.news);
    const people = await tx.insert(teamMembers).values(content.team).returning();
    // A season may exist already (a page was visited before seeding): keep it.
    await tx
      .insert(seasons)
      .values({ ...content.seasons.current, isCurrent: true })
      .onConflictDoNothing();
    await tx
      .insert(seasons)
      .values({ ...content.seasons.last, locked: true })
      .onConflictDoNothing();
    const [last] = await tx
      .select({ id: seasons.id })
      .from(seasons)
      .where(eq(seasons.slug, content.seasons.last.slug));
    if (last) {
      await tx
        .insert(leagueTable)
        .values(content.lastSeasonRows.map((row) => ({ ...row, seasonId: last.id })));
      await tx.insert(playerSeasonStats).values(
        content.lastSeasonFigures.flatMap(({ index, figures }) => {
          const person = people[index];
          return person ? [{ personId: person.id, seasonId: last.id, ...figures }] : [];
        }),
      );
    }
    await tx.insert(leagueTable).values(content.table);
    const [roundVenue] = await tx
      .select({ id: venues.id })
      .from(venues)
      .where(eq(venues.name, ROUND_VENUE));
    await tx.insert(rounds).values({ ...content.round, venueId: roundVenue?.id ?? null });
    await tx.insert(fixtures).values(content.fixtures);
    await tx.insert(contactMessages).values(content.messages);
    const [home] = await tx
      .update(venues)
      .set({ accessGuide: content.accessGuide })
      .where(eq(venues.name, "UL Arena"))
      .returning({ id: venues.id });
    await tx.insert(clubEvents).values(content.clubEventRows(home?.id ?? null));
  });
  return {
    news: content.news.length,
    team: content.team.length,
    table: content.table.length,
    fixtures: content.fixtures.length,
    messages: content.messages.length,
  };
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * decisions 35: the demo club's details, sponsors, venues, competitions and page texts come
 * with the demo content, never with a new club's start. Only what the club has not made its
 * own is written: details still at a new club's values, no sponsors yet, texts not yet stored.
 */
async function loadDemoClub(tx: Transaction): Promise<void> {
  const [row] = await tx.select().from(clubSettings).limit(1);
  if (!row) {
    await tx.insert(clubSettings).values({ details: demoClubDetails() });
  } else if (isDeepStrictEqual(readClubDetails(row.details), defaultClubDetails())) {
    await tx
      .update(clubSettings)
      .set({ details: demoClubDetails(), updatedAt: new Date() })
      .where(eq(clubSettings.id, row.id));
  }
  const existingSponsors = await tx.select({ id: sponsors.id }).from(sponsors).limit(1);
  if (existingSponsors.length === 0) {
    await tx.insert(sponsors).values(
      demoClub.officialSponsors.map((sponsor, index) => ({
        name: sponsor.name,
        href: sponsor.href,
        logo: sponsor.logo,
        tier: "Official Sponsor" as const,
        displayOrder: index + 1,
      })),
    );
  }
  await tx
    .insert(venues)
    .values(demoClub.venues.map((venue, index) => ({ ...venue, displayOrder: index + 1 })))
    .onConflictDoNothing({ target: venues.name });
  await tx
    .insert(competitions)
    .values(demoClub.competitions.map((item, index) => ({ ...item, displayOrder: index + 1 })))
    .onConflictDoNothing({ target: competitions.name });
  await tx
    .insert(pageTexts)
    .values(
      Object.entries(demoPageTexts()).map(([key, html]) => ({
        key,
        html,
        // The bundled legal texts keep their date until the club saves its own (rules §2).
        ...(key === "privacy" || key === "terms" ? { updatedAt: LEGAL_DEFAULT_UPDATED } : {}),
      })),
    )
    .onConflictDoNothing({ target: pageTexts.key });
}

/** Seeds only a database without any content; returns what was loaded, or null. */
export async function seedDemoContentIfEmpty(db: Database): Promise<SeedSummary | null> {
  if (!(await isContentEmpty(db))) return null;
  return seedDemoContent(db);
}

/** The demo administrator's e-mail (decisions 35). */
export const DEMO_ADMIN_EMAIL = "demo@clubsite.example";

/**
 * decisions 35: with the demo content, someone new can look around the admin: when the demo
 * is loaded and no administrator exists yet (none from ADMIN_EMAIL), one is made with a new
 * random password, stored hashed like any other and given back once, for the start to print.
 * Never without the demo content (SEED_DEMO=0).
 */
export async function seedDemoAdministrator(): Promise<{ email: string; password: string } | null> {
  if ((await listAdministrators()).length > 0) return null;
  const password = randomBytes(15).toString("base64url");
  await createAdministrator({ email: DEMO_ADMIN_EMAIL, password });
  return { email: DEMO_ADMIN_EMAIL, password };
}
