// `npm run fonts`: makes the smaller Latin files of the web fonts in app/fonts/ from the
// Fontsource packages (ADR 008, "Fonts: only the weights the pages use" and "Fonts: the
// display face without hinting, and set in capitals"). Run it after upgrading
// @fontsource-variable/inter or @fontsource/barlow-condensed; the files it writes are
// committed, so a build needs nothing from here.
//
// Inter (the body text) comes as one variable font for every weight from 100 to 900. The
// site sets body text from 400 to 700 only, so the Latin file keeps that part of the weight
// axis: 48 KB becomes 31 KB, the same glyphs and metrics.
//
// Barlow Condensed (the display face, 700 and 800) comes with TrueType hinting: instructions
// that snap outlines to the pixel grid at small sizes on Windows, two fifths of each Latin
// file. The site sets it at 14 px and up, mostly 18-72 px, where hinting changes nothing
// visible (Inter, the smaller body text, has none either): 22 KB becomes 14 KB per weight,
// the same glyphs, kerning and metrics.
//
// Each file keeps Fontsource's Latin character range; every other character still comes from
// Fontsource's own files for Latin Extended, Vietnamese, Greek and Cyrillic (app/fonts/fonts.css).
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

/** The files made here: from Fontsource's file, to app/fonts/, and how. */
export const MADE = [
  {
    source: "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    target: "inter-latin-wght-400-700.woff2",
    options: { variationAxes: { wght: { min: 400, max: 700 } } },
  },
  ...(["700", "800"] as const).map((weight) => ({
    source: `node_modules/@fontsource/barlow-condensed/files/barlow-condensed-latin-${weight}-normal.woff2`,
    target: `barlow-condensed-latin-${weight}-unhinted.woff2`,
    options: { noHinting: true },
  })),
];

if (import.meta.main) {
  const latin = charactersOf(LATIN).join("");
  for (const { source, target, options } of MADE) {
    const input = fs.readFileSync(path.resolve(source));
    const font = await subsetFont(input, latin, { targetFormat: "woff2", ...options });
    fs.writeFileSync(path.resolve("app/fonts", target), font);
    console.log(`app/fonts/${target}: ${input.length} → ${font.length} bytes`);
  }
}
