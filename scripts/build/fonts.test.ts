import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { charactersOf, LATIN, MADE } from "./fonts.ts";

// app/fonts/fonts.css names the Latin files scripts/build/fonts.ts makes: a range in the CSS a
// file does not cover would draw those characters in the fallback face.

const css = fs.readFileSync("app/fonts/fonts.css", "utf8");

/** Each @font-face of fonts.css: its family, weight, file and characters. */
const faces = [...css.matchAll(/@font-face \{([^}]*)\}/g)].map(([, body = ""]) => ({
  family: /font-family:\s*"([^"]+)"/.exec(body)?.[1],
  weight: /font-weight:\s*([^;]+);/.exec(body)?.[1],
  src: /url\(([^)]+)\)/.exec(body)?.[1] ?? "",
  characters: charactersOf(/unicode-range:\s*([^;]+);/.exec(body)?.[1] ?? ""),
}));

describe("the web fonts", () => {
  it("are the display face only: body text is set in the device's own", () => {
    expect(new Set(faces.map((f) => f.family))).toEqual(new Set(["Barlow Condensed"]));
  });

  it("give Barlow Condensed its two weights, each with a Latin face", () => {
    const barlow = faces.filter((f) => f.family === "Barlow Condensed");
    expect(new Set(barlow.map((f) => f.weight))).toEqual(new Set(["700", "800"]));
    for (const weight of ["700", "800"]) {
      const latin = barlow.find((f) => f.weight === weight && f.characters.includes("A"));
      expect(latin?.characters).toEqual(charactersOf(LATIN));
      expect(latin?.src).toBe(`./barlow-condensed-latin-${weight}-unhinted.woff2`);
    }
  });

  it("names every file scripts/build/fonts.ts makes", () => {
    const named = new Set(faces.map((face) => face.src));
    for (const { target } of MADE) expect(named, target).toContain(`./${target}`);
  });

  it("has every file it names", () => {
    for (const face of faces) {
      const file = new URL(face.src, new URL("../../app/fonts/", import.meta.url));
      expect(fs.statSync(file).size, face.src).toBeGreaterThan(1000);
    }
  });

  it("reads a unicode-range list", () => {
    expect(charactersOf("U+0041-0043,U+00E9")).toEqual(["A", "B", "C", "é"]);
  });
});
