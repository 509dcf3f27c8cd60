import { describe, expect, it } from "vitest";
import {
  activityCutoff,
  activityPath,
  activityQuerySchema,
  changedFields,
  describeActivity,
  fieldWords,
  isRetentionDue,
  labelOf,
  plainLabel,
} from "./rules.ts";

describe("changedFields", () => {
  it("names the fields whose values differ, never the values", () => {
    expect(
      changedFields(
        { id: "1", title: "Old", content: "Same", image: null, updatedAt: new Date(1) },
        { id: "1", title: "New", content: "Same", image: "/media/a.jpg", updatedAt: new Date(2) },
      ),
    ).toEqual(["title", "image"]);
  });

  it("treats empty text and no value alike, dates by their instant, lists by their content", () => {
    expect(
      changedFields(
        { category: "", date: new Date(5), scorers: [{ name: "A", minute: 3 }] },
        { category: null, date: new Date(5), scorers: [{ name: "A", minute: 3 }] },
      ),
    ).toEqual([]);
    expect(
      changedFields(
        { scorers: [{ name: "A", minute: 3 }] },
        { scorers: [{ name: "A", minute: 4 }] },
      ),
    ).toEqual(["scorers"]);
  });

  it("looks one level into an object (the club's details) and leaves bookkeeping out", () => {
    expect(
      changedFields(
        { details: { name: "Storm", tagline: "Old" }, sequence: 1 },
        { details: { name: "Storm", tagline: "New" }, sequence: 2 },
      ),
    ).toEqual(["tagline"]);
  });

  it("has nothing to say when either side is missing (a create, a delete)", () => {
    expect(changedFields(null, { title: "A" })).toEqual([]);
    expect(changedFields({ title: "A" }, null)).toEqual([]);
  });
});

describe("labels and screens", () => {
  it("reads the label field, also inside a held object", () => {
    expect(labelOf({ title: "Cup draw" }, "title")).toBe("Cup draw");
    expect(labelOf({ details: { shortName: "Storm" } }, "shortName")).toBe("Storm");
    expect(labelOf(null, "title")).toBe("");
  });

  it("drops a confirmation's quotation marks", () => {
    expect(plainLabel("“Cup draw”")).toBe("Cup draw");
    expect(plainLabel("Main Hall")).toBe("Main Hall");
  });

  it("says a field's name in words", () => {
    expect(fieldWords("imageAlt")).toBe("image alt");
    expect(fieldWords("read_at")).toBe("read at");
  });
});

describe("describeActivity", () => {
  const entry = { actor: "ann@club.example", screen: "news", label: "Cup draw", fields: [] };

  it("says each action in plain words", () => {
    expect(describeActivity({ ...entry, action: "update", fields: ["title", "content"] })).toBe(
      "updated the news item “Cup draw” (title, content)",
    );
    expect(describeActivity({ ...entry, action: "create" })).toBe("added the news item “Cup draw”");
    expect(describeActivity({ ...entry, action: "delete" })).toBe(
      "deleted the news item “Cup draw”",
    );
    expect(describeActivity({ ...entry, action: "undo" })).toBe(
      "brought back the news item “Cup draw” with Undo",
    );
    expect(describeActivity({ ...entry, screen: "messages", action: "read", label: "Joe" })).toBe(
      "marked the message from “Joe” as read",
    );
    // ADR 031: a venue's access guide is changed, one level inside it.
    expect(
      describeActivity({
        ...entry,
        screen: "venue-access",
        label: "UL Arena",
        action: "update",
        fields: ["stepFree"],
      }),
    ).toBe("updated the access guide of “UL Arena” (step free)");
    expect(describeActivity({ ...entry, screen: "sign-in", action: "sign-out-everywhere" })).toBe(
      "signed out everywhere",
    );
    expect(
      describeActivity({ ...entry, screen: "password", action: "password", label: entry.actor }),
    ).toBe("changed their password");
    expect(
      describeActivity({ ...entry, screen: "backups", action: "restore", label: "b.jsonl.gz" }),
    ).toBe("restored the whole site from the backup “b.jsonl.gz”");
  });

  it("says a move", () => {
    expect(describeActivity({ ...entry, screen: "team", action: "move-up", label: "Ann" })).toBe(
      "moved the person “Ann” up",
    );
  });

  it("says an unknown action by its name", () => {
    expect(describeActivity({ ...entry, action: "moveUp" })).toBe(
      "move up: the news item “Cup draw”",
    );
  });
});

describe("retention", () => {
  const now = new Date("2026-11-28T12:00:00Z");

  it("cuts off records older than the days kept", () => {
    expect(activityCutoff(now, 730).toISOString()).toBe("2024-11-28T12:00:00.000Z");
  });

  it("is due at start, then once a day", () => {
    expect(isRetentionDue(null, now)).toBe(true);
    expect(isRetentionDue(new Date(now.getTime() - 23 * 3600_000), now)).toBe(false);
    expect(isRetentionDue(new Date(now.getTime() - 24 * 3600_000), now)).toBe(true);
  });
});

describe("the Activity screen's address", () => {
  it("parses person, screen and page, and refuses what is not one", () => {
    expect(activityQuerySchema.parse({})).toEqual({ person: "", screen: "", page: 1 });
    expect(activityQuerySchema.parse({ screen: "news", page: "3" }).page).toBe(3);
    expect(activityQuerySchema.safeParse({ page: "0" }).success).toBe(false);
    expect(activityQuerySchema.safeParse({ screen: "<script>" }).success).toBe(false);
  });

  it("keeps only what is set", () => {
    expect(activityPath({ person: "", screen: "" })).toBe("/admin/activity");
    expect(activityPath({ person: "a@b.example", screen: "news" }, 2)).toBe(
      "/admin/activity?person=a%40b.example&screen=news&page=2",
    );
  });
});
