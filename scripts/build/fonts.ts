// `npm run fonts`: makes the smaller Latin file of Inter in app/fonts/ from the Fontsource
// package (ADR 008, "Fonts: only the weights the pages use"). Run it after upgrading
// @fontsource-variable/inter; the file it writes is committed, so a build needs nothing from
// here.
//
// Inter (the body text) comes as one variable font for every weight from 100 to 900. The
// site sets body text from 400 to 700 only, so the Latin file keeps that part of the weight
// axis: 48 KB becomes 31 KB, the same glyphs and metrics. It keeps Fontsource's Latin
// character range; every other character still comes from Fontsource's own files for Latin
// Extended, Vietnamese, Greek and Cyrillic (app/fonts/fonts.css).
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

/** Fontsource's Latin range (their CSS), the range of the file made here. */
export const LATIN =
  "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD";

/** Every character of a CSS unicode-range list. */
export function charactersOf(range: string): string[] {
  return range.split(",").flatMap((part) => {
    const [from = "", to] = part.trim().replace(/^U\+/i, "").split("-");
    const low = Number.parseInt(from, 16);
    const high = to === undefined ? low : Number.parseInt(to, 16);
    return Array.from({ length: high - low + 1 }, (_, i) => String.fromCodePoint(low + i));
  });
}

if (import.meta.main) {
  const source = "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";
  const target = "app/fonts/inter-latin-wght-400-700.woff2";
  const input = fs.readFileSync(path.resolve(source));
  const font = await subsetFont(input, charactersOf(LATIN).join(""), {
    targetFormat: "woff2",
    variationAxes: { wght: { min: 400, max: 700 } },
  });
  fs.writeFileSync(path.resolve(target), font);
  console.log(`${target}: ${input.length} → ${font.length} bytes`);
}
