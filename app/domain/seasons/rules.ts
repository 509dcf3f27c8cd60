import { club } from "../../config/club.ts";
import { fromClubDateTime } from "../dates/club-time.ts";
import { clubDates } from "../dates/format.ts";
import { type FixtureScore, outcome } from "../fixtures/rules.ts";
import { POINTS_PER_DRAW, POINTS_PER_WIN, type TableStanding } from "../table/rules.ts";

// Pure season rules (decisions 24, ADR 016): which season a date falls in, a season's label and
// address, and what the results say: each player's goals and match figures, the scorers that
// match no one, and the club's own league-table row. No I/O.

/** A season as the rules need it: 'yyyy-MM-dd' days, both included, in the club's time zone. */
export interface SeasonDays {
  startsOn: string;
  endsOn: string;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** decisions 5: the calendar day ('yyyy-MM-dd') an instant falls on in the club's time zone. */
export function clubDay({ date, timeZone }: { date: Date; timeZone: string }): string {
  return clubDates({ timeZone }).toDateInputValue(date);
}

/** A 'yyyy-MM-dd' day moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const [, y, m, d] = DAY_PATTERN.exec(day) ?? [];
  const moved = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + days));
  return moved.toISOString().slice(0, 10);
}

/** ADR 016: '2026/27' for a season starting in 2026 and ending in 2027; '2026' within one year. */
export function seasonLabel({ startsOn, endsOn }: SeasonDays): string {
  const from = startsOn.slice(0, 4);
  const to = endsOn.slice(0, 4);
  return from === to ? from : `${from}/${to.slice(2)}`;
}

/** ADR 016: a season's address part, '2026-27' (the label with '/' as '-'). */
export function seasonSlug(label: string): string {
  return label
    .trim()
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * ADR 016: the season a day falls in when no season says otherwise: it starts each year on
 * the club's season start day (1 August by default) and ends the day before the next.
 */
export function defaultSeasonFor(day: string): SeasonDays & { label: string; slug: string } {
  const { month, day: startDay } = club.seasonStart;
  const year = Number(day.slice(0, 4));
  const startThisYear = `${year}-${pad(month)}-${pad(startDay)}`;
  const startYear = day >= startThisYear ? year : year - 1;
  const startsOn = `${startYear}-${pad(month)}-${pad(startDay)}`;
  const endsOn = addDays(`${startYear + 1}-${pad(month)}-${pad(startDay)}`, -1);
  const label = seasonLabel({ startsOn, endsOn });
  return { startsOn, endsOn, label, slug: seasonSlug(label) };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** ADR 016: the season after this one: from the day after it ends, for a year. */
export function nextSeasonDays(current: SeasonDays): SeasonDays & { label: string } {
  const startsOn = addDays(current.endsOn, 1);
  const [, y, m, d] = DAY_PATTERN.exec(startsOn) ?? [];
  const endsOn = addDays(`${Number(y) + 1}-${m}-${d}`, -1);
  return { startsOn, endsOn, label: seasonLabel({ startsOn, endsOn }) };
}

/**
 * decisions 5, 24: the instants a season covers, from midnight at its start to midnight after
 * its end in the club's time zone (end excluded), so a season boundary on a clock-change day
 * still falls at local midnight.
 */
export function seasonInstants({ startsOn, endsOn, timeZone }: SeasonDays & { timeZone: string }): {
  from: Date;
  until: Date;
} {
  return {
    from: fromClubDateTime({ day: startsOn, time: "00:00", timeZone }),
    until: fromClubDateTime({ day: addDays(endsOn, 1), time: "00:00", timeZone }),
  };
}

/** decisions 24: a fixture belongs to the season whose days hold its date (club time). */
export function isInSeason({
  date,
  season,
  timeZone,
}: {
  date: Date;
  season: SeasonDays;
  timeZone: string;
}): boolean {
  const day = clubDay({ date, timeZone });
  return day >= season.startsOn && day <= season.endsOn;
}

/**
 * the fixtures a public page shows for a season. An archived season shows the
 * fixtures dated in it; the current season shows every fixture no archived season holds (its
 * own, what is planned after it, and undated or older fixtures no season covers), so nothing
 * entered ever drops out of sight.
 */
export function fixturesOfSeasonView<F extends { date: Date | null }>({
  fixtures,
  season,
  seasons,
  timeZone,
}: {
  fixtures: readonly F[];
  season: SeasonDays & { isCurrent: boolean };
  seasons: readonly (SeasonDays & { isCurrent: boolean })[];
  timeZone: string;
}): F[] {
  if (!season.isCurrent) {
    return fixtures.filter(
      (fixture) => fixture.date && isInSeason({ date: fixture.date, season, timeZone }),
    );
  }
  const archived = seasons.filter((each) => !each.isCurrent);
  return fixtures.filter(
    (fixture) =>
      !fixture.date ||
      !archived.some((each) => isInSeason({ date: fixture.date as Date, season: each, timeZone })),
  );
}

/** A season view as instants (seasonInstants): within one season, or outside every one given. */
export type SeasonView =
  | { within: { from: Date; until: Date } }
  | { outside: readonly { from: Date; until: Date }[] };

/**
 * fixturesOfSeasonView as instants, for a query (match-centre.server.ts): an archived season
 * holds what is dated within it; the current one what no archived season holds (undated
 * fixtures belong to it, as above, but no list that reads this shows them).
 */
export function seasonView({
  season,
  seasons,
  timeZone,
}: {
  season: SeasonDays & { isCurrent: boolean };
  seasons: readonly (SeasonDays & { isCurrent: boolean })[];
  timeZone: string;
}): SeasonView {
  if (!season.isCurrent) return { within: seasonInstants({ ...season, timeZone }) };
  return {
    outside: seasons
      .filter((each) => !each.isCurrent)
      .map((each) => seasonInstants({ ...each, timeZone })),
  };
}

// ---------------------------------------------------------------------------------------
// Names: a scorer typed on a result is matched to a person by name.

// ADR 030: a player's page keys every scorer and player of every season's results, the same
// few hundred names over and over, and a key costs Unicode normalisation and ICU's lower case
// (most of that page's render): each name's key is worked out once and kept, up to a bound.
const nameKeys = new Map<string, string>();
const NAME_KEYS_KEPT = 5_000;

/** ADR 016: names compare without case, accents or extra spaces ('ciaran  walsh' is 'Ciarán Walsh'). */
export function nameKey(name: string): string {
  let key = nameKeys.get(name);
  if (key === undefined) {
    key = name
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .trim()
      .replace(/\s+/g, " ")
      .toLocaleLowerCase("en-GB");
    if (nameKeys.size >= NAME_KEYS_KEPT) nameKeys.clear();
    nameKeys.set(name, key);
  }
  return key;
}

/** The scorer extras' keys, worked out once: the list is configuration (config/club.ts). */
const scorerExtraKeys = new Set(club.scorerExtras.map(nameKey));

/** 'Own Goal' and 'Unknown' (the scorer extras) never count for a player. */
export function isPersonName(name: string): boolean {
  return isPersonKey(nameKey(name));
}

function isPersonKey(key: string): boolean {
  return key !== "" && !scorerExtraKeys.has(key);
}

interface Person {
  id: string;
  name: string;
}

/**
 * Finds a person by name: one index of the people's name keys, then a look-up per name, so a
 * season of results costs a key per name rather than one per name and person (a player's page
 * reads every season's). A name two people share matches no one (null).
 */
export function personByName<P extends Person>(people: readonly P[]): (name: string) => P | null {
  const byKey = new Map<string, P | null>();
  for (const person of people) {
    const key = nameKey(person.name);
    byKey.set(key, byKey.has(key) ? null : person);
  }
  return (name) => byKey.get(nameKey(name)) ?? null;
}

// ---------------------------------------------------------------------------------------
// Player figures from the results.

export interface ResultFixture extends FixtureScore {
  id: string;
  date: Date | null;
  opponent: string;
  scorers: readonly { name: string; minute: number }[];
  players:
    | readonly { name: string; assists: number; yellowCards: number; redCards: number }[]
    | null;
}

export interface PlayerFigures {
  appearances: number;
  goals: number;
  assists: number;
  yellowCards: number;
  redCards: number;
}

export const NO_FIGURES: PlayerFigures = {
  appearances: 0,
  goals: 0,
  assists: 0,
  yellowCards: 0,
  redCards: 0,
};

/** A result: a fixture with a recorded score (rules §3 fixtures). */
const hasScore = (fixture: FixtureScore) =>
  fixture.homeScore !== null && fixture.awayScore !== null;

/** Which figures a season's results record: goals once any result has a score; the rest once any has match details. */
export interface RecordedFigures {
  goals: boolean;
  details: boolean;
}

/** A season whose results record nothing: every figure is the one entered by hand. */
export const NOTHING_RECORDED: RecordedFigures = { goals: false, details: false };

export function recordedFigures(fixtures: readonly ResultFixture[]): RecordedFigures {
  const results = fixtures.filter(hasScore);
  return {
    goals: results.length > 0,
    details: results.some((fixture) => fixture.players !== null),
  };
}

export interface UnmatchedScorer {
  name: string;
  goals: number;
  /** The results it was entered on: opponent and date. */
  fixtures: { id: string; opponent: string; date: Date | null }[];
}

/**
 *, decisions 24: each person's figures from the results given (one season's):
 * a goal per scorer entry matched to them, an appearance, assists and cards from the match
 * details. Scorer names that match no one are returned with their goals ('Own Goal' and
 * 'Unknown' are neither: they never count).
 */
export function figuresFromResults<P extends Person>({
  fixtures,
  people,
}: {
  fixtures: readonly ResultFixture[];
  people: readonly P[];
}): { byPerson: Map<string, PlayerFigures>; unmatched: UnmatchedScorer[] } {
  const byPerson = new Map<string, PlayerFigures>();
  const unmatched = new Map<string, UnmatchedScorer>();
  const figuresOf = (id: string) => {
    let figures = byPerson.get(id);
    if (!figures) {
      figures = { ...NO_FIGURES };
      byPerson.set(id, figures);
    }
    return figures;
  };
  const match = personByName(people);
  for (const fixture of fixtures) {
    if (!hasScore(fixture)) continue;
    for (const scorer of fixture.scorers) {
      const key = nameKey(scorer.name);
      if (!isPersonKey(key)) continue;
      const person = match(scorer.name);
      if (person) {
        figuresOf(person.id).goals += 1;
        continue;
      }
      const entry = unmatched.get(key) ?? { name: scorer.name.trim(), goals: 0, fixtures: [] };
      entry.goals += 1;
      if (!entry.fixtures.some((f) => f.id === fixture.id)) {
        entry.fixtures.push({ id: fixture.id, opponent: fixture.opponent, date: fixture.date });
      }
      unmatched.set(key, entry);
    }
    for (const player of fixture.players ?? []) {
      const person = match(player.name);
      if (!person) continue;
      const figures = figuresOf(person.id);
      figures.appearances += 1;
      figures.assists += player.assists;
      figures.yellowCards += player.yellowCards;
      figures.redCards += player.redCards;
    }
  }
  return {
    byPerson,
    unmatched: [...unmatched.values()].sort((a, b) => a.name.localeCompare(b.name, "en-GB")),
  };
}

/**
 * ADR 016: a player's season figures: goals from the results once the season has results;
 * appearances, assists and cards from the match details once any result has them; otherwise
 * the figure entered by hand.
 */
export function seasonFigures({
  manual,
  fromResults,
  recorded,
}: {
  manual: PlayerFigures;
  fromResults: PlayerFigures;
  recorded: RecordedFigures;
}): PlayerFigures {
  return {
    goals: recorded.goals ? fromResults.goals : manual.goals,
    appearances: recorded.details ? fromResults.appearances : manual.appearances,
    assists: recorded.details ? fromResults.assists : manual.assists,
    yellowCards: recorded.details ? fromResults.yellowCards : manual.yellowCards,
    redCards: recorded.details ? fromResults.redCards : manual.redCards,
  };
}

/** A player's page: the career totals are the sum of each season's figures. */
export function careerTotals(seasons: readonly PlayerFigures[]): PlayerFigures {
  const total = { ...NO_FIGURES };
  for (const figures of seasons) {
    for (const key of Object.keys(total) as (keyof PlayerFigures)[]) total[key] += figures[key];
  }
  return total;
}

// ---------------------------------------------------------------------------------------
// The club's league-table row.

/** The id of the club's row worked out from results when the table holds no row for the club. */
export const CLUB_ROW_ID = "club";

/**
 * The competition of a match type without its season suffix: 'AIPF League 25/26' and
 * 'AIPF League 2025/26' are 'AIPF League' (match types named a season before seasons existed).
 */
export function competitionName(type: string): string {
  return type
    .trim()
    .replace(/\s+(?:\d{2}|\d{4})\/\d{2}$/, "")
    .trim();
}

/** a fixture counts for the table when its competition is a league. */
export function isLeagueFixture({
  type,
  leagueNames,
}: {
  type: string;
  leagueNames: readonly string[];
}): boolean {
  const name = nameKey(competitionName(type));
  return leagueNames.some((league) => nameKey(competitionName(league)) === name);
}

/**
 * decisions 24, the club's own row from its league results in a season:
 * played, won, drawn, lost, goals for and against, and points (3 per win, 1 per draw). The
 * club is always the home team (rules §3 fixtures).
 */
export function clubRowFromResults({
  fixtures,
  leagueNames,
}: {
  fixtures: readonly ResultFixture[];
  leagueNames: readonly string[];
}): Omit<TableStanding, "team"> {
  const row = { played: 0, won: 0, drawn: 0, lost: 0, gf: 0, ga: 0, points: 0 };
  for (const fixture of fixtures) {
    if (!hasScore(fixture) || !isLeagueFixture({ type: fixture.type, leagueNames })) continue;
    const result = outcome(fixture);
    row.played += 1;
    row.gf += fixture.homeScore ?? 0;
    row.ga += fixture.awayScore ?? 0;
    if (result === "win") row.won += 1;
    else if (result === "loss") row.lost += 1;
    else row.drawn += 1;
  }
  row.points = POINTS_PER_WIN * row.won + POINTS_PER_DRAW * row.drawn;
  return row;
}

/** decisions 24: a season as the season picker shows it. */
export interface SeasonChoice {
  label: string;
  slug: string;
  isCurrent: boolean;
}

/** decisions 24: the picker's view of a season (no ids or dates sent to the page). */
export const seasonChoice = (season: SeasonChoice): SeasonChoice => ({
  label: season.label,
  slug: season.slug,
  isCurrent: season.isCurrent,
});
