import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  customType,
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

/** ADR 034: the states of a news item; only `published` is ever public. */
export const NEWS_STATUSES = ["draft", "review", "scheduled", "published", "taken-down"] as const;

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
    // "Describe the photo" (decisions 23): the image's text alternative; required with an image.
    imageAlt: text("image_alt"),
    category: text("category"),
    // A match report's fixture. No foreign key: a fixture deleted and put
    // back with Undo keeps its id, so the link comes back with it.
    fixtureId: uuid("fixture_id"),
    // The publish time (rules §3, ADR 034): set when the item is first published (at once or
    // at its scheduled time); nullable because older content may lack it.
    date: timestamp("date", { withTimezone: true }).defaultNow(),
    // ADR 034: draft, review, scheduled, published or taken-down; only published is public.
    // Existing rows were all public: they are published.
    status: text("status", { enum: NEWS_STATUSES }).notNull().default("published"),
    // ADR 034: when a scheduled item goes public (the server publishes it then).
    publishAt: timestamp("publish_at", { withTimezone: true }),
    // ADR 034: the readable address /news/{slug}, made from the title; fixed once published.
    slug: text("slug").unique(),
    // ADR 034: who wrote it (a Contributor edits only their own drafts); no foreign key, the
    // item outlives a volunteer who leaves.
    authorId: uuid("author_id"),
    // ADR 034: the optional author's name shown on the item ("By Aoife Ryan").
    byline: text("byline"),
    // ADR 034: the last change to the text of a published item ("Updated …"); null if none.
    revisedAt: timestamp("revised_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("news_date_idx").on(t.date.desc().nullsLast(), t.id.desc()),
    // The scheduled publisher's question, asked every minute: few rows are ever scheduled.
    index("news_scheduled_idx").on(t.publishAt).where(sql`${t.status} = 'scheduled'`),
  ],
);

/** ADR 034: each save of a news item's text (who, when); the last 50 per item are kept. */
export const newsRevisions = pgTable(
  "news_revisions",
  {
    id: id(),
    newsId: uuid("news_id")
      .notNull()
      .references(() => news.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    byline: text("byline"),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
    // Who saved it: their e-mail kept as text (like Activity), so it outlives them.
    savedBy: text("saved_by").notNull(),
  },
  (t) => [index("news_revisions_news_idx").on(t.newsId, t.savedAt.desc())],
);

/**
 * ADR 034: preview links of an unpublished item: only the SHA-256 of the token in the link
 * (ADR 014), valid 7 days unless withdrawn.
 */
export const newsPreviewLinks = pgTable(
  "news_preview_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    newsId: uuid("news_id")
      .notNull()
      .references(() => news.id, { onDelete: "cascade" }),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [index("news_preview_links_news_idx").on(t.newsId)],
);

export type FixtureStatusName = "scheduled" | "postponed" | "cancelled" | "abandoned" | "played";

export interface Scorer {
  name: string;
  minute: number;
}

/** One of the club's players in a match's details: they played. */
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
    // Scheduled, postponed (new date to be confirmed), cancelled, abandoned,
    // played. Saving a score to a scheduled fixture makes it played (fixture.schema.ts).
    status: text("status").$type<FixtureStatusName>().notNull().default("scheduled"),
    // iCalendar SEQUENCE (RFC 5545 §3.8.7.4): one more on every change, so subscribed
    // calendars replace the event they hold.
    sequence: integer("sequence").notNull().default(0),
    // The kick-off a postponed fixture had before it got its new date (JSON-LD
    // EventRescheduled, previousStartDate); null when never moved.
    rescheduledFrom: timestamp("rescheduled_from", { withTimezone: true }),
    // The optional match details: who played, assists, cards. Null when not recorded, so a
    // season's manual figures stay in charge (ADR 016).
    players: jsonb("players").$type<MatchPlayer[]>(),
    // The round day the match is part of (ADR 035), or null. No foreign key: a round deleted
    // and put back with Undo keeps its id, and its matches come back with it.
    roundId: uuid("round_id"),
    // Home, away or at a neutral venue (decisions 36): only the order the teams are named in;
    // the scores stay the club's (homeScore) and the opponent's (awayScore).
    homeAway: text("home_away").$type<"home" | "away" | "neutral">().notNull().default("home"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("fixtures_date_idx").on(t.date),
    index("fixtures_round_idx").on(t.roundId),
    check("fixtures_home_away", sql`${t.homeAway} in ('home', 'away', 'neutral')`),
    check("fixtures_home_score_range", sql`${t.homeScore} between 0 and 20`),
    check("fixtures_away_score_range", sql`${t.awayScore} between 0 and 20`),
    check("fixtures_pens_home_range", sql`${t.pensHome} between 0 and 10`),
    check("fixtures_pens_away_range", sql`${t.pensAway} between 0 and 10`),
    check("fixtures_scores_together", sql`(${t.homeScore} is null) = (${t.awayScore} is null)`),
    check(
      "fixtures_status",
      sql`${t.status} in ('scheduled', 'postponed', 'cancelled', 'abandoned', 'played')`,
    ),
  ],
);

