import { describe, expect, it } from "vitest";
import {
  goalDifference,
  goalDifferenceText,
  isPlayedConsistent,
  logoName,
  pointsFor,
  sortTable,
  tableLogoIndex,
  teamLogo,
} from "./rules.ts";

const row = (team: string, points: number, gf: number) => ({ team, points, gf });

describe("league table order (rules §2 Tables tab)", () => {
  it("sorts by points descending, then goals for descending", () => {
    const rows = [row("A", 10, 5), row("B", 12, 3), row("C", 10, 9), row("D", 0, 0)];
    expect(sortTable(rows).map((r) => r.team)).toEqual(["B", "C", "A", "D"]);
  });

  it("lists rows with equal points and goals for by team name, whatever the input order", () => {
    const rows = [
      row("Galway Gales", 10, 5),
      row("Cork Comets", 10, 5),
      row("Belfast Blaze", 10, 5),
    ];
    const expected = ["Belfast Blaze", "Cork Comets", "Galway Gales"];
    expect(sortTable(rows).map((r) => r.team)).toEqual(expected);
    expect(sortTable([...rows].reverse()).map((r) => r.team)).toEqual(expected);
  });

  it("does not change the rows it is given", () => {
    const rows = [row("A", 1, 0), row("B", 2, 0)];
    sortTable(rows);
    expect(rows.map((r) => r.team)).toEqual(["A", "B"]);
  });
});

describe("derived numbers", () => {
  it("GD is gf minus ga, shown with its sign", () => {
    expect(goalDifference({ gf: 24, ga: 12 })).toBe(12);
    expect(goalDifference({ gf: 6, ga: 29 })).toBe(-23);
    expect(goalDifferenceText({ gf: 24, ga: 12 })).toBe("+12");
    expect(goalDifferenceText({ gf: 5, ga: 5 })).toBe("0");
    expect(goalDifferenceText({ gf: 6, ga: 29 })).toBe("-23");
  });

  it("points are 3 per win plus 1 per draw", () => {
    expect(pointsFor({ won: 7, drawn: 2 })).toBe(23);
    expect(pointsFor({ won: 0, drawn: 0 })).toBe(0);
    expect(pointsFor({ won: 0, drawn: 4 })).toBe(4);
  });

  it("played must equal won + drawn + lost", () => {
    expect(isPlayedConsistent({ played: 11, won: 7, drawn: 2, lost: 2 })).toBe(true);
    expect(isPlayedConsistent({ played: 10, won: 7, drawn: 2, lost: 2 })).toBe(false);
  });
});

describe("team logos (rules §3 Team logos, decisions 12)", () => {
  const bundled = new Map([
    ["dublin-dynamos", "/assets/dublin-dynamos.svg"],
    ["lagan-valley-lions", "/assets/lagan-valley-lions.svg"],
  ]);

  it("names a logo by the lower-cased, hyphenated team name", () => {
    expect(logoName("Dublin Dynamos")).toBe("dublin-dynamos");
    expect(logoName("  St. Patrick's  Athletic ")).toBe("st-patrick-s-athletic");
    expect(logoName("Lagan Valley Lions")).toBe("lagan-valley-lions");
  });

  it("uses the table row's logo first, in any case of the name", () => {
    const tableLogos = tableLogoIndex([
      { team: "Dublin Dynamos", logo: "https://cdn.example/dd.png" },
      { team: "Cork Comets", logo: null },
      { team: "Galway Gales", logo: "   " },
    ]);
    expect(teamLogo({ team: "dublin dynamos", tableLogos, bundled })).toBe(
      "https://cdn.example/dd.png",
    );
  });

  it("then the bundled logo, then none", () => {
    const tableLogos = tableLogoIndex([{ team: "Cork Comets", logo: null }]);
    expect(teamLogo({ team: "Lagan Valley Lions", tableLogos, bundled })).toBe(
      "/assets/lagan-valley-lions.svg",
    );
    expect(teamLogo({ team: "Cork Comets", tableLogos, bundled })).toBeNull();
    expect(teamLogo({ team: "Kilkenny Kestrels", tableLogos, bundled })).toBeNull();
  });
});
