import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { buildFixture, buildTableRow, buildTeamMember } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { club } from "../../config/club.ts";
import { fixtures, leagueTable, playerSeasonStats, seasons, teamMembers } from "../../db/schema.ts";
import { listTable } from "../table/table.server.ts";
import { defaultSeasonFor } from "./rules.ts";
import {
  getCurrentSeason,
  getSeasonBySlug,
  listSeasons,
  setSeasonLocked,
  startNewSeason,
} from "./seasons.server.ts";
import {
  leagueTableForSeason,
  onePlayersFigures,
  playerFiguresForSeason,
  seasonResults,
} from "./standing.server.ts";

// Seasons and what the results say (decisions 24, ADR 016), on each database.

describeWithDatabases("seasons", ({ db }) => {
  beforeEach(async () => {
    await db().delete(playerSeasonStats);
    await db().delete(leagueTable);
    await db().delete(seasons);
    await db().delete(fixtures);
    await db().delete(teamMembers);
  });

  it("makes the season today falls in current when there is none", async () => {
    const now = new Date("2026-11-23T10:00:00Z");
    const current = await getCurrentSeason({ now });
    expect(current).toMatchObject({
      label: "2026/27",
      slug: "2026-27",
      startsOn: "2026-08-01",
      endsOn: "2027-07-31",
      isCurrent: true,
      locked: false,
    });
    expect((await getCurrentSeason({ now })).id).toBe(current.id);
    expect(await listSeasons()).toHaveLength(1);
  });

  it("puts fixtures in the season whose days hold them, at local midnight across a clock change", async () => {
    // The current season; a new one from 25 October 2026, the day Dublin's clocks go back.
    const first = await getCurrentSeason({ now: new Date("2026-09-01T12:00:00Z") });
    const started = await startNewSeason({
      label: "Winter 2026",
      startsOn: "2026-10-25",
      endsOn: "2027-03-28",
    });
    if (!started.ok) throw new Error(started.message);
    expect(started.archived).toMatchObject({ id: first.id, endsOn: "2026-10-24", locked: true });
    await db()
      .insert(fixtures)
      .values([
        // 23:59 on the 24th in Dublin (summer time, UTC+1).
        result({ opponent: "Last of autumn", date: new Date("2026-10-24T22:59:00Z") }),
        // 00:30 on the 25th in Dublin, still summer time: 23:30 UTC the day before.
        result({ opponent: "First of winter", date: new Date("2026-10-24T23:30:00Z") }),
        // 23:30 on 28 March 2027 in Dublin (summer time again): 22:30 UTC.
        result({ opponent: "Last of winter", date: new Date("2027-03-28T22:30:00Z") }),
        // 00:30 on 29 March 2027 in Dublin: 23:30 UTC on the 28th, after the season.
        result({ opponent: "After winter", date: new Date("2027-03-28T23:30:00Z") }),
        // In the season, but without a score: not a result.
        buildFixture({ opponent: "Not played yet", date: new Date("2027-01-09T13:00:00Z") }),
      ]);
    const opponents = async (slug: string) => {
      const season = await getSeasonBySlug({ slug });
      if (!season) throw new Error(`no season ${slug}`);
      return (await seasonResults({ season })).map((fixture) => fixture.opponent);
    };
    expect(await opponents("2026-27")).toEqual(["Last of autumn"]);
    expect(await opponents("Winter-2026")).toEqual(["First of winter", "Last of winter"]);
  });

  it("counts goals from the scorers on results, matched to the squad; the rest are listed", async () => {
    const season = await getCurrentSeason({ now: new Date("2026-11-23T10:00:00Z") });
    const [walsh, murphy] = await db()
      .insert(teamMembers)
      .values([
        buildTeamMember({ name: "Ciarán Walsh", goals: 40, assists: 2 }),
        buildTeamMember({ name: "Aisling Murphy", goals: 40 }),
        buildTeamMember({ name: "Coach Person", role: "Head Coach" }),
      ])
      .returning();
    await db()
      .insert(fixtures)
      .values([
        buildFixture({
          date: new Date("2026-09-12T13:00:00Z"),
          homeScore: 3,
          awayScore: 1,
          scorers: [
            { name: "Ciarán Walsh", minute: 3 },
            { name: "ciaran walsh", minute: 10 },
            { name: "Own Goal", minute: 20 },
          ],
        }),
        buildFixture({
          date: new Date("2026-10-03T13:00:00Z"),
          homeScore: 2,
          awayScore: 2,
          scorers: [
            { name: "Unknown", minute: 5 },
            { name: "Paddy Newman", minute: 30 },
          ],
        }),
        // Last season: does not count this season.
        buildFixture({
          date: new Date("2026-05-03T13:00:00Z"),
          homeScore: 1,
          awayScore: 0,
          scorers: [{ name: "Aisling Murphy", minute: 5 }],
        }),
      ]);
    const { byPerson, recorded, unmatched } = await playerFiguresForSeason({ season });
    expect(recorded).toEqual({ goals: true, details: false });
    // Goals from the results; assists as entered by hand.
    expect(byPerson.get(walsh?.id ?? "")).toMatchObject({ goals: 2, assists: 2 });
    expect(byPerson.get(murphy?.id ?? "")).toMatchObject({ goals: 0 });
    expect(unmatched).toEqual([expect.objectContaining({ name: "Paddy Newman", goals: 1 })]);
  });

  it("works out the club's league row from its league results; other rows stay as entered", async () => {
    const season = await getCurrentSeason({ now: new Date("2026-11-23T10:00:00Z") });
    await db()
      .insert(leagueTable)
      .values([
        buildTableRow({ team: club.teamName, won: 9, drawn: 9, lost: 9, gf: 99, ga: 1 }),
        buildTableRow({ team: "Cork Comets", won: 1, drawn: 0, lost: 1, gf: 3, ga: 2 }),
      ]);
    await db()
      .insert(fixtures)
      .values([
        buildFixture({ date: new Date("2026-09-12T13:00:00Z"), homeScore: 3, awayScore: 1 }),
        buildFixture({ date: new Date("2026-09-19T13:00:00Z"), homeScore: 1, awayScore: 1 }),
        buildFixture({
          date: new Date("2026-09-26T13:00:00Z"),
          homeScore: 4,
          awayScore: 0,
          type: "Friendly",
        }),
        buildFixture({ date: new Date("2026-12-26T13:00:00Z") }),
      ]);
    const { rows, lastUpdated } = await leagueTableForSeason({ season });
    expect(
      rows.map(({ team, played, won, drawn, lost, gf, ga, points, fromResults }) => ({
        team,
        played,
        won,
        drawn,
        lost,
        gf,
        ga,
        points,
        fromResults,
      })),
    ).toEqual([
      {
        team: club.teamName,
        played: 2,
        won: 1,
        drawn: 1,
        lost: 0,
        gf: 4,
        ga: 2,
        points: 4,
        fromResults: true,
      },
      {
        team: "Cork Comets",
        played: 2,
        won: 1,
        drawn: 0,
        lost: 1,
        gf: 3,
        ga: 2,
        points: 3,
        fromResults: false,
      },
    ]);
    expect(lastUpdated).toBeInstanceOf(Date);

    // An override typed by the administrator is kept and shown as such.
    await db().update(leagueTable).set({ manual: true }).where(eq(leagueTable.team, club.teamName));
    const overridden = await leagueTableForSeason({ season });
    expect(overridden.rows[0]).toMatchObject({
      team: club.teamName,
      played: 27,
      fromResults: false,
    });
  });

  it("starting a new season archives the old one: nothing deleted, figures from zero, squad kept", async () => {
    const old = await getCurrentSeason({ now: new Date("2026-11-23T10:00:00Z") });
    const [walsh] = await db()
      .insert(teamMembers)
      .values([buildTeamMember({ name: "Ciarán Walsh", assists: 5, yellowCards: 2 })])
      .returning();
    await db()
      .insert(leagueTable)
      .values([
        buildTableRow({ team: "Cork Comets", won: 3, gf: 7, logo: "https://x.example/c.svg" }),
      ]);
    await db()
      .insert(fixtures)
      .values(
        buildFixture({
          date: new Date("2027-02-06T13:00:00Z"),
          homeScore: 1,
          awayScore: 0,
          scorers: [{ name: "Ciarán Walsh", minute: 8 }],
        }),
      );

    const started = await startNewSeason({
      label: "2027/28",
      startsOn: "2027-08-01",
      endsOn: "2028-07-31",
    });
    if (!started.ok) throw new Error(started.message);
    expect(started.season).toMatchObject({ slug: "2027-28", isCurrent: true, locked: false });
    expect(started.archived).toMatchObject({ id: old.id, isCurrent: false, locked: true });
    expect((await getCurrentSeason()).id).toBe(started.season.id);

    // The squad carries over, hand-entered figures start from zero.
    const [person] = await db().select().from(teamMembers);
    expect(person).toMatchObject({ name: "Ciarán Walsh", assists: 0, yellowCards: 0 });
    const now = await playerFiguresForSeason({ season: started.season });
    expect(now.byPerson.get(walsh?.id ?? "")).toMatchObject({ goals: 0, assists: 0 });
    // Last season keeps its figures: goals from its results, the rest as they were.
    const before = await playerFiguresForSeason({ season: started.archived });
    expect(before.byPerson.get(walsh?.id ?? "")).toMatchObject({
      goals: 1,
      assists: 5,
      yellowCards: 2,
    });

    // The old table stays with the old season; the new one has the same teams at zero.
    expect((await listTable({ seasonId: old.id })).map((r) => [r.team, r.won])).toEqual([
      ["Cork Comets", 3],
    ]);
    expect((await listTable()).map((r) => [r.team, r.won, r.logo])).toEqual([
      ["Cork Comets", 0, "https://x.example/c.svg"],
    ]);

    // Unlocking only applies to archived seasons.
    expect(await setSeasonLocked({ id: old.id, locked: false })).toMatchObject({ locked: false });
    expect(await setSeasonLocked({ id: started.season.id, locked: true })).toBeNull();
  });

  it("a player's page reads the same figures as the season's list, in every season", async () => {
    await getCurrentSeason({ now: new Date("2026-11-23T10:00:00Z") });
    const [walsh, , twin] = await db()
      .insert(teamMembers)
      .values([
        buildTeamMember({ name: "Ciarán Walsh", assists: 5, yellowCards: 2 }),
        buildTeamMember({ name: "Seán Óg Byrne", slug: "sean-og-byrne" }),
        buildTeamMember({ name: "Sean Og Byrne", slug: "sean-og-byrne-2" }),
        buildTeamMember({ name: "Ciaran Walsh", slug: "ciaran-walsh-coach", role: "Head Coach" }),
      ])
      .returning();
    const details = (name: string) => [{ name, assists: 1, yellowCards: 0, redCards: 1 }];
    await db()
      .insert(fixtures)
      .values([
        // The season that is archived below: goals only, then one with match details.
        result({ date: new Date("2027-02-06T13:00:00Z"), scorers: ["ciaran walsh", "Own Goal"] }),
        result({
          date: new Date("2027-02-13T13:00:00Z"),
          scorers: ["Ciarán Walsh", "Sean Og Byrne"],
          players: details("Ciarán Walsh"),
        }),
        // Not a result: counts for no one.
        buildFixture({
          date: new Date("2027-02-20T13:00:00Z"),
          scorers: [{ name: "Ciarán Walsh", minute: 1 }],
        }),
        // The new season: goals only, the rest as entered by hand.
        result({ date: new Date("2027-09-04T13:00:00Z"), scorers: ["Ciarán Walsh"] }),
      ]);
    const started = await startNewSeason({
      label: "2027/28",
      startsOn: "2027-08-01",
      endsOn: "2028-07-31",
    });
    if (!started.ok) throw new Error(started.message);
    await db()
      .update(teamMembers)
      .set({ goals: 9, assists: 3 })
      .where(eq(teamMembers.id, walsh?.id ?? ""));
    const seasonList = await listSeasons();
    expect(seasonList).toHaveLength(2);

    for (const person of [walsh, twin]) {
      const [row] = await db()
        .select()
        .from(teamMembers)
        .where(eq(teamMembers.id, person?.id ?? ""));
      if (!row) throw new Error("no person");
      const expected = await Promise.all(
        seasonList.map(async (season) => {
          const { byPerson, recorded } = await playerFiguresForSeason({ season });
          return { figures: byPerson.get(row.id), recorded };
        }),
      );
      expect(await onePlayersFigures({ player: row, seasons: seasonList })).toEqual(expected);
    }
    // What both say, so the comparison above compares something.
    const [walshNow] = await db()
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.id, walsh?.id ?? ""));
    if (!walshNow) throw new Error("no person");
    const [current, archived] = await onePlayersFigures({ player: walshNow, seasons: seasonList });
    expect(current).toEqual({
      figures: { appearances: 0, goals: 1, assists: 3, yellowCards: 0, redCards: 0 },
      recorded: { goals: true, details: false },
    });
    expect(archived).toEqual({
      figures: { appearances: 1, goals: 2, assists: 1, yellowCards: 0, redCards: 1 },
      recorded: { goals: true, details: true },
    });
  });

  it("refuses a new season that starts before the current one, or a name already used", async () => {
    await getCurrentSeason({ now: new Date("2026-11-23T10:00:00Z") });
    expect(
      await startNewSeason({ label: "Early", startsOn: "2026-07-01", endsOn: "2027-06-30" }),
    ).toMatchObject({ ok: false, field: "startsOn" });
    expect(
      await startNewSeason({ label: "2026/27", startsOn: "2027-08-01", endsOn: "2028-07-31" }),
    ).toMatchObject({ ok: false, field: "label" });
    expect(defaultSeasonFor("2026-11-23").slug).toBe("2026-27");
  });
});

/** A result (a fixture with a score) with these scorers' names, one goal each. */
function result({
  scorers = [],
  ...fields
}: Omit<Partial<typeof fixtures.$inferInsert>, "scorers"> & { scorers?: string[] }) {
  return buildFixture({
    homeScore: scorers.length,
    awayScore: 0,
    scorers: scorers.map((name, index) => ({ name, minute: index + 1 })),
    ...fields,
  });
}
