import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// One schema for PGlite (PostgreSQL 18) and PostgreSQL 15+: only SQL both accept.
// Derived values (a fixture's score text and result, a table row's GD) are never
// stored (decisions 4). Instants are timestamptz, i.e. UTC (decisions 5).

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const news = pgTable(
  "news",
  {
    id: id(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    image: text("image"),
    category: text("category"),
    // A match report's fixture (issue 17 item 6). No foreign key: a fixture deleted and put
    // back with Undo keeps its id, so the link comes back with it.
    fixtureId: uuid("fixture_id"),
    // Set by the server at creation (rules §3); nullable because older content may lack it.
    date: timestamp("date", { withTimezone: true }).defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("news_date_idx").on(t.date.desc().nullsLast(), t.id.desc())],
);

export interface Scorer {
  name: string;
  minute: number;
}

/** One of the club's players in a match's details (issue 17 item 3): they played. */
export interface MatchPlayer {
  name: string;
  assists: number;
  yellowCards: number;
  redCards: number;
}

export const fixtures = pgTable(
  "fixtures",
  {
    id: id(),
    opponent: text("opponent").notNull(),
    location: text("location").notNull(),
    date: timestamp("date", { withTimezone: true }),
    timeTbc: boolean("time_tbc").notNull().default(false),
    type: text("type").notNull().default("Friendly"),
    stage: text("stage"),
    homeScore: integer("home_score"),
    awayScore: integer("away_score"),
    pensHome: integer("pens_home"),
    pensAway: integer("pens_away"),
    scorers: jsonb("scorers").$type<Scorer[]>().notNull().default([]),
    // The optional match details: who played, assists, cards. Null when not recorded, so a
    // season's manual figures stay in charge (ADR 016).
    players: jsonb("players").$type<MatchPlayer[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("fixtures_date_idx").on(t.date),
    check("fixtures_home_score_range", sql`${t.homeScore} between 0 and 20`),
    check("fixtures_away_score_range", sql`${t.awayScore} between 0 and 20`),
    check("fixtures_pens_home_range", sql`${t.pensHome} between 0 and 10`),
    check("fixtures_pens_away_range", sql`${t.pensAway} between 0 and 10`),
    check("fixtures_scores_together", sql`(${t.homeScore} is null) = (${t.awayScore} is null)`),
  ],
);

export const leagueTable = pgTable(
  "league_table",
  {
    id: id(),
    team: text("team").notNull(),
    played: integer("played").notNull().default(0),
    won: integer("won").notNull().default(0),
    drawn: integer("drawn").notNull().default(0),
    lost: integer("lost").notNull().default(0),
    gf: integer("gf").notNull().default(0),
    ga: integer("ga").notNull().default(0),
    points: integer("points").notNull().default(0),
    logo: text("logo"),
    // The season the row belongs to (decisions 24); null is the current season, so rows
    // written before seasons existed (or by the import) are this season's.
    seasonId: uuid("season_id").references(() => seasons.id),
    // The club's own row is computed from its league results (ADR 016); true when the
    // administrator overrode it with the figures typed here.
    manual: boolean("manual").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("league_table_season_idx").on(t.seasonId),
    check(
      "league_table_non_negative",
      sql`${t.played} >= 0 and ${t.won} >= 0 and ${t.drawn} >= 0 and ${t.lost} >= 0 and ${t.gf} >= 0 and ${t.ga} >= 0 and ${t.points} >= 0`,
    ),
  ],
);

export const teamRoles = ["Player", "Head Coach", "Assistant Coach"] as const;
export type TeamRole = (typeof teamRoles)[number];

export const teamMembers = pgTable(
  "team_members",
  {
    id: id(),
    name: text("name").notNull(),
    role: text("role").$type<TeamRole>().notNull().default("Player"),
    slug: text("slug").notNull().unique(),
    image: text("image"),
    number: text("number").notNull().default("TBD"),
    position: text("position").notNull().default("TBD"),
    classification: text("classification").notNull().default("TBD"),
    playingSince: text("playing_since").notNull().default("TBD"),
    bio: text("bio").notNull().default(""),
    goals: integer("goals").notNull().default(0),
    assists: integer("assists").notNull().default(0),
    yellowCards: integer("yellow_cards").notNull().default(0),
    redCards: integer("red_cards").notNull().default(0),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("team_members_order_idx").on(t.role, t.displayOrder),
    check("team_members_role", sql`${t.role} in ('Player', 'Head Coach', 'Assistant Coach')`),
    check(
      "team_members_stats_non_negative",
      sql`${t.goals} >= 0 and ${t.assists} >= 0 and ${t.yellowCards} >= 0 and ${t.redCards} >= 0`,
    ),
  ],
);

export const administrators = pgTable("administrators", {
  id: id(),
  // Stored lower-cased; unique.
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
  lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
});

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the random token in the cookie: a leaked table cannot be replayed.
    idHash: text("id_hash").primaryKey(),
    administratorId: uuid("administrator_id")
      .notNull()
      .references(() => administrators.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_expires_idx").on(t.expiresAt)],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc())],
);

// Counters for rate limits and lockouts (login attempts, contact form). In the database,
// not in memory, so several server processes share them (docs/architecture.md: scale path).
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limit_hits_lookup_idx").on(t.bucket, t.key, t.at)],
);

// A deleted record kept for a short while so the administrator can undo the delete
// (decisions 17). Each entity's domain module writes and restores its own snapshots.
export const deletedRecords = pgTable(
  "deleted_records",
  {
    token: uuid("token").primaryKey().defaultRandom(),
    entity: text("entity").notNull(),
    recordId: uuid("record_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("deleted_records_deleted_at_idx").on(t.deletedAt)],
);

// The request ids of admin changes already applied (decisions 22, ADR 006): a change sent
// again from the browser's outbox after a lost answer is recognised and not applied twice.
// Written in the same transaction as the change; rows older than a week are pruned.
export const appliedRequests = pgTable(
  "applied_requests",
  {
    administratorId: uuid("administrator_id")
      .notNull()
      .references(() => administrators.id, { onDelete: "cascade" }),
    requestId: uuid("request_id").notNull(),
    // The answer the change got (a redirect or the action's data), given again to a replay.
    outcome: jsonb("outcome").$type<Record<string, unknown>>().notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.administratorId, t.requestId] }),
    index("applied_requests_applied_at_idx").on(t.appliedAt),
  ],
);