// The lists the fixture form picks from (rules §9, decisions 15), managed in the admin.
// Fixtures store the NAME (fixtures.location, fixtures.type), so a rename updates every
// fixture using it in the same transaction, and a list entry in use cannot be deleted.
/** A yes or no answer of an access guide; absent means nobody has checked (rules §2 Venue page). */
export type AccessAnswer = "yes" | "no";

/**
 * A venue's access guide (ADR 031): what a visitor in a powerchair needs to know before the
 * journey. Every field is optional: an absent field is unknown, never "no".
 */
export interface VenueAccessGuide {
  stepFree?: AccessAnswer;
  stepFreeNotes?: string;
  parkingBays?: number;
  parkingDistanceMetres?: number;
  parkingNotes?: string;
  accessibleToilet?: AccessAnswer;
  changingPlaces?: AccessAnswer;
  toiletNotes?: string;
  /** The narrowest door on the way to the court, in centimetres. */
  doorWidthCm?: number;
  doorNotes?: string;
  floor?: string;
  spectatorSpaces?: number;
  spectatorNotes?: string;
  charging?: string;
  transport?: string;
  directions?: string;
  /** Photos from the media library, each with its description (decisions 23). */
  photos?: { src: string; alt: string }[];
  /** The day someone last checked the guide on site, YYYY-MM-DD. */
  checkedOn?: string;
}

