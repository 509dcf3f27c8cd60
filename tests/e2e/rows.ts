import * as schema from "../../app/db/schema.ts";

// The tables a browser test may prepare and check through the test server's probe, by name.
// Rows travel as JSON: instants as ISO strings (`reviveRow` turns them back into Dates on the
// server) and come back with the schema's property names (camelCase).

export const PROBE_TABLES = {
  news: schema.news,
  fixtures: schema.fixtures,
  leagueTable: schema.leagueTable,
  teamMembers: schema.teamMembers,
  contactMessages: schema.contactMessages,
  administrators: schema.administrators,
  rateLimitHits: schema.rateLimitHits,
  administratorTokens: schema.administratorTokens,
  media: schema.media,
  sponsors: schema.sponsors,
  clubSettings: schema.clubSettings,
  pageTexts: schema.pageTexts,
  venues: schema.venues,
  competitions: schema.competitions,
  seasons: schema.seasons,
  playerSeasonStats: schema.playerSeasonStats,
  activity: schema.activity,
  newsPreviewLinks: schema.newsPreviewLinks,
  clubEvents: schema.clubEvents,
  rounds: schema.rounds,
  matchEvents: schema.matchEvents,
} as const;

export type ProbeTable = keyof typeof PROBE_TABLES;
type AsJson<Row> = {
  [K in keyof Row]: Row[K] extends Date
    ? string
    : Row[K] extends Date | null
      ? string | null
      : Row[K];
};
/** A stored row as the probe answers it: instants as ISO strings. */
export type RowOf<T extends ProbeTable> = AsJson<(typeof PROBE_TABLES)[T]["$inferSelect"]>;
export type NewRowOf<T extends ProbeTable> = (typeof PROBE_TABLES)[T]["$inferInsert"];

/** JSON turned Dates into strings: turn them back for the table's timestamp columns. */
export function reviveRow(table: ProbeTable, row: Record<string, unknown>) {
  const columns = PROBE_TABLES[table] as unknown as Record<string, { dataType?: string }>;
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      typeof value === "string" && columns[key]?.dataType === "date" ? new Date(value) : value,
    ]),
  );
}

/** The conditions of a find or delete: every column given must equal its value. */
export type WhereOf<T extends ProbeTable> = Partial<(typeof PROBE_TABLES)[T]["$inferSelect"]>;
