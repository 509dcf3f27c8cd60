import type {
  contactMessages,
  fixtures,
  leagueTable,
  news,
  teamMembers,
} from "../app/db/schema.ts";
import { slugify } from "../app/domain/team/rules.ts";

// Row builders shared by the tests and the demo seed (scripts/demo-content.ts, which the
// server runs on an empty database): production code never imports tests/.
// Each returns a complete, valid row to insert; pass only what a test cares about.

export type NewsRow = typeof news.$inferInsert;
export type FixtureRow = typeof fixtures.$inferInsert;
export type TableRow = typeof leagueTable.$inferInsert;
export type TeamMemberRow = typeof teamMembers.$inferInsert;
export type ContactMessageRow = typeof contactMessages.$inferInsert;

let sequence = 0;
const next = () => ++sequence;

export function buildNews(overrides: Partial<NewsRow> = {}): NewsRow {
  const n = next();
  return {
    title: `Club news ${n}`,
    content: `News item ${n}.\nA second line of content.`,
    image: null,
    category: null,
    date: new Date(),
    ...overrides,
  };
}

export function buildFixture(overrides: Partial<FixtureRow> = {}): FixtureRow {
  return {
    opponent: `Opponent ${next()}`,
    location: "UL Arena",
    date: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    timeTbc: false,
    type: "AIPF League",
    stage: null,
    homeScore: null,
    awayScore: null,
    pensHome: null,
    pensAway: null,
    scorers: [],
    ...overrides,
  };
}

/** A table row whose points follow the rule (3 per win, 1 per draw) and played = W + D + L. */
export function buildTableRow(overrides: Partial<TableRow> = {}): TableRow {
  const won = overrides.won ?? 0;
  const drawn = overrides.drawn ?? 0;
  const lost = overrides.lost ?? 0;
  return {
    team: `Team ${next()}`,
    played: won + drawn + lost,
    won,
    drawn,
    lost,
    gf: 0,
    ga: 0,
    points: won * 3 + drawn,
    logo: null,
    ...overrides,
  };
}

export function buildTeamMember(overrides: Partial<TeamMemberRow> = {}): TeamMemberRow {
  const name = overrides.name ?? `Player ${next()}`;
  return {
    name,
    role: "Player",
    slug: slugify(name),
    image: null,
    number: "TBD",
    position: "TBD",
    classification: "TBD",
    playingSince: "TBD",
    bio: "",
    goals: 0,
    assists: 0,
    yellowCards: 0,
    redCards: 0,
    displayOrder: 0,
    ...overrides,
  };
}

export function buildContactMessage(overrides: Partial<ContactMessageRow> = {}): ContactMessageRow {
  const n = next();
  return {
    name: `Visitor ${n}`,
    email: `visitor${n}@example.com`,
    message: "Hello! When is the next open training session?",
    ...overrides,
  };
}
