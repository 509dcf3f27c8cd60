import { db } from "../../db/database.server.ts";
import { getClub, getClubTimeZone } from "../club/club.server.ts";
import { listLeagueCompetitionNames } from "../fixtures/competitions.server.ts";
import { listResultsBetween } from "../fixtures/fixtures.server.ts";
import { sortTable } from "../table/rules.ts";
import { listTable, type TableRow } from "../table/table.server.ts";
import { listPlayerFigures, listPlayerNames, type TeamMember } from "../team/team.server.ts";
import {
  CLUB_ROW_ID,
  clubRowFromResults,
  figuresFromResults,
  NO_FIGURES,
  nameKey,
  type PlayerFigures,
  type RecordedFigures,
  recordedFigures,
  seasonFigures,
  seasonInstants,
  type UnmatchedScorer,
} from "./rules.ts";
import { archivedFigures, archivedFiguresOf, type Season } from "./seasons.server.ts";

// What a season's results say (decisions 24, ADR 016): each player's figures, the scorers that
// match no one, and the club's own league-table row. Computed on each read from the results,
// never stored (decisions 4), so a result entered once changes all of them.

/** A season's results (by date, club time): its fixtures with a score. */
export async function seasonResults({ season }: { season: Season }) {
  return listResultsBetween(seasonInstants({ ...season, timeZone: await getClubTimeZone() }));
}

export interface PlayerSeasonFigures {
  figures: PlayerFigures;
  /** Which figures come from the results (the rest were entered by hand). */
  recorded: RecordedFigures;
}

/**
 * every player's figures in a season, by person id: goals from the results'
 * scorers, the match details' appearances, assists and cards once recorded, else the figures
 * entered by hand (on the person for the current season, archived for earlier ones).
 */
export async function playerFiguresForSeason({ season }: { season: Season }): Promise<{
  byPerson: Map<string, PlayerFigures>;
  recorded: RecordedFigures;
  unmatched: UnmatchedScorer[];
}> {
  const [fixtures, people, archived] = await Promise.all([
    seasonResults({ season }),
    listPlayerFigures(),
    season.isCurrent ? Promise.resolve(null) : archivedFigures({ seasonId: season.id }),
  ]);
  const fromResults = figuresFromResults({ fixtures, people });
  const recorded = recordedFigures(fixtures);
  const byPerson = new Map(
    people.map((person) => [
      person.id,
      seasonFigures({
        manual: archived ? (archived.get(person.id) ?? NO_FIGURES) : handEntered(person),
        fromResults: fromResults.byPerson.get(person.id) ?? NO_FIGURES,
        recorded,
      }),
    ]),
  );
  return { byPerson, recorded, unmatched: fromResults.unmatched };
}

type HandEntered = Pick<TeamMember, "goals" | "assists" | "yellowCards" | "redCards">;

/** The current season's figures entered by hand on the person (no appearances field). */
const handEntered = (person: HandEntered): PlayerFigures => ({
  appearances: 0,
  goals: person.goals,
  assists: person.assists,
  yellowCards: person.yellowCards,
  redCards: person.redCards,
});

/**
 * A player's page: their figures in each season given, by the same rules as
 * playerFiguresForSeason, reading only what one person's figures need: the players' names
 * once (to match scorers), each season's results, and this person's archived figures.
 */
export async function onePlayersFigures({
  player,
  seasons,
}: {
  player: Pick<TeamMember, "id"> & HandEntered;
  seasons: readonly Season[];
}): Promise<PlayerSeasonFigures[]> {
  const [people, archived, results] = await Promise.all([
    listPlayerNames(),
    archivedFiguresOf({ personId: player.id }),
    Promise.all(seasons.map((season) => seasonResults({ season }))),
  ]);
  return seasons.map((season, index) => {
    const fixtures = results[index] ?? [];
    const recorded = recordedFigures(fixtures);
    const fromResults = figuresFromResults({ fixtures, people }).byPerson.get(player.id);
    return {
      figures: seasonFigures({
        manual: season.isCurrent ? handEntered(player) : (archived.get(season.id) ?? NO_FIGURES),
        fromResults: fromResults ?? NO_FIGURES,
        recorded,
      }),
      recorded,
    };
  });
}

/** A season's league-table rows as entered (the current season's, or an archived one's). */
export function seasonTableRows({ season }: { season: Season }): Promise<TableRow[]> {
  return listTable({ seasonId: season.isCurrent ? null : season.id });
}

export type StandingRow = Omit<TableRow, "createdAt"> & {
  /** The club's row worked out from its league results (not typed in). */
  fromResults: boolean;
};

/**
 *, decisions 24: a season's league table. The club's row is computed from its
 * league results in that season unless the administrator overrode it (then it is shown as
 * typed, marked manual); the other rows are as entered. `lastUpdated` is when a row entered by
 * hand last changed.
 */
export async function leagueTableForSeason({ season }: { season: Season }): Promise<{
  rows: StandingRow[];
  lastUpdated: Date | null;
}> {
  const [stored, fixtures, leagueNames, club] = await Promise.all([
    seasonTableRows({ season }),
    seasonResults({ season }),
    listLeagueCompetitionNames(db()),
    getClub(),
  ]);
  const { teamName } = club.details;
  const computed = clubRowFromResults({ fixtures, leagueNames });
  const clubKey = nameKey(teamName);
  let lastUpdated: Date | null = null;
  const rows: StandingRow[] = stored.map(({ createdAt: _c, ...row }) => {
    const isClub = nameKey(row.team) === clubKey;
    if (!isClub || row.manual) {
      if (!lastUpdated || row.updatedAt > lastUpdated) lastUpdated = row.updatedAt;
      return { ...row, fromResults: false };
    }
    return { ...row, ...computed, fromResults: true };
  });
  if (!rows.some((row) => nameKey(row.team) === clubKey) && computed.played > 0) {
    rows.push({
      id: CLUB_ROW_ID,
      team: teamName,
      ...computed,
      logo: null,
      seasonId: season.isCurrent ? null : season.id,
      manual: false,
      updatedAt: new Date(0),
      fromResults: true,
    });
  }
  return { rows: sortTable(rows), lastUpdated };
}
