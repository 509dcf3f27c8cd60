import { describe, expect, it } from "vitest";
import {
  canQueue,
  describeChange,
  isCacheablePublicPath,
  isServerAnswer,
  nextConnectionState,
  OUTBOX_MAX_BATCHES,
  refusalMessage,
  tellsAboutServer,
} from "./rules.ts";

describe("nextConnectionState", () => {
  it("starts Unknown and goes Online on a success, Offline on a failure or a timeout", () => {
    expect(nextConnectionState({ state: "unknown", event: "success", browserOnline: true })).toBe(
      "online",
    );
    for (const event of ["failure", "timeout", "browser-offline"] as const) {
      expect(nextConnectionState({ state: "unknown", event, browserOnline: true })).toBe("offline");
      expect(nextConnectionState({ state: "online", event, browserOnline: true })).toBe("offline");
    }
  });

  it("comes back Online on the next success", () => {
    expect(nextConnectionState({ state: "offline", event: "success", browserOnline: true })).toBe(
      "online",
    );
  });

  it("does not count an answer while the browser is offline (it came from a cache)", () => {
    expect(nextConnectionState({ state: "offline", event: "success", browserOnline: false })).toBe(
      "offline",
    );
    expect(nextConnectionState({ state: "unknown", event: "success", browserOnline: false })).toBe(
      "unknown",
    );
  });
});

describe("canQueue", () => {
  it("takes up to 10 pending batches and refuses the 11th", () => {
    expect(OUTBOX_MAX_BATCHES).toBe(10);
    expect(canQueue(0)).toBe(true);
    expect(canQueue(9)).toBe(true);
    expect(canQueue(10)).toBe(false);
    expect(canQueue(11)).toBe(false);
  });
});

describe("isServerAnswer", () => {
  it("counts any status but network errors and 'backend unreachable' ones", () => {
    expect(isServerAnswer(200)).toBe(true);
    expect(isServerAnswer(400)).toBe(true);
    expect(isServerAnswer(404)).toBe(true);
    expect(isServerAnswer(500)).toBe(true);
    for (const status of [0, 502, 503, 504]) expect(isServerAnswer(status)).toBe(false);
  });
});

describe("tellsAboutServer", () => {
  it("ignores React Router's year-long cached manifest", () => {
    expect(tellsAboutServer("/__manifest")).toBe(false);
    expect(tellsAboutServer("/news.data")).toBe(true);
    expect(tellsAboutServer("/admin/news")).toBe(true);
  });
});

describe("isCacheablePublicPath", () => {
  it("keeps public pages and their data", () => {
    for (const path of ["/", "/news", "/news/abc", "/team/jo-bloggs", "/fixtures", "/_root.data"]) {
      expect(isCacheablePublicPath(path)).toBe(true);
    }
    expect(isCacheablePublicPath("/news.data")).toBe(true);
    expect(isCacheablePublicPath("/team/jo-bloggs.data")).toBe(true);
  });

  it("never keeps admin pages, their data, health or files", () => {
    for (const path of [
      "/admin",
      "/admin.data",
      "/admin/news",
      "/admin/news.data",
      "/admin/login",
      "/healthz",
      "/__manifest",
      "/assets/app-123.js",
      "/sw.js",
      "/news/feed.xml",
      "/favicon.svg",
    ]) {
      expect(isCacheablePublicPath(path)).toBe(false);
    }
  });

  it("does not take /administration-like public paths for admin", () => {
    expect(isCacheablePublicPath("/administrators-guide")).toBe(true);
  });
});

describe("describeChange", () => {
  it("names a create, an update and a delete by what was typed", () => {
    expect(
      describeChange([
        ["intent", "save"],
        ["title", " Cup final "],
      ]),
    ).toEqual({ kind: "create", label: "Add: “Cup final”" });
    expect(
      describeChange([
        ["id", "1"],
        ["intent", "save"],
        ["name", "Jo"],
      ]),
    ).toEqual({ kind: "update", label: "Update: “Jo”" });
    expect(describeChange([["opponent", "Lions"]])).toEqual({
      kind: "create",
      label: "Add: “Lions”",
    });
    expect(
      describeChange([
        ["intent", "delete"],
        ["id", "1"],
      ]),
    ).toEqual({ kind: "delete", label: "Delete" });
    expect(describeChange([["intent", "undo"]])).toEqual({ kind: "other", label: "Change" });
  });
});

describe("refusalMessage", () => {
  it("gives the server's own words for a refused change", () => {
    expect(refusalMessage({ refused: "That news item no longer exists." })).toBe(
      "That news item no longer exists.",
    );
    expect(refusalMessage({ error: "Your session has ended. Please sign in again." })).toBe(
      "Your session has ended. Please sign in again.",
    );
    expect(
      refusalMessage({
        status: "error",
        error: { "": ["Nothing was saved."], title: ["Title is required"] },
      }),
    ).toBe("Nothing was saved. title: Title is required");
    expect(
      refusalMessage({ result: { status: "error", error: { name: ["Name is required"] } } }),
    ).toBe("name: Name is required");
  });

  it("finds no refusal in a success", () => {
    expect(refusalMessage(undefined)).toBeNull();
    expect(refusalMessage({ undo: { token: "t", label: "x" } })).toBeNull();
    expect(refusalMessage({ restored: "“x” restored." })).toBeNull();
    expect(refusalMessage({ status: "success" })).toBeNull();
  });
});
