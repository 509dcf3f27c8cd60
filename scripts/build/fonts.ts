// `npm run fonts`: makes the smaller Latin files of the web font in app/fonts/ from the
// Fontsource package (ADR 008, "Fonts: the display face without hinting, and set in
// capitals"). Run it after upgrading @fontsource/barlow-condensed; the files it writes are
// committed, so a build needs nothing from here. Body text has no web font: it is set in the
// device's own (ADR 008, "Fonts: body text in the device's own face").
//
// Barlow Condensed (the display face, 700 and 800) comes with TrueType hinting: instructions
// that snap outlines to the pixel grid at small sizes on Windows, two fifths of each Latin
// file. The site sets it at 14 px and up, mostly 18-72 px, where hinting changes nothing
// visible: 22 KB becomes 14 KB per weight, the same glyphs, kerning and metrics.
//
// Each file keeps Fontsource's Latin character range; every other character still comes from
// Fontsource's own files for Latin Extended, Vietnamese, Greek and Cyrillic (app/fonts/fonts.css).
import fs from "node:fs";
import path from "node:path";

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
  ...(["700", "800"] as const).map((weight) => ({
    source: `node_modules/@fontsource/barlow-condensed/files/barlow-condensed-latin-${weight}-normal.woff2`,
    target: `barlow-condensed-latin-${weight}-unhinted.woff2`,
    options: { noHinting: true },
  })),
];

if (import.meta.main) {
  // Here only: the service worker's build reads MADE, and needs no font tools for it.
  const { default: subsetFont } = await import("subset-font");
  const latin = charactersOf(LATIN).join("");
  for (const { source, target, options } of MADE) {
    const input = fs.readFileSync(path.resolve(source));
    const font = await subsetFont(input, latin, { targetFormat: "woff2", ...options });
    fs.writeFileSync(path.resolve("app/fonts", target), font);
    console.log(`app/fonts/${target}: ${input.length} → ${font.length} bytes`);
  }
}
