import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "./control-characters.ts";

export { CONTROL_CHARACTERS_MESSAGE } from "./control-characters.ts";

/**
 * The one string schema of every text field of every form (rules §12): trimmed (unless
 * `trim: false`), and refused with a field message when it holds a control character.
 * Chain the field's own rules after it: `plainText({ error }).min(1, …).max(…)`.
 */
export function plainText({
  error,
  multiline = false,
  trim = true,
}: {
  error?: string;
  multiline?: boolean;
  trim?: boolean;
} = {}) {
  const base = z.string(error ? { error } : undefined);
  return (trim ? base.trim() : base).refine(
    (value) => !hasControlCharacters(value, { multiline }),
    { message: CONTROL_CHARACTERS_MESSAGE, abort: true },
  );
}
