import { describe, expect, it } from "vitest";
import { type DiffPart, wordDiff } from "./word-diff.ts";

const side = (parts: DiffPart[], kind: "added" | "removed") =>
  parts
    .filter((part) => part.kind === "same" || part.kind === kind)
    .map((part) => part.text)
    .join("");

describe("wordDiff (ADR 034)", () => {
  it("says nothing changed for the same text", () => {
    expect(wordDiff("Storm win.", "Storm win.")).toEqual([{ kind: "same", text: "Storm win." }]);
    expect(wordDiff("", "")).toEqual([]);
  });

  it("shows a changed word as removed and added, in place", () => {
    expect(wordDiff("Storm win 3-1 at home", "Storm win 4-1 at home")).toEqual([
      { kind: "same", text: "Storm win " },
      { kind: "removed", text: "3-1 " },
      { kind: "added", text: "4-1 " },
      { kind: "same", text: "at home" },
    ]);
  });

  it("finds words added and removed in the middle of a text", () => {
    const parts = wordDiff("Aoife scored twice today.", "Aoife and Niamh scored today.");
    expect(parts).toEqual([
      { kind: "same", text: "Aoife " },
      { kind: "added", text: "and Niamh " },
      { kind: "same", text: "scored " },
      { kind: "removed", text: "twice " },
      { kind: "same", text: "today." },
    ]);
  });

  it("gives both texts back exactly, paragraphs included", () => {
    const before = "First paragraph here.\n\nSecond one, with a quote.\nEnd.";
    const after = "First paragraph.\n\nSecond one, with a player's quote.\n\nNew end.";
    const parts = wordDiff(before, after);
    expect(side(parts, "removed")).toBe(before);
    expect(side(parts, "added")).toBe(after);
  });

  it("shows a very long rewrite as removed then added, still exactly", () => {
    const before = Array.from({ length: 3000 }, (_, n) => `a${n}`).join(" ");
    const after = Array.from({ length: 3000 }, (_, n) => `b${n}`).join(" ");
    const parts = wordDiff(before, after);
    expect(parts.map((part) => part.kind)).toEqual(["removed", "added"]);
    expect(side(parts, "added")).toBe(after);
  });
});
