// rules §12: text a person types never holds control characters. A NUL byte cannot be
// stored in PostgreSQL (it failed the request with a 500), and the others (escape sequences,
// backspace, C1 codes) only ever come from scripts. Line breaks and tabs are allowed where a
// field has several lines. Plain JavaScript, no Zod: the contact page checks with it too.

/** The message shown next to a field that holds a control character. */
export const CONTROL_CHARACTERS_MESSAGE =
  "This text contains invisible control characters. Please remove them and try again.";

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F); multi-line text keeps tab, LF and CR. */
export function hasControlCharacters(value: string, { multiline = false } = {}): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code > 0x9f || (code > 0x1f && code < 0x7f)) continue;
    if (multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return true;
  }
  return false;
}

/**
 * The text without its control characters (multi-line text keeps tab, LF and CR): what a
 * refused form gives back to fill its field in again. Echoed raw, a NUL byte or an escape
 * sequence would go from a script's request into the page (rules §12).
 */
export function withoutControlCharacters(value: string, { multiline = false } = {}): string {
  let kept = "";
  for (const character of value) {
    if (!hasControlCharacters(character, { multiline })) kept += character;
  }
  return kept;
}
