import { describe, expect, it } from "vitest";
import { isSlugShaped, newsPath, newsSlugOf, uniqueSlug } from "./paths.ts";
import {
  dateAfterSave,
  isRevisionShown,
  NEWS_STATUSES,
  refuseChange,
  refuseScheduleTime,
  statusChoices,
  WORKFLOW_MESSAGES,
} from "./workflow.ts";

describe("statusChoices (decisions 32)", () => {
  it("gives a Contributor drafts and review only", () => {
    expect(statusChoices({ canPublish: false, current: null })).toEqual(["draft", "review"]);
  });

  it("gives an Editor every state, taking down only what has been public", () => {
    expect(statusChoices({ canPublish: true, current: null })).toEqual([
      "draft",
      "review",
      "scheduled",
      "published",
    ]);
    expect(statusChoices({ canPublish: true, current: "published" })).toEqual([...NEWS_STATUSES]);
    expect(statusChoices({ canPublish: true, current: "taken-down" })).toContain("taken-down");
  });
});

describe("refuseChange (rules §3 News states)", () => {
  it("lets an Editor make any change", () => {
    for (const from of [null, ...NEWS_STATUSES]) {
      for (const to of NEWS_STATUSES) {
        expect(refuseChange({ canPublish: true, isAuthor: false, from, to })).toBeNull();
      }
    }
  });

  it("keeps a Contributor to their own drafts and reviews", () => {
    const contributor = { canPublish: false, isAuthor: true };
    expect(refuseChange({ ...contributor, from: null, to: "draft" })).toBeNull();
    expect(refuseChange({ ...contributor, from: "draft", to: "review" })).toBeNull();
    expect(refuseChange({ ...contributor, from: "review", to: "draft" })).toBeNull();
    for (const to of ["scheduled", "published", "taken-down"] as const) {
      expect(refuseChange({ ...contributor, from: "draft", to })).toBe(
        WORKFLOW_MESSAGES.needsEditor,
      );
    }
    expect(refuseChange({ ...contributor, from: "published", to: "published" })).toBe(
      WORKFLOW_MESSAGES.contributorPublished,
    );
    expect(refuseChange({ canPublish: false, isAuthor: false, from: "draft", to: "draft" })).toBe(
      WORKFLOW_MESSAGES.notYours,
    );
  });
});

describe("refuseScheduleTime", () => {
  const now = new Date("2027-03-01T12:00:00Z");
  it("refuses now and the past with a clear message, accepts the future", () => {
    expect(refuseScheduleTime({ publishAt: now, now })).toBe(WORKFLOW_MESSAGES.scheduleInPast);
    expect(refuseScheduleTime({ publishAt: new Date(now.getTime() - 1), now })).toMatch(
      /already passed/,
    );
    expect(refuseScheduleTime({ publishAt: new Date(now.getTime() + 60_000), now })).toBeNull();
  });
});

describe("dateAfterSave", () => {
  const now = new Date("2027-03-01T12:00:00Z");
  const earlier = new Date("2027-01-01T12:00:00Z");
  it("dates an item the first time it is published, and never again", () => {
    expect(dateAfterSave({ date: null, to: "draft", now })).toBeNull();
    expect(dateAfterSave({ date: null, to: "scheduled", now })).toBeNull();
    expect(dateAfterSave({ date: null, to: "published", now })).toEqual(now);
    expect(dateAfterSave({ date: earlier, to: "published", now })).toEqual(earlier);
    expect(dateAfterSave({ date: earlier, to: "taken-down", now })).toEqual(earlier);
  });
});

describe("isRevisionShown", () => {
  it("shows 'Updated' only for a text change of an item that has been public", () => {
    expect(isRevisionShown({ from: "published", textChanged: true })).toBe(true);
    expect(isRevisionShown({ from: "taken-down", textChanged: true })).toBe(true);
    expect(isRevisionShown({ from: "published", textChanged: false })).toBe(false);
    expect(isRevisionShown({ from: "draft", textChanged: true })).toBe(false);
    expect(isRevisionShown({ from: null, textChanged: true })).toBe(false);
  });
});

describe("slugs (ADR 034)", () => {
  it("makes a readable address of a title", () => {
    expect(newsSlugOf("Storm beat Comets 3–1!")).toBe("storm-beat-comets-3-1");
    expect(newsSlugOf("  Séan Ó Briain's debut ")).toBe("sean-o-briain-s-debut");
    expect(newsSlugOf("Straße")).toBe("strasse");
    expect(newsSlugOf("!!!")).toBe("news");
    expect(newsSlugOf("a".repeat(200))).toHaveLength(80);
    expect(isSlugShaped(newsSlugOf("Any title at all, 2027"))).toBe(true);
  });

  it("numbers a slug that is taken", () => {
    expect(uniqueSlug("cup-draw", new Set())).toBe("cup-draw");
    expect(uniqueSlug("cup-draw", new Set(["cup-draw"]))).toBe("cup-draw-2");
    expect(uniqueSlug("cup-draw", new Set(["cup-draw", "cup-draw-2"]))).toBe("cup-draw-3");
  });

  it("tells slugs from anything else", () => {
    expect(isSlugShaped("cup-draw-2")).toBe(true);
    for (const bad of ["", "Cup", "cup--draw", "-cup", "cup/draw", "' or 1=1"]) {
      expect(isSlugShaped(bad), bad).toBe(false);
    }
  });

  it("addresses an item by its slug, by its id while it has none", () => {
    expect(newsPath({ id: "abc", slug: "cup-draw" })).toBe("/news/cup-draw");
    expect(newsPath({ id: "abc", slug: null })).toBe("/news/abc");
  });
});
