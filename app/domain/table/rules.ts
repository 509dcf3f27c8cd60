// Pure league-table rules (no I/O): order, goal difference, points, and the team logo
// lookup the match centre uses for every team it shows.

import type { leagueTable } from "../../db/schema.ts";

/** A team's standing: a league-table row's numbers (the row type comes from the schema). */
export type TableStanding = Pick<
  typeof leagueTable.$inferSelect,
  "team" | "played" | "won" | "drawn" | "lost" | "gf" | "ga" | "points"
>;

/** rules §9 Points: 3 per win, 1 per draw. */
export const POINTS_PER_WIN = 3;
export const POINTS_PER_DRAW = 1;

/** rules §2 Tables tab, decisions 4: GD is gf minus ga, computed and never stored. */
export function goalDifference({ gf, ga }: { gf: number; ga: number }): number {
  return gf - ga;
}

/** rules §2 Tables tab: GD shown with its sign, '+5', '0', '-3'. */
export function goalDifferenceText(row: { gf: number; ga: number }): string {
  const gd = goalDifference(row);
  return gd > 0 ? `+${gd}` : String(gd);
}

/** rules §5 League table form, §9 Points: 3 × won + drawn. */
export function pointsFor({ won, drawn }: { won: number; drawn: number }): number {
  return POINTS_PER_WIN * won + POINTS_PER_DRAW * drawn;
}

/** rules §5 League table form: played must equal won + drawn + lost. */
export function isPlayedConsistent(
  row: Pick<TableStanding, "played" | "won" | "drawn" | "lost">,
): boolean {
  return row.played === row.won + row.drawn + row.lost;
}

/**
 * rules §2 Tables tab, Manage League Table: points descending, then goals for descending;
 * rows still level are listed by team name so the order never flickers.
 */
export function sortTable<T extends Pick<TableStanding, "team" | "points" | "gf">>(
  rows: readonly T[],
): T[] {
  return [...rows].sort(
    (a, b) => b.points - a.points || b.gf - a.gf || a.team.localeCompare(b.team, "en-GB"),
  );
}

/** rules §3 Team logos: the name lower-cased, with runs of other characters turned into hyphens. */
export function logoName(team: string): string {
  return team
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const teamKey = (team: string) => team.trim().toLocaleLowerCase("en-GB");

/** The league table's logo URLs by team (case-insensitive), for `teamLogo`. */
export function tableLogoIndex(
  rows: readonly { team: string; logo: string | null }[],
): Record<string, string> {
  const index: Record<string, string> = {};
  for (const row of rows) {
    const logo = row.logo?.trim();
    if (logo) index[teamKey(row.team)] = logo;
  }
  return index;
}

/**
 * decisions 12: a team's logo is the league-table row's logo if set, else the bundled logo
 * named by `logoName`, else none (null). `bundled` maps bundled logo names to their URLs.
 */
export function teamLogo({
  team,
  tableLogos,
  bundled,
}: {
  team: string;
  tableLogos: Readonly<Record<string, string>>;
  bundled: ReadonlyMap<string, string>;
}): string | null {
  return tableLogos[teamKey(team)] ?? bundled.get(logoName(team)) ?? null;
}
