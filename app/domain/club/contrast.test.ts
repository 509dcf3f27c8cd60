import { describe, expect, it } from "vitest";
import {
  accentTextColour,
  checkClubColours,
  contrastMessage,
  contrastRatio,
  formatRatio,
  isHexColour,
  relativeLuminance,
} from "./contrast.ts";

describe("contrast (WCAG 2.2 1.4.3)", () => {
  it("gives black and white their luminance and 21:1", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 10);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 10);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 10);
  });

  it("gives a colour against itself 1:1", () => {
    expect(contrastRatio("#0b3d5c", "#0B3D5C")).toBe(1);
  });

  it("matches known ratios", () => {
    // #767676 on white is the classic lightest grey that passes AA (4.54:1).
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
    expect(contrastRatio("#0000ff", "#ffffff")).toBeCloseTo(8.59, 2);
  });

  it("rounds the shown ratio down, so a failing pair never reads 4.50:1", () => {
    expect(formatRatio(4.4999)).toBe("4.49:1");
    expect(formatRatio(21)).toBe("21.00:1");
  });

  it("takes only #rrggbb", () => {
    expect(isHexColour("#0b3d5c")).toBe(true);
    for (const value of ["0b3d5c", "#fff", "#0b3d5g", "red", "#0b3d5c00"]) {
      expect(isHexColour(value)).toBe(false);
    }
    expect(() => relativeLuminance("red")).toThrow();
  });

  it("puts dark text on a light accent and white text on a dark one", () => {
    expect(accentTextColour("#f2b233")).toBe("#10202b");
    expect(accentTextColour("#5a1a8c")).toBe("#ffffff");
  });
});

describe("checkClubColours", () => {
  it("passes the default colours", () => {
    const checks = checkClubColours({ primary: "#0b3d5c", accent: "#f2b233" });
    expect(checks).toHaveLength(3);
    expect(checks.every((check) => check.passes)).toBe(true);
  });

  it("refuses a light primary colour against white", () => {
    const [white] = checkClubColours({ primary: "#7fb3d5", accent: "#f2b233" });
    expect(white).toMatchObject({ field: "primary", passes: false });
    expect(contrastMessage(white ?? never())).toMatch(
      /^Primary colour against white: 2\.\d\d:1, under the 4\.5:1 that text needs\./,
    );
  });

  it("refuses an accent too close to the dark header", () => {
    const checks = checkClubColours({ primary: "#0b3d5c", accent: "#1f5a80" });
    const header = checks.find((check) => check.label.includes("dark header"));
    expect(header).toMatchObject({ field: "accent", passes: false });
  });

  it("checks only well-formed colours", () => {
    expect(checkClubColours({ primary: "nope", accent: "#f2b233" })).toHaveLength(1);
  });
});

function never(): never {
  throw new Error("expected a check");
}
