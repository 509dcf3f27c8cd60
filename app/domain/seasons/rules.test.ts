import { describe, expect, it } from "vitest";
import {
  addDays,
  careerTotals,
  clubDay,
  clubRowFromResults,
  competitionName,
  defaultSeasonFor,
  figuresFromResults,
  fixturesOfSeasonView,
  isInSeason,
  isLeagueFixture,
  isPersonName,
  NO_FIGURES,
  nameKey,
  nextSeasonDays,
  personByName,
  type ResultFixture,
  recordedFigures,
  seasonFigures,
  seasonInstants,
  seasonLabel,
  seasonSlug,
} from "./rules.ts";

let n = 0;
const result = (overrides: Partial<ResultFixture> = {}): ResultFixture => ({
  id: `f${++n}`,
  opponent: "Cork Comets",
  date: new Date("2026-09-12T13:00:00Z"),
  type: "AIPF League 25/26",
  homeScore: 2,
  awayScore: 1,
  pensHome: null,
  pensAway: null,
  scorers: [],
  players: null,
  ...overrides,
});

const people = [
  { id: "p1", name: "Ciarán Walsh" },
  { id: "p2", name: "Niamh Fitzgerald" },
  { id: "p3", name: "Seán Óg Byrne" },
  { id: "p4", name: "Seán Óg Byrne" },
];

describe("season days and labels", () => {
  it("labels a season by its years and makes its address from the label", () => {
    expect(seasonLabel({ startsOn: "2026-08-01", endsOn: "2027-07-31" })).toBe("2026/27");
    expect(seasonLabel({ startsOn: "2026-01-01", endsOn: "2026-12-31" })).toBe("2026");
    expect(seasonSlug("2026/27")).toBe("2026-27");
    expect(seasonSlug(" Winter 2026 ")).toBe("Winter-2026");
  });

  it("puts a day in the season starting on the club's season start day", () => {
    expect(defaultSeasonFor("2026-11-23")).toEqual({
      startsOn: "2026-08-01",
      endsOn: "2027-07-31",
      label: "2026/27",
      slug: "2026-27",
    });
    expect(defaultSeasonFor("2026-07-31").label).toBe("2025/26");
    expect(defaultSeasonFor("2026-08-01").label).toBe("2026/27");
  });

  it("moves days across month and leap-year ends", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-08-01", -1)).toBe("2026-07-31");
  });

  it("the next season starts the day after the current one ends, for a year", () => {
    expect(nextSeasonDays({ startsOn: "2026-08-01", endsOn: "2027-07-31" })).toEqual({
      startsOn: "2027-08-01",
      endsOn: "2028-07-31",
      label: "2027/28",
    });
  });

  it("reads a fixture's day in the club's time zone, not UTC", () => {
    // 23:30 UTC on 31 July is 00:30 on 1 August in Dublin (summer time).
    const date = new Date("2026-07-31T23:30:00Z");
    expect(clubDay({ date, timeZone: "Europe/Dublin" })).toBe("2026-08-01");
    expect(
      isInSeason({
        date,
        season: { startsOn: "2026-08-01", endsOn: "2027-07-31" },
        timeZone: "Europe/Dublin",
      }),
    ).toBe(true);
    // The zone given decides: in New York it is still 31 July.
    expect(clubDay({ date, timeZone: "America/New_York" })).toBe("2026-07-31");
  });

  it("starts and ends a season at local midnight on clock-change days", () => {
    // Dublin: clocks go back on 25 October 2026 and forward on 28 March 2027.
    const { from, until } = seasonInstants({
      startsOn: "2026-10-25",
      endsOn: "2027-03-28",
      timeZone: "Europe/Dublin",
    });
    expect(from.toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(until.toISOString()).toBe("2027-03-28T23:00:00.000Z");
  });
});

describe("a season's fixtures on the public pages", () => {
  const last = { startsOn: "2025-08-01", endsOn: "2026-07-31", isCurrent: false };
  const current = { startsOn: "2026-08-01", endsOn: "2027-07-31", isCurrent: true };
  const fixtures = [
    { id: "old", date: new Date("1995-02-10T15:00:00Z") },
    { id: "last", date: new Date("2026-05-10T15:00:00Z") },
    { id: "now", date: new Date("2026-09-10T15:00:00Z") },
    { id: "later", date: new Date("2027-09-10T15:00:00Z") },
    { id: "undated", date: null },
  ];
  it("an archived season shows its own; the current one everything no archived season holds", () => {
    const ids = (season: typeof last) =>
      fixturesOfSeasonView({
        fixtures,
        season,
        seasons: [last, current],
        timeZone: "Europe/Dublin",
      }).map((f) => f.id);
    expect(ids(last)).toEqual(["last"]);
    expect(ids(current)).toEqual(["old", "now", "later", "undated"]);
  });
});

