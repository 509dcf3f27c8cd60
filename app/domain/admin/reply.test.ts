import { describe, expect, it } from "vitest";
import {
  failedSaveReply,
  isAdminReply,
  KEPT_AS_TYPED,
  NOTHING_CHANGED,
  refusalWords,
  SAVE_FAILED_MESSAGES,
  savedReplyFromUrl,
  withoutSavedParams,
} from "./reply.ts";

const messages = { created: "News item created.", updated: "News item updated." };
const id = "3d9491e7-edac-4f2c-a33c-1b75964b6da6";

describe("savedReplyFromUrl (ADR 005: a save's redirect, read back by the loader)", () => {
  it("reads ?saved=<id>&done=created|updated as the saved reply, focusing the row", () => {
    expect(
      savedReplyFromUrl({
        url: new URL(`http://x/admin/news?saved=${id}&done=updated`),
        messages,
      }),
    ).toEqual({ kind: "saved", id, message: "News item updated.", focus: "row", done: "updated" });
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

describe("failedSaveReply (ADR 023: a save that got no reply keeps the form and says why)", () => {
  it("says a file is too large with its limit, and a form too large without one", () => {
    expect(failedSaveReply({ status: 413, data: "Too large.", carriesFile: true })).toEqual({
      kind: "refused",
      failed: "too-large",
      typed: true,
      message: SAVE_FAILED_MESSAGES.tooLargeWithFile,
    });
    expect(SAVE_FAILED_MESSAGES.tooLargeWithFile).toContain("up to 15 MB");
    expect(failedSaveReply({ status: 413, carriesFile: false }).message).toBe(
      SAVE_FAILED_MESSAGES.tooLarge,
    );
  });

  it("a 401 is an ended session; a 5xx or no status the server's failure", () => {
    expect(failedSaveReply({ status: 401, carriesFile: false })).toMatchObject({
      failed: "session",
      message: SAVE_FAILED_MESSAGES.session,
    });
    for (const status of [500, 502, 503]) {
      expect(failedSaveReply({ status, data: "<html>…</html>", carriesFile: true })).toEqual({
        kind: "refused",
        failed: "server",
        typed: true,
        message: SAVE_FAILED_MESSAGES.server,
      });
    }
  });

  it("another refusal keeps the server's short plain words, never an HTML page", () => {
    expect(
      failedSaveReply({
        status: 403,
        data: "You don't have access to Club details. Ask an Administrator.",
        carriesFile: false,
      }),
    ).toEqual({
      kind: "refused",
      failed: "refused",
      typed: true,
      message: `You don't have access to Club details. Ask an Administrator. ${KEPT_AS_TYPED}`,
    });
    expect(
      failedSaveReply({ status: 404, data: { error: "Gone" }, carriesFile: false }).message,
    ).toBe(`Gone. ${KEPT_AS_TYPED}`);
    expect(
      failedSaveReply({ status: 400, data: "<!doctype html><p>Bad</p>", carriesFile: false })
        .message,
    ).toBe(SAVE_FAILED_MESSAGES.refused(400));
  });

  it("every message says that nothing was saved and what was typed is kept", () => {
    for (const status of [400, 401, 403, 413, 415, 500]) {
      for (const carriesFile of [true, false]) {
        expect(failedSaveReply({ status, carriesFile }).message).toContain(KEPT_AS_TYPED);
      }
    }
    expect(SAVE_FAILED_MESSAGES.offline).toContain(KEPT_AS_TYPED);
  });

  it("a row's button (Delete, Undo, Move up…) has no form to keep: nothing was changed", () => {
    for (const status of [401, 404, 500]) {
      const reply = failedSaveReply({ status, carriesFile: false, typed: false });
      expect(reply.typed).toBe(false);
      expect(reply.message).toContain(NOTHING_CHANGED);
      expect(reply.message).not.toContain("typed");
    }
    expect(
      failedSaveReply({ status: 409, data: "Still used.", carriesFile: false, typed: false })
        .message,
    ).toBe(`Still used. ${NOTHING_CHANGED}`);
  });

  it("refusalWords reads a string, a message or an error; nothing long or marked up", () => {
    expect(refusalWords("  Bad request.  ")).toBe("Bad request.");
    expect(refusalWords({ message: "No." })).toBe("No.");
    expect(refusalWords({ error: "Ended." })).toBe("Ended.");
    expect(refusalWords("x".repeat(301))).toBeNull();
    expect(refusalWords("<p>Hi</p>")).toBeNull();
    expect(refusalWords(null)).toBeNull();
    expect(refusalWords({ message: 3 })).toBeNull();
  });
});
