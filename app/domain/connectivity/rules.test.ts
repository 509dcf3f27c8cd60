import { describe, expect, it } from "vitest";
import {
  isCacheablePublicPath,
  isServerAnswer,
  nextConnectionState,
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
      // ADR 034: a preview link of an unpublished story, and its data.
      "/news/preview/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ",
      "/news/preview/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.data",
    ]) {
      expect(isCacheablePublicPath(path)).toBe(false);
    }
  });

  it("does not take /administration-like public paths for admin", () => {
    expect(isCacheablePublicPath("/administrators-guide")).toBe(true);
  });
});
