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
  it("names a create, an update and a delete by the screen's label field", () => {
    expect(
      describeChange({
        fields: [
          ["intent", "save"],
          ["title", " Cup final "],
        ],
        labelField: "title",
      }),
    ).toEqual({ kind: "create", label: "Add: “Cup final”" });
    expect(
      describeChange({
        fields: [
          ["id", "1"],
          ["intent", "save"],
          ["name", "Jo"],
        ],
        labelField: "name",
      }),
    ).toEqual({ kind: "update", label: "Update: “Jo”" });
    expect(
      describeChange({
        fields: [
          ["intent", "delete"],
          ["id", "1"],
        ],
        labelField: "title",
      }),
    ).toEqual({ kind: "delete", label: "Delete" });
    expect(describeChange({ fields: [["intent", "undo"]], labelField: "title" })).toEqual({
      kind: "other",
      label: "Change",
    });
  });

  it("never guesses a name from another screen's field", () => {
    // A table row's form has a `team` field, but Fixtures names its records by opponent.
    expect(
      describeChange({
        fields: [
          ["team", "Lions"],
          ["opponent", "Tigers"],
        ],
        labelField: "opponent",
      }),
    ).toEqual({ kind: "create", label: "Add: “Tigers”" });
    expect(describeChange({ fields: [["title", "Cup"]], labelField: undefined })).toEqual({
      kind: "create",
      label: "Add",
    });
  });
});

describe("refusalMessage", () => {
  it("gives the server's own words for a refused change", () => {
    expect(refusalMessage({ kind: "refused", message: "That news item no longer exists." })).toBe(
      "That news item no longer exists.",
    );
    expect(
      refusalMessage({
        status: "error",
        error: { "": ["Nothing was saved."], title: ["Title is required"] },
      }),
    ).toBe("Nothing was saved. title: Title is required");
    expect(
      refusalMessage({
        kind: "invalid",
        submission: { status: "error", error: { name: ["Name is required"] } },
      }),
    ).toBe("name: Name is required");
  });

  it("finds no refusal in a success", () => {
    expect(refusalMessage(undefined)).toBeNull();
    expect(
      refusalMessage({ kind: "deleted", id: "1", message: "x", undo: { token: "t", label: "x" } }),
    ).toBeNull();
    expect(refusalMessage({ kind: "restored", id: "1", message: "“x” restored." })).toBeNull();
    expect(refusalMessage({ kind: "saved", id: "1", message: "Saved.", focus: "row" })).toBeNull();
    expect(refusalMessage({ status: "success" })).toBeNull();
  });
});
