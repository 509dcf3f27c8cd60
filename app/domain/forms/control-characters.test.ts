import { describe, expect, it } from "vitest";
import { hasControlCharacters, withoutControlCharacters } from "./control-characters.ts";

// rules §12: a refused form gives its fields back without control characters.

describe("withoutControlCharacters", () => {
  it("drops C0, DEL and C1 characters, keeping tab and line breaks only in multi-line text", () => {
    const typed = "Nia\u0000mh\u001b[2J\u007f\u0085 O’Brien\tand\r\nmore 😀";
    expect(withoutControlCharacters(typed)).toBe("Niamh[2J O’Brienandmore 😀");
    expect(withoutControlCharacters(typed, { multiline: true })).toBe(
      "Niamh[2J O’Brien\tand\r\nmore 😀",
    );
    expect(hasControlCharacters(withoutControlCharacters(typed))).toBe(false);
    expect(withoutControlCharacters("plain text")).toBe("plain text");
  });
});
