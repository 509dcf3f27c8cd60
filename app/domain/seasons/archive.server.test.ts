import { beforeEach, expect, it } from "vitest";
import { buildTableRow, buildTeamMember } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { fixtures, leagueTable, playerSeasonStats, seasons, teamMembers } from "../../db/schema.ts";
import type { TableRowValues } from "../table/table.schema.ts";
import { listTable } from "../table/table.server.ts";
import {
  ARCHIVE_MESSAGES,
  removeSeasonTableRow,
  restoreSeasonTableRow,
  saveSeasonFigures,
  saveSeasonTableRow,
  saveSeasonTableRows,
} from "./archive.server.ts";
import {
  archivedFigures,
  getCurrentSeason,
  lockedSeasonRefusal,
  type Season,
  setSeasonLocked,
  startNewSeason,
} from "./seasons.server.ts";
import { leagueTableForSeason, playerFiguresForSeason } from "./standing.server.ts";

// Editing an archived season (ADR 016): its table rows and its players' hand-entered figures
// change while it is unlocked; a locked season refuses every write and nothing changes; the
// current season is never touched by either.

const values = (overrides: Partial<TableRowValues> = {}): TableRowValues => ({
  team: "Cork Comets",
  played: 3,
  won: 2,
  drawn: 1,
  lost: 0,
  gf: 6,
  ga: 2,
  points: 7,
  logo: null,
  manual: false,
  ...overrides,
});

const figures = { appearances: 12, goals: 3, assists: 4, yellowCards: 1, redCards: 0 };