describe("names", () => {
  it("compares names without case, accents or extra spaces", () => {
    expect(nameKey("  ciaran   WALSH ")).toBe(nameKey("Ciarán Walsh"));
  });

  it("gives each name the same key however many names were keyed before (ADR 030)", () => {
    expect(nameKey("Aisling  MURPHY")).toBe("aisling murphy");
    // More names than are kept: the kept keys are let go, never mixed up.
    for (let n = 0; n < 12_000; n++) expect(nameKey(`Player ${n} É`)).toBe(`player ${n} e`);
    expect(nameKey("Aisling  MURPHY")).toBe("aisling murphy");
    expect(nameKey("Ciarán Walsh")).toBe("ciaran walsh");
  });

  it("never counts Own Goal or Unknown for a player", () => {
    expect(isPersonName("Own Goal")).toBe(false);
    expect(isPersonName("unknown")).toBe(false);
    expect(isPersonName("  ")).toBe(false);
    expect(isPersonName("Niamh Fitzgerald")).toBe(true);
  });

  it("matches a name to one person; a name two people share matches no one", () => {
    const match = personByName(people);
    expect(match("niamh fitzgerald")?.id).toBe("p2");
    expect(match("Sean Og Byrne")).toBeNull();
    expect(match("Nobody")).toBeNull();
    // A third person with the name: still no one.
    expect(
      personByName([...people, { id: "p5", name: "sean og byrne" }])("Seán Óg Byrne"),
    ).toBeNull();
  });
});

describe("figures from results", () => {
  it("counts a goal per scorer entry matched to the squad and lists the others", () => {
    const fixtures = [
      result({
        scorers: [
          { name: "Ciarán Walsh", minute: 3 },
          { name: "ciaran walsh", minute: 9 },
          { name: "Own Goal", minute: 12 },
          { name: "Unknown", minute: 20 },
          { name: "Paddy Newman", minute: 30 },
        ],
      }),
      result({ scorers: [{ name: "Paddy Newman", minute: 4 }] }),
      // No score: not a result, its scorers do not count.
      result({ homeScore: null, awayScore: null, scorers: [{ name: "Ciarán Walsh", minute: 1 }] }),
    ];
    const { byPerson, unmatched } = figuresFromResults({ fixtures, people });
    expect(byPerson.get("p1")?.goals).toBe(2);
    expect(byPerson.get("p2")).toBeUndefined();
    expect(unmatched).toEqual([expect.objectContaining({ name: "Paddy Newman", goals: 2 })]);
    expect(unmatched[0]?.fixtures).toHaveLength(2);
  });

  it("counts appearances, assists and cards from match details", () => {
    const fixtures = [
      result({
        players: [
          { name: "Niamh Fitzgerald", assists: 2, yellowCards: 1, redCards: 0 },
          { name: "Ciarán Walsh", assists: 0, yellowCards: 0, redCards: 1 },
        ],
      }),
      result({ players: [{ name: "Niamh Fitzgerald", assists: 1, yellowCards: 0, redCards: 0 }] }),
    ];
    const { byPerson } = figuresFromResults({ fixtures, people });
    expect(byPerson.get("p2")).toEqual({
      appearances: 2,
      goals: 0,
      assists: 3,
      yellowCards: 1,
      redCards: 0,
    });
    expect(recordedFigures(fixtures)).toEqual({ goals: true, details: true });
  });

  it("uses the hand-entered figure for what the season's results do not record", () => {
    const manual = { appearances: 4, goals: 9, assists: 3, yellowCards: 1, redCards: 0 };
    const fromResults = { ...NO_FIGURES, goals: 2 };
    expect(
      seasonFigures({ manual, fromResults, recorded: { goals: true, details: false } }),
    ).toEqual({ ...manual, goals: 2 });
    expect(
      seasonFigures({ manual, fromResults, recorded: { goals: false, details: false } }),
    ).toEqual(manual);
    expect(recordedFigures([result({ homeScore: null, awayScore: null })])).toEqual({
      goals: false,
      details: false,
    });
  });

  it("adds up career totals", () => {
    expect(
      careerTotals([
        { appearances: 1, goals: 2, assists: 3, yellowCards: 0, redCards: 0 },
        { appearances: 4, goals: 1, assists: 0, yellowCards: 1, redCards: 1 },
      ]),
    ).toEqual({ appearances: 5, goals: 3, assists: 3, yellowCards: 1, redCards: 1 });
  });
});

describe("the club's league row", () => {
  it("strips a season suffix from a competition's name", () => {
    expect(competitionName("AIPF League 25/26")).toBe("AIPF League");
    expect(competitionName("AIPF League 2025/26")).toBe("AIPF League");
    expect(competitionName("AIPF League")).toBe("AIPF League");
    expect(isLeagueFixture({ type: "AIPF League 26/27", leagueNames: ["AIPF League"] })).toBe(true);
    expect(isLeagueFixture({ type: "AIPF Cup & Shield 25/26", leagueNames: ["AIPF League"] })).toBe(
      false,
    );
  });

  it("counts only scored league results: played, W/D/L, goals and points", () => {
    const row = clubRowFromResults({
      leagueNames: ["AIPF League"],
      fixtures: [
        result({ homeScore: 3, awayScore: 1 }),
        result({ homeScore: 2, awayScore: 2, type: "AIPF League" }),
        result({ homeScore: 0, awayScore: 1 }),
        result({ homeScore: null, awayScore: null }),
        result({ homeScore: 5, awayScore: 0, type: "Friendly" }),
        result({
          homeScore: 1,
          awayScore: 1,
          type: "AIPF Cup & Shield 25/26",
          pensHome: 4,
          pensAway: 3,
        }),
      ],
    });
    expect(row).toEqual({ played: 3, won: 1, drawn: 1, lost: 1, gf: 5, ga: 4, points: 4 });
  });
});
