import { expect, it } from "vitest";
import { buildTableRow } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { leagueTable } from "../../db/schema.ts";
import type { TableRowValues } from "./table.schema.ts";
import {
  createTableRow,
  getTableRow,
  isTeamInTable,
  listTable,
  removeTableRow,
  restoreTableRow,
  saveTableRows,
  updateTableRow,
} from "./table.server.ts";

const values = (overrides: Partial<TableRowValues> = {}): TableRowValues => ({
  team: "Kilkenny Kestrels",
  played: 3,
  won: 2,
  drawn: 1,
  lost: 0,
  gf: 7,
  ga: 2,
  points: 7,
  logo: null,
  ...overrides,
});

describeWithDatabases("league table", ({ db }) => {
  it("creates rows and lists them by points, then goals for, then team", async () => {
    await db()
      .insert(leagueTable)
      .values([
        buildTableRow({ team: "Level B", won: 2, gf: 5 }),
        buildTableRow({ team: "Top", won: 5, gf: 1 }),
        buildTableRow({ team: "Level A", won: 2, gf: 5 }),
        buildTableRow({ team: "More goals", won: 2, gf: 9 }),
      ]);
    const created = await createTableRow({
      values: values({ team: "Bottom", won: 0, drawn: 0, lost: 3, points: 0 }),
    });
    expect(created).toMatchObject({ team: "Bottom", points: 0 });
    expect((await listTable()).map((r) => r.team)).toEqual([
      "Top",
      "More goals",
      "Level A",
      "Level B",
      "Bottom",
    ]);
    expect(await getTableRow({ id: created.id })).toEqual(created);
  });

  it("updates a row, re-sorting the list", async () => {
    const [, , , , bottom] = await listTable();
    const updated = await updateTableRow({
      id: bottom?.id ?? "",
      values: values({ team: "Bottom", played: 9, won: 9, drawn: 0, lost: 0, points: 27 }),
    });
    expect(updated?.points).toBe(27);
    expect((await listTable())[0]?.team).toBe("Bottom");
    expect(
      await updateTableRow({ id: "00000000-0000-4000-8000-000000000000", values: values() }),
    ).toBeNull();
  });

  it("knows a team already in the table, in any case, except the row being edited", async () => {
    const [top] = await listTable();
    expect(await isTeamInTable({ team: " bottom " })).toBe(true);
    expect(await isTeamInTable({ team: "Bottom", exceptId: top?.id })).toBe(false);
    expect(await isTeamInTable({ team: "Nobody" })).toBe(false);
  });

  it("deletes at once and restores the same id and fields with the undo token, once", async () => {
    const original = await createTableRow({
      values: values({ logo: "https://cdn.example/k.png" }),
    });
    const deleted = await removeTableRow({ id: original.id });
    expect(deleted?.row).toEqual(original);
    expect(await getTableRow({ id: original.id })).toBeNull();
    expect(await restoreTableRow({ token: deleted?.token ?? "" })).toEqual(original);
    expect(await getTableRow({ id: original.id })).toEqual(original);
    expect(await restoreTableRow({ token: deleted?.token ?? "" })).toBeNull();
    expect(await removeTableRow({ id: "00000000-0000-4000-8000-000000000000" })).toBeNull();
  });

  it("the database refuses numbers below zero, and nothing is written", async () => {
    const before = await listTable();
    await expect(
      createTableRow({ values: values({ team: "Negative", points: -1 }) }),
    ).rejects.toThrow();
    await expect(
      updateTableRow({ id: before[0]?.id ?? "", values: values({ gf: -5 }) }),
    ).rejects.toThrow();
    expect(await listTable()).toEqual(before);
  });
});

describeWithDatabases("pasted league-table rows (rules §5 League table paste)", ({ db }) => {
  it("updates the teams already in the season's table, keeping logo and 'by hand', and adds the others", async () => {
    await db().delete(leagueTable);
    const kept = await createTableRow({
      values: values({ team: "Cork Comets", logo: "https://example.org/cork.png", manual: true }),
    });
    const saved: string[] = [];
    const outcome = await saveTableRows({
      rows: [
        values({ team: "cork comets", played: 8, won: 6, drawn: 1, lost: 1, points: 19 }),
        values({ team: "Galway Gales" }),
      ],
      onSaved: async ({ row, before }) => {
        saved.push(`${before ? "updated" : "created"} ${row.team}`);
      },
    });
    expect(outcome).toEqual({ created: 1, updated: 1 });
    expect(saved).toEqual(["updated cork comets", "created Galway Gales"]);
    expect(await getTableRow({ id: kept.id })).toMatchObject({
      team: "cork comets",
      played: 8,
      points: 19,
      logo: "https://example.org/cork.png",
      manual: true,
    });
    expect((await listTable()).map((row) => row.team)).toEqual(["cork comets", "Galway Gales"]);
  });

  it("stores nothing when one row is refused by the database", async () => {
    await db().delete(leagueTable);
    await expect(
      saveTableRows({ rows: [values({ team: "Fine" }), values({ team: "Bad", gf: -1 })] }),
    ).rejects.toThrow();
    expect(await listTable()).toEqual([]);
  });
});
