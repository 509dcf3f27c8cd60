import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEAM_FIELD_LIMITS } from "../app/domain/team/team.schema.ts";
import { createLogger } from "../app/logger.server.ts";
import { DEFAULT_FORM_BODY_LIMIT_BYTES } from "./app.ts";
import { errorHandler, isValidHost, routePathOf } from "./requests.ts";

describe("the form body limit (rules §12)", () => {
  it("is room for the largest real form: Manage Team with a bio at its limit", () => {
    // A bio filled to its limit with a pasted photo (a base64 data URL, as Quill stores it).
    const base64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const prefix = '<p><img src="data:image/jpeg;base64,';
    const suffix = '"></p>';
    const room = TEAM_FIELD_LIMITS.bioMax - prefix.length - suffix.length;
    const photo = base64.repeat(Math.ceil(room / 64)).slice(0, room);
    const body = new URLSearchParams({
      intent: "save",
      requestId: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
      id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
      name: "x".repeat(TEAM_FIELD_LIMITS.nameMax),
      role: "Player",
      number: "x".repeat(TEAM_FIELD_LIMITS.numberMax),
      position: "x".repeat(TEAM_FIELD_LIMITS.positionMax),
      classification: "x".repeat(TEAM_FIELD_LIMITS.classificationMax),
      playingSince: "x".repeat(TEAM_FIELD_LIMITS.playingSinceMax),
      goals: "999",
      assists: "999",
      yellowCards: "999",
      redCards: "999",
      displayOrder: "9999",
      image: `https://example.org/${"x".repeat(TEAM_FIELD_LIMITS.imageMax - 20)}`,
      bio: `${prefix}${photo}${suffix}`,
    }).toString();
    const size = Buffer.byteLength(body);
    // Measured: about 2,128,000 bytes (the bio alone 2,125,028); the limit (3,145,728) leaves room.
    expect(size).toBeGreaterThan(2_000_000);
    expect(size).toBeLessThan(DEFAULT_FORM_BODY_LIMIT_BYTES * 0.75);
  });
});

describe("routePathOf (ADR 017: an upload route's limit covers its .data address)", () => {
  it("reads a single-fetch address, a trailing slash and any case as the route's own path", () => {
    expect(routePathOf("/admin/news")).toBe("/admin/news");
    expect(routePathOf("/admin/news.data")).toBe("/admin/news");
    expect(routePathOf("/admin/news/")).toBe("/admin/news");
    expect(routePathOf("/admin/news/_.data")).toBe("/admin/news");
    expect(routePathOf("/Admin/News.DATA")).toBe("/admin/news");
    expect(routePathOf("/admin/media/upload")).toBe("/admin/media/upload");
    // The root and the root's data address.
    expect(routePathOf("/")).toBe("/");
    expect(routePathOf("/_.data")).toBe("/");
  });

  it("never makes one route's path out of another's", () => {
    expect(routePathOf("/admin/newsdata")).toBe("/admin/newsdata");
    expect(routePathOf("/admin/news.data/")).toBe("/admin/news.data");
    expect(routePathOf("/admin/news/x.data")).toBe("/admin/news/x");
  });
});

describe("isValidHost", () => {
  it("accepts names, IP literals and ports; refuses spaces, slashes and user info", () => {
    for (const host of ["club.example", "localhost:3000", "127.0.0.1:80", "[::1]:3000", "a_b"]) {
      expect(isValidHost(host)).toBe(true);
    }
    for (const host of ["exa mple", "evil.example/x", "a@b", "", "x:999999", undefined]) {
      expect(isValidHost(host)).toBe(false);
    }
  });
});

describe("errorHandler (rules §12)", () => {
  let url = "";
  let log = "";
  let close: () => void = () => {};
  beforeAll(async () => {
    const app = express();
    app.get("/boom", () => {
      throw new Error("secret detail at /srv/app/server.ts");
    });
    app.get("/bad", () => {
      throw Object.assign(new Error("nope"), { status: 400 });
    });
    app.use(
      errorHandler(
        createLogger({
          destination: {
            write(line: string) {
              log += line;
            },
          },
        }),
      ),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("answers an unexpected error with a plain 500 page; the details go to the log", async () => {
    const response = await fetch(`${url}/boom`);
    expect(response.status).toBe(500);
    const page = await response.text();
    expect(page).toContain("Something went wrong");
    expect(page).not.toContain("secret detail");
    expect(page).not.toMatch(/\n\s+at /);
    expect(log).toContain("secret detail");
  });

  it("answers a client's mistake with its 4xx and a short plain message", async () => {
    const response = await fetch(`${url}/bad`);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Bad request.");
  });
});