describeWithDatabases("editing an archived season", ({ db }) => {
  let archived: Season;
  let current: Season;
  let personId: string;

  beforeEach(async () => {
    await db().delete(playerSeasonStats);
    await db().delete(leagueTable);
    await db().delete(seasons);
    await db().delete(fixtures);
    await db().delete(teamMembers);
    await getCurrentSeason({ now: new Date("2026-11-23T10:00:00Z") });
    const [person] = await db()
      .insert(teamMembers)
      .values([buildTeamMember({ name: "Ciarán Walsh", assists: 5 })])
      .returning();
    personId = person?.id ?? "";
    await db()
      .insert(leagueTable)
      .values([buildTableRow({ team: "Cork Comets", won: 1, lost: 1, played: 2, points: 3 })]);
    const started = await startNewSeason({
      label: "2027/28",
      startsOn: "2027-08-01",
      endsOn: "2028-07-31",
    });
    if (!started.ok) throw new Error(started.message);
    ({ archived, season: current } = started);
    // This season's own figure, which no write to the archive may touch.
    await db().update(teamMembers).set({ assists: 9 });
  });

  const archivedRow = async () => (await listTable({ seasonId: archived.id }))[0];
  const currentRows = async () =>
    (await listTable()).map(({ team, won, points }) => [team, won, points]);

  it("changes an unlocked archived season's table and figures, and nothing of the current season", async () => {
    const unlocked = await setSeasonLocked({ id: archived.id, locked: false });
    if (!unlocked) throw new Error("not unlocked");
    const row = await archivedRow();
    const updated = await saveSeasonTableRow({ season: unlocked, id: row?.id, values: values() });
    expect(updated).toMatchObject({ team: "Cork Comets", won: 2, seasonId: archived.id });
    const added = await saveSeasonTableRow({
      season: unlocked,
      values: values({ team: "Newry Knights", won: 0, drawn: 0, lost: 3, points: 0 }),
    });
    expect(added).toMatchObject({ seasonId: archived.id });
    const table = await leagueTableForSeason({ season: unlocked });
    expect(table.rows.map((each) => [each.team, each.points])).toEqual([
      ["Cork Comets", 7],
      ["Newry Knights", 0],
    ]);
    // A pasted table: Cork Comets updated in the archived season, a new team added to it.
    expect(
      await saveSeasonTableRows({
        season: unlocked,
        rows: [values({ points: 8 }), values({ team: "Galway Gales", points: 1 })],
      }),
    ).toEqual({ created: 1, updated: 1 });
    expect(
      (await leagueTableForSeason({ season: unlocked })).rows.map((each) => [
        each.team,
        each.points,
      ]),
    ).toEqual([
      ["Cork Comets", 8],
      ["Galway Gales", 1],
      ["Newry Knights", 0],
    ]);

    expect(await saveSeasonFigures({ season: unlocked, personId, figures })).toEqual(figures);
    expect((await archivedFigures({ seasonId: archived.id })).get(personId)).toEqual(figures);
    const shown = await playerFiguresForSeason({ season: unlocked });
    expect(shown.byPerson.get(personId)).toEqual(figures);

    // The current season: its table at zero, its hand-entered figures as they were.
    expect(await currentRows()).toEqual([["Cork Comets", 0, 0]]);
    const now = await playerFiguresForSeason({ season: current });
    expect(now.byPerson.get(personId)).toMatchObject({ assists: 9, goals: 0 });

    // A row of another season is not this season's to change.
    const [currentRow] = await listTable();
    expect(
      await saveSeasonTableRow({ season: unlocked, id: currentRow?.id, values: values() }),
    ).toBeNull();
    expect(await currentRows()).toEqual([["Cork Comets", 0, 0]]);
  });

  it("refuses every write to a locked season, with words saying how to unlock it, and changes nothing", async () => {
    expect(archived.locked).toBe(true);
    const refusal = { refused: lockedSeasonRefusal(archived) };
    expect(refusal.refused).toContain("Unlock it on Seasons");
    const before = await archivedRow();
    expect(
      await saveSeasonTableRow({ season: archived, id: before?.id, values: values() }),
    ).toEqual(refusal);
    expect(await saveSeasonTableRow({ season: archived, values: values({ team: "New" }) })).toEqual(
      refusal,
    );
    expect(await removeSeasonTableRow({ id: before?.id ?? "" })).toEqual(refusal);
    // A pasted table too (rules §5 League table paste).
    expect(
      await saveSeasonTableRows({ season: archived, rows: [values(), values({ team: "New" })] }),
    ).toEqual(refusal);
    expect(await saveSeasonFigures({ season: archived, personId, figures })).toEqual(refusal);
    expect(await listTable({ seasonId: archived.id })).toEqual([before]);
    expect((await archivedFigures({ seasonId: archived.id })).get(personId)).toMatchObject({
      assists: 5,
      appearances: 0,
    });
    expect(await currentRows()).toEqual([["Cork Comets", 0, 0]]);

    // A season passed in as unlocked but locked meanwhile is still refused (read again).
    expect(
      await saveSeasonTableRow({ season: { ...archived, locked: false }, values: values() }),
    ).toEqual(refusal);
  });

  it("refuses an Undo into a season locked meanwhile, and keeps the Undo for after unlocking", async () => {
    await setSeasonLocked({ id: archived.id, locked: false });
    const row = await archivedRow();
    const deleted = await removeSeasonTableRow({ id: row?.id ?? "" });
    if (!deleted || "refused" in deleted) throw new Error("not deleted");
    await setSeasonLocked({ id: archived.id, locked: true });
    expect(await restoreSeasonTableRow({ token: deleted.token })).toEqual({
      refused: lockedSeasonRefusal(archived),
    });
    expect(await listTable({ seasonId: archived.id })).toEqual([]);
    await setSeasonLocked({ id: archived.id, locked: false });
    expect(await restoreSeasonTableRow({ token: deleted.token })).toEqual(row);
  });

  it("keeps the current season's figures on Manage Team and ignores someone not in the squad", async () => {
    expect(await saveSeasonFigures({ season: current, personId, figures })).toEqual({
      refused: ARCHIVE_MESSAGES.currentFigures,
    });
    const unlocked = await setSeasonLocked({ id: archived.id, locked: false });
    if (!unlocked) throw new Error("not unlocked");
    expect(
      await saveSeasonFigures({
        season: unlocked,
        personId: "00000000-0000-4000-8000-000000000000",
        figures,
      }),
    ).toBeNull();
    // The current season's table is open as ever.
    const [currentRow] = await listTable();
    expect(
      await saveSeasonTableRow({ season: current, id: currentRow?.id, values: values() }),
    ).toMatchObject({ seasonId: null, won: 2 });
  });
});
