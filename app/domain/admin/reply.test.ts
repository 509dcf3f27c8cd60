import { describe, expect, it } from "vitest";
import { isAdminReply, savedReplyFromUrl, withoutSavedParams } from "./reply.ts";

const messages = { created: "News item created.", updated: "News item updated." };
const id = "3d9491e7-edac-4f2c-a33c-1b75964b6da6";

describe("savedReplyFromUrl (ADR 005: a save's redirect, read back by the loader)", () => {
  it("reads ?saved=<id>&done=created|updated as the saved reply, focusing the row", () => {
    expect(
      savedReplyFromUrl({
        url: new URL(`http://x/admin/news?saved=${id}&done=updated`),
        messages,
      }),
    ).toEqual({ kind: "saved", id, message: "News item updated.", focus: "row" });
  });

  it("is null for any other address", () => {
    for (const search of [
      "",
      `?saved=${id}`,
      `?saved=${id}&done=deleted`,
      "?saved=x&done=created",
    ]) {
      expect(savedReplyFromUrl({ url: new URL(`http://x/admin/news${search}`), messages })).toBe(
        null,
      );
    }
  });
});

describe("withoutSavedParams", () => {
  it("keeps the screen's own settings and drops the save's parameters", () => {
    expect(withoutSavedParams(`/admin/fixtures?view=results&saved=${id}&done=created&q=a`)).toBe(
      "/admin/fixtures?view=results&q=a",
    );
    expect(withoutSavedParams(`/admin/team?saved=${id}&done=created`)).toBe("/admin/team");
  });
});

describe("isAdminReply", () => {
  it("tells an admin reply from the outbox's answer and from nothing", () => {
    expect(isAdminReply({ kind: "refused", message: "No." })).toBe(true);
    expect(isAdminReply({ outbox: "queued", status: "success" })).toBe(false);
    expect(isAdminReply(undefined)).toBe(false);
  });
});