export const venues = pgTable("venues", {
  id: id(),
  name: text("name").notNull().unique(),
  address: text("address").notNull().default(""),
  mapUrl: text("map_url"),
  // The access guide (ADR 031), one JSON document checked by Zod on every write and read.
  accessGuide: jsonb("access_guide").$type<VenueAccessGuide>().notNull().default({}),
  displayOrder: integer("display_order").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const competitionKinds = ["league", "cup", "friendly", "other"] as const;
export type CompetitionKind = (typeof competitionKinds)[number];

export const competitions = pgTable(
  "competitions",
  {
    id: id(),
    // Without the season ("AIPF League", not "AIPF League 25/26"): seasons are data.
    name: text("name").notNull().unique(),
    kind: text("kind").$type<CompetitionKind>().notNull().default("other"),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("competitions_kind", sql`${t.kind} in ('league', 'cup', 'friendly', 'other')`)],
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

// a person's address follows their name. Each slug a person had before a
// rename, so the old address answers 301 with the new one. No foreign key: a person deleted
// and put back with Undo keeps their id, and their old addresses work again. A slug in use
// by someone (team_members.slug) always wins over this table.
export const teamSlugHistory = pgTable(
  "team_slug_history",
  {
    slug: text("slug").primaryKey(),
    memberId: uuid("member_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("team_slug_history_member_idx").on(t.memberId)],
);

export const administrators = pgTable("administrators", {
  id: id(),
  // Stored lower-cased; unique.
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
  lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
  // Null while an invited administrator has not chosen a password yet (they cannot sign in,
  // and do not count as one who can). Existing rows get the time of the migration.
  passwordSetAt: timestamp("password_set_at", { withTimezone: true }).defaultNow(),
  // rules §6 Roles: one or more of administrator, editor, results-secretary, team-manager.
  // Read on every request with the session, so a change applies to the next one. Existing
  // rows become Administrators.
  roles: text("roles").array().notNull().default(sql`'{administrator}'::text[]`),
});

// One-time links (an invitation, 48 hours; a forgotten password, 1 hour): the database keeps
// only the SHA-256 of the token in the link, and the time it was used, so it works once.
export const administratorTokens = pgTable(
  "administrator_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    administratorId: uuid("administrator_id")
      .notNull()
      .references(() => administrators.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["invite", "reset"] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("administrator_tokens_administrator_idx").on(t.administratorId)],
);

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
    // Which form sent it (ADR 031): the contact form, or a "Come and try" enquiry.
    kind: text("kind").$type<"contact" | "come-and-try">().notNull().default("contact"),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc()),
    check("contact_messages_kind", sql`${t.kind} in ('contact', 'come-and-try')`),
  ],
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

// The club's page texts: sanitised HTML edited in the admin
// (About, the home page's welcome, the legal pages), one row per text, keyed by name. Missing
// rows are the defaults (app/domain/pages/defaults.ts), written the first time Pages opens.
export const pageTexts = pgTable("page_texts", {
  id: id(),
  key: text("key").notNull().unique(),
  html: text("html").notNull(),
  updatedAt: updatedAt(),
  /** When someone last saved it in the admin; null while it is the default text (ADR 039). */
  savedAt: timestamp("saved_at", { withTimezone: true }),
});

// Bytes in the database (decisions 23): PGlite gives a Uint8Array, pg a Buffer; both are written as a Buffer.
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
});

// Uploaded photos and logos (decisions 23, ADR 017). The original file is never kept (a
// phone's photo carries its GPS position): only its upright, metadata-free variants, each in
// the database so every server process serves every upload. `hash` names the upload's files.
export const media = pgTable(
  "media",
  {
    id: id(),
    hash: text("hash").notNull().unique(),
    kind: text("kind").$type<"photo" | "logo">().notNull(),
    /** The format sniffed from the uploaded bytes (jpeg, png, webp, avif, gif, svg). */
    sourceFormat: text("source_format").notNull(),
    /** The file name the administrator chose, for the media library only. */
    fileName: text("file_name").notNull().default(""),
    /** The largest variant's size (at most 1920 px wide, never wider than the upload). */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** PNG for images with transparency, else JPEG: the fallback format after AVIF and WebP. */
    fallback: text("fallback").$type<"jpeg" | "png">().notNull(),
    /** All variants' bytes together: the storage the library reports. */
    storedBytes: integer("stored_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("media_kind", sql`${t.kind} in ('photo', 'logo')`)],
);

export const mediaVariants = pgTable(
  "media_variants",
  {
    mediaId: uuid("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    format: text("format").$type<"avif" | "webp" | "jpeg" | "png">().notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.width, t.format] })],
);

// The club's own details (decisions 15, ADR 013): one row, written by Club details in the admin.
// The details are one JSON document validated by Zod on every write and every read
// (app/domain/club/club.schema.ts); an empty table means the defaults in config/club.ts.
export const clubSettings = pgTable(
  "club_settings",
  {
    id: id(),
    /** Always "club": the unique key that keeps the table to one row. */
    singleton: text("singleton").notNull().default("club").unique(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("club_settings_one_row", sql`${t.singleton} = 'club'`)],
);

export const sponsorTiers = ["Official Sponsor", "Partner", "Supporter"] as const;
export type SponsorTier = (typeof sponsorTiers)[number];

// The club's sponsors (ADR 013): shown by tier, then by display order, in the footer and on
// /sponsors. `logo` is an https address or the name of a bundled logo (assets/partners).
export const sponsors = pgTable(
  "sponsors",
  {
    id: id(),
    name: text("name").notNull(),
    href: text("href").notNull(),
    logo: text("logo"),
    tier: text("tier").$type<SponsorTier>().notNull().default("Official Sponsor"),
    text: text("text"),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("sponsors_order_idx").on(t.tier, t.displayOrder),
    check("sponsors_tier", sql`${t.tier} in ('Official Sponsor', 'Partner', 'Supporter')`),
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

// Activity (ADR 021): one row for every admin write, written in the same transaction as the
// change, so a change and its record stand or fall together. Who is kept as text (their
// e-mail, or "command line") beside their id, so the record outlives the person's removal:
// no foreign key. `fields` holds the names of the fields that changed, never their values.
// Rows older than ACTIVITY_DAYS are removed once a day.
export const activity = pgTable(
  "activity",
  {
    id: id(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    administratorId: uuid("administrator_id"),
    actor: text("actor").notNull(),
    /** The admin screen's key (news, team, …; sign-in for signing in and out). */
    screen: text("screen").notNull(),
    /** create, update, delete, undo, a row's own button (read), import, restore, … */
    action: text("action").notNull(),
    /** The record's id (a uuid, a page text's key), or null for a whole-site change. */
    recordId: text("record_id"),
    /** The record's name when the change was made ("Cup draw"): kept when it is deleted. */
    label: text("label").notNull().default(""),
    fields: jsonb("fields").$type<string[]>().notNull().default([]),
  },
  (t) => [
    index("activity_at_idx").on(t.at.desc(), t.id.desc()),
    index("activity_actor_idx").on(t.actor, t.at.desc()),
    index("activity_record_idx").on(t.screen, t.recordId, t.at.desc()),
  ],
);

export const clubEventKinds = [
  "training",
  "taster",
  "fundraiser",
  "agm",
  "social",
  "other",
] as const;
export type ClubEventKind = (typeof clubEventKinds)[number];

// The club's own events (ADR 031): training, taster sessions, fundraisers, the AGM. Never
// fixtures: they are not in the match centre, the results, the table or the figures. The
// venue is by id without a foreign key, so a venue deleted and put back with Undo keeps them.
export const clubEvents = pgTable(
  "club_events",
  {
    id: id(),
    kind: text("kind").$type<ClubEventKind>().notNull(),
    title: text("title").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    venueId: uuid("venue_id"),
    notes: text("notes").notNull().default(""),
    bookingUrl: text("booking_url"),
    // iCalendar SEQUENCE, as for fixtures: one more on every change.
    sequence: integer("sequence").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("club_events_starts_idx").on(t.startsAt),
    check(
      "club_events_kind",
      sql`${t.kind} in ('training', 'taster', 'fundraiser', 'agm', 'social', 'other')`,
    ),
    check("club_events_ends_after_start", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

// A round day (ADR 035): a day at one venue where the club plays several matches. Each match
// is its own fixture (fixtures.round_id). The venue is by id without a foreign key, as for
// club events; the slug is the public page's address (/fixtures/rounds/{slug}).
export const rounds = pgTable("rounds", {
  id: id(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  /** The club-time calendar day, 'yyyy-MM-dd'. */
  day: date("day", { mode: "string" }).notNull(),
  venueId: uuid("venue_id"),
  /** When the squad is to arrive (an instant, decisions 5); null when not known yet. */
  arrivesAt: timestamp("arrives_at", { withTimezone: true }),
  notes: text("notes").notNull().default(""),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// Supporters who follow the club by e-mail (rules §2 Following by e-mail, ADR 032). An address is `waiting` until
// its confirmation link (one-time, 48 hours, only its SHA-256 kept) is followed; nothing but
// that link is sent before. `manageKey` is the key of the preferences and one-click
// unsubscribe links every e-mail carries (a capability for this address's lists alone).
export const subscribers = pgTable(
  "subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    /** Which lists: news, digest, match-day (rules §2 Following by e-mail). */
    lists: jsonb("lists").$type<string[]>().notNull().default([]),
    status: text("status", { enum: ["waiting", "confirmed", "unsubscribed", "bouncing"] })
      .notNull()
      .default("waiting"),
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    manageKey: text("manage_key").notNull(),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("subscribers_email_idx").on(t.email),
    uniqueIndex("subscribers_manage_key_idx").on(t.manageKey),
    uniqueIndex("subscribers_confirm_token_idx").on(t.confirmTokenHash),
    check(
      "subscribers_status",
      sql`${t.status} in ('waiting', 'confirmed', 'unsubscribed', 'bouncing')`,
    ),
  ],
);

// The outgoing mail (ADR 032): one row per subscriber and item ("news:<id>", "result:<id>",
// "match-day:2026-11-28", "digest:2026-11-23"), so an item is never queued twice for one
// address. A row is due at `nextAttemptAt`; claiming it pushes that forward (a lease), so a
// worker that dies mid-send leaves it to be tried again, never lost.
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: id(),
    subscriberId: uuid("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull(),
    createdAt: createdAt(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [
    uniqueIndex("mail_queue_subscriber_item_idx").on(t.subscriberId, t.itemKey),
    index("mail_queue_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/** ADR 036: what can happen in a live match, as the scorer records it. */
export const matchEventKinds = [
  "kick-off",
  "goal-us",
  "goal-them",
  "card",
  "half-time",
  "second-half",
  "extra-time",
  "penalties",
  "full-time",
  "comment",
  "undo",
] as const;
export type MatchEventKind = (typeof matchEventKinds)[number];

// A live match's events (ADR 036), appended by the scorer on the Live screen and never
// changed: "Undo last event" appends an `undo` naming the event it takes back. `seq` orders
// them as they arrived (the followers' Last-Event-ID); `happenedAt` is when it happened on the
// scorer's phone, corrected by that phone's clock offset measured at the send. The request id
// makes a change sent twice from the outbox count once. No foreign key to fixtures: a fixture
// deleted and put back with Undo keeps its id (as news.fixture_id).
export const matchEvents = pgTable(
  "match_events",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    fixtureId: uuid("fixture_id").notNull(),
    kind: text("kind").$type<MatchEventKind>().notNull(),
    player: text("player"),
    minute: integer("minute"),
    ownGoal: boolean("own_goal").notNull().default(false),
    card: text("card").$type<"yellow" | "red">(),
    pensUs: integer("pens_us"),
    pensThem: integer("pens_them"),
    comment: text("comment"),
    /** For an `undo`: the seq of the event it takes back. */
    undoes: integer("undoes"),
    happenedAt: timestamp("happened_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    requestId: uuid("request_id").notNull(),
    createdBy: uuid("created_by").references(() => administrators.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("match_events_request_id_idx").on(t.requestId),
    index("match_events_fixture_idx").on(t.fixtureId, t.seq),
    check(
      "match_events_kind",
      sql`${t.kind} in (${sql.raw(matchEventKinds.map((kind) => `'${kind}'`).join(", "))})`,
    ),
    check("match_events_minute_range", sql`${t.minute} between 0 and 130`),
    check("match_events_card", sql`${t.card} in ('yellow', 'red')`),
  ],
);

// Who is scoring a live match (ADR 036): one row per match, the holder's heartbeat renewed
// with each event and while the Live screen is open. Another Results secretary may take over;
// a holder silent for LIVE_LOCK_STALE_MS has let go. Private: a heartbeat changes no page.
export const liveScorers = pgTable("live_scorers", {
  fixtureId: uuid("fixture_id").primaryKey(),
  administratorId: uuid("administrator_id")
    .notNull()
    .references(() => administrators.id, { onDelete: "cascade" }),
  holder: text("holder").notNull(),
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
});