// Documents brought over from the old hosted site (ADR 009, decisions 25): each old document
// id and the record it became, so importing the same export again changes nothing, and old
// addresses (/news/{old id}, /team/{old slug}) answer 301 to the new ones. No foreign key:
// one table serves four entities, and a record deleted and then restored with Undo keeps its
// id, so its old address works again.
export const importedRecords = pgTable(
  "imported_records",
  {
    /** The old site's collection: news, fixtures, leagueTable or team. */
    collection: text("collection").notNull(),
    legacyId: text("legacy_id").notNull(),
    recordId: uuid("record_id").notNull(),
    /** The old site's /team/{slug}, when it differs from the slug the record has here. */
    legacySlug: text("legacy_slug"),
    /** SHA-256 of the values the document mapped to: the same values again change nothing. */
    sourceHash: text("source_hash").notNull(),
    /** When the import last wrote the record; a later change was made on this site. */
    writtenAt: timestamp("written_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.collection, t.legacyId] }),
    index("imported_records_legacy_slug_idx").on(t.collection, t.legacySlug),
  ],
);

// Seasons (decisions 24, ADR 016). Fixtures are not linked: a fixture belongs to the season
// whose days (in the club's time zone) hold its date. Exactly one season is current; the
// others are archived, read-only in the admin while locked.
export const seasons = pgTable(
  "seasons",
  {
    id: id(),
    /** '2026/27' */
    label: text("label").notNull().unique(),
    /** '2026-27', the ?season= of the public pages */
    slug: text("slug").notNull().unique(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    isCurrent: boolean("is_current").notNull().default(false),
    locked: boolean("locked").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("seasons_one_current").on(t.isCurrent).where(sql`${t.isCurrent}`),
    check("seasons_dates_in_order", sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

// A person's figures for an archived season, as they stood when the season was archived
// (ADR 016). The current season's hand-entered figures live on team_members; goals and
// anything recorded per match come from the results. No foreign key to team_members: a
// person deleted and put back with Undo keeps their id and their history.
export const playerSeasonStats = pgTable(
  "player_season_stats",
  {
    personId: uuid("person_id").notNull(),
    seasonId: uuid("season_id")
      .notNull()
      .references(() => seasons.id, { onDelete: "cascade" }),
    appearances: integer("appearances").notNull().default(0),
    goals: integer("goals").notNull().default(0),
    assists: integer("assists").notNull().default(0),
    yellowCards: integer("yellow_cards").notNull().default(0),
    redCards: integer("red_cards").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.seasonId] }),
    index("player_season_stats_season_idx").on(t.seasonId),
    check(
      "player_season_stats_non_negative",
      sql`${t.appearances} >= 0 and ${t.goals} >= 0 and ${t.assists} >= 0 and ${t.yellowCards} >= 0 and ${t.redCards} >= 0`,
    ),
  ],
);
