import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../app/domain/auth/session.server.ts";
import { hasSessionCookie, privateResponses } from "./private-responses.ts";

describe("privateResponses", () => {
  let server: ReturnType<express.Express["listen"]>;
  let base = "";
  beforeAll(async () => {
    const app = express();
    app.use(privateResponses());
    app.get("/page", (_req, res) => {
      res.setHeader("Cache-Control", "public, max-age=60");
      res.send("page");
    });
    app.get("/admin", (_req, res) => {
      res.setHeader("Cache-Control", "no-store");
      res.send("admin");
    });
    app.get("/sign-in", (_req, res) => {
      res.setHeader("Set-Cookie", `${SESSION_COOKIE}=x; HttpOnly`);
      res.send("signed in");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
  });

  it("leaves an anonymous answer as the route made it", async () => {
    const response = await fetch(`${base}/page`, { headers: { cookie: "cookieConsent=accepted" } });
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("marks an answer to a session-bearing request private, no-store", async () => {
    const response = await fetch(`${base}/page`, {
      headers: { cookie: `other=1; ${SESSION_COOKIE}=abc` },
    });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("keeps an answer that is already no-store as it is", async () => {
    const response = await fetch(`${base}/admin`, { headers: { cookie: `${SESSION_COOKIE}=abc` } });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("marks an answer that sets a cookie private, no-store", async () => {
    const response = await fetch(`${base}/sign-in`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("finds the session cookie among others, and only it", () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie(`a=1;${SESSION_COOKIE}=x`)).toBe(true);
    expect(hasSessionCookie(`not_${SESSION_COOKIE}=x`)).toBe(false);
  });
});
