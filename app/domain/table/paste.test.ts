import { describe, expect, it } from "vitest";
import { PASTE_MESSAGES, PASTE_ROWS_MAX, parseTablePaste } from "./paste.ts";
import { TABLE_MESSAGES } from "./table.schema.ts";

const figures = (result: ReturnType<typeof parseTablePaste>) =>
  result.rows.map(({ line, values }) => [
    line,
    values.team,
    values.played,
    values.won,
    values.drawn,
    values.lost,
    values.gf,
    values.ga,
    values.points,
  ]);

describe("pasting league-table rows (rules §5 League table paste)", () => {
  it("reads a spreadsheet's tab-separated rows with a header, in the header's column order", () => {
    const result = parseTablePaste(
      "Team\tPts\tP\tW\tD\tL\tGF\tGA\tGD\nCork Comets\t19\t8\t6\t1\t1\t20\t6\t14\nDublin Dynamos\t12\t8\t4\t0\t4\t11\t12\t-1\n",
    );
    expect(result.errors).toEqual([]);
    expect(result.header).toBe(true);
    expect(figures(result)).toEqual([
      [2, "Cork Comets", 8, 6, 1, 1, 20, 6, 19],
      [3, "Dublin Dynamos", 8, 4, 0, 4, 11, 12, 12],
    ]);
    // The stored values are what the one-row form would store.
    expect(result.rows[0]?.values).toMatchObject({ logo: null, manual: false });
  });

  it("reads comma-separated rows without a header: position optional, GD optional before Pts", () => {
    const result = parseTablePaste(
      '1,Cork Comets,8,6,1,1,20,6,+14,19\r\n"Galway, Gales",8,2,1,5,7,15,7\r\n\r\n',
    );
    expect(result.errors).toEqual([]);
    expect(result.header).toBe(false);
    expect(figures(result)).toEqual([
      [1, "Cork Comets", 8, 6, 1, 1, 20, 6, 19],
      [2, "Galway, Gales", 8, 2, 1, 5, 7, 15, 7],
    ]);
  });

  it("keeps the league's points as given (a deduction is not recomputed)", () => {
    const result = parseTablePaste("Cork Comets\t8\t6\t1\t1\t20\t6\t16");
    expect(result.rows[0]?.values.points).toBe(16);
  });

  it("refuses each bad row with its line number and the form's own words, and keeps the good ones", () => {
    const result = parseTablePaste(
      [
        "Pos\tTeam\tP\tW\tD\tL\tF\tA\tPts",
        "1\tCork Comets\t8\t6\t1\t1\t20\t6\t19",
        "2\tDublin Dynamos\t9\t4\t0\t4\t11\t12\t12",
        "3\t\t8\t4\t0\t4\t11\t12\t12",
        "4\tGalway Gales\t8\tx\t1\t5\t7\t15\t7",
        "5\tcork comets\t8\t6\t1\t1\t20\t6\t19",
      ].join("\n"),
    );
    expect(figures(result).map(([line, team]) => [line, team])).toEqual([[2, "Cork Comets"]]);
    expect(result.errors).toEqual([
      { line: 3, message: TABLE_MESSAGES.played({ won: 4, drawn: 0, lost: 4 }) },
      { line: 4, message: TABLE_MESSAGES.teamRequired },
      { line: 5, message: TABLE_MESSAGES.wholeNumber },
      { line: 6, message: PASTE_MESSAGES.duplicate("cork comets", 2) },
    ]);
  });

  it("says when a row has the wrong number of columns, or the header misses one", () => {
    expect(parseTablePaste("Cork Comets,8,6,1").errors).toEqual([
      { line: 1, message: PASTE_MESSAGES.columns },
    ]);
    expect(parseTablePaste("Team,P,W,D,L,GF,GA\nCork,1,1,0,0,1,0").errors).toEqual([
      { line: 1, message: PASTE_MESSAGES.headerColumns },
    ]);
  });

  it("refuses an empty paste, and one longer than a league", () => {
    expect(parseTablePaste(" \n\n").errors).toEqual([
      { line: null, message: PASTE_MESSAGES.empty },
    ]);
    const many = Array.from({ length: PASTE_ROWS_MAX + 1 }, (_, i) => `T${i},0,0,0,0,0,0,0`);
    expect(parseTablePaste(many.join("\n")).errors).toEqual([
      { line: null, message: PASTE_MESSAGES.tooMany },
    ]);
  });
});
