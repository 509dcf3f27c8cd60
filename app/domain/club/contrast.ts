// Colour contrast (decisions 21, WCAG 2.2 AA 1.4.3): the club's colours are checked before
// they are saved. The formulas are WCAG's relative luminance and contrast ratio.

/** WCAG 2.2 AA for normal text. */
export const MINIMUM_TEXT_CONTRAST = 4.5;

/** Text on the header, the primary buttons and the footer: always white. */
const WHITE = "#ffffff";
/** Dark text on accent-coloured buttons (the skip link, "Become a Sponsor"). */
const DARK_TEXT = "#10202b";

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour as the form takes it: #rrggbb. */
export function isHexColour(value: string): boolean {
  return HEX.test(value);
}

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of #rrggbb (0 black … 1 white). */
export function relativeLuminance(hex: string): number {
  if (!isHexColour(hex)) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(hex.slice(1), 16);
  const r = channel((n >> 16) & 0xff);
  const g = channel((n >> 8) & 0xff);
  const b = channel(n & 0xff);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The ratio as people read it: "4.49:1" (rounded down, so 4.49 never shows as 4.5). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

/** Text on an accent-coloured button: dark text unless white reads better. */
export function accentTextColour(accent: string): string {
  return contrastRatio(accent, DARK_TEXT) >= contrastRatio(accent, WHITE) ? DARK_TEXT : WHITE;
}

export interface ContrastCheck {
  /** What the pair is, in the admin's words. */
  label: string;
  /** The form field the problem belongs to. */
  field: "primary" | "accent";
  ratio: number;
  passes: boolean;
}

/**
 * The pairs the site draws (ADR 013): white text on the primary colour (the header, buttons),
 * which is also the primary colour as text on white; the accent on the dark header (the
 * primary colour: active links, focus rings, icons); text on accent buttons. Each needs 4.5:1.
 */
export function checkClubColours({
  primary,
  accent,
}: {
  primary: string;
  accent: string;
}): ContrastCheck[] {
  const pairs: Omit<ContrastCheck, "passes">[] = [];
  if (isHexColour(primary)) {
    pairs.push({
      label: "Primary colour against white",
      field: "primary",
      ratio: contrastRatio(primary, WHITE),
    });
  }
  if (isHexColour(primary) && isHexColour(accent)) {
    pairs.push({
      label: "Accent colour against the dark header",
      field: "accent",
      ratio: contrastRatio(accent, primary),
    });
  }
  if (isHexColour(accent)) {
    pairs.push({
      label: "Text on accent buttons",
      field: "accent",
      ratio: contrastRatio(accent, accentTextColour(accent)),
    });
  }
  return pairs.map((pair) => ({ ...pair, passes: pair.ratio >= MINIMUM_TEXT_CONTRAST }));
}

/** The message for a pair under 4.5:1, shown next to its field and refused by the server. */
export function contrastMessage(check: ContrastCheck): string {
  return `${check.label}: ${formatRatio(check.ratio)}, under the ${MINIMUM_TEXT_CONTRAST}:1 that text needs. Choose a ${check.field === "primary" ? "darker" : "lighter or darker"} colour.`;
}
