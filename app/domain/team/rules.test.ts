import { describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "./rules.ts";

describe("slugify", () => {
  it("lower-cases, hyphenates and drops accents and apostrophes", () => {
    expect(slugify("Siobhán Keane")).toBe("siobhan-keane");
    expect(slugify("Seán O'Brien")).toBe("sean-obrien");
    expect(slugify("  Mary-Kate   Ní Dhomhnaill ")).toBe("mary-kate-ni-dhomhnaill");
  });

  it("leaves nothing but letters, digits and single hyphens", () => {
    expect(slugify("J.J. #7 (captain)!")).toBe("j-j-7-captain");
    expect(slugify("!!!")).toBe("");
  });
});

describe("uniqueSlug", () => {
  it("uses the plain slug when it is free", () => {
    expect(uniqueSlug({ name: "John Smith", taken: new Set() })).toBe("john-smith");
  });

  it("gives a second 'John Smith' a distinct slug", () => {
    const taken = new Set(["john-smith", "john-smith-2"]);
    expect(uniqueSlug({ name: "John Smith", taken })).toBe("john-smith-3");
  });

  it("falls back to a neutral slug for a name without letters", () => {
    expect(uniqueSlug({ name: "???", taken: new Set() })).toBe("member");
  });
});
