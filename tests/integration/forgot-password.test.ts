import { afterAll, beforeAll, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { RESET_ANSWER_MS } from "../../app/domain/auth/rules.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";

// Forgot password through the real host, with the page cache on (ADR 024): the answer takes
// the same time for a known and an unknown address, and an anonymous request never empties
// the cache of public pages (an administrator's own write still does).

// A mail server that is not there: the page exists (it needs SMTP_URL), sending fails and is
// logged, and the answer is the same.
process.env.SMTP_URL = "smtp://127.0.0.1:4399";

const ADMIN = { email: "keeper@club.example", password: "amber-kettle-river-42" };

describeWithDatabases("Forgot password over HTTP", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle(), { pageCacheSeconds: 30, trustProxy: 1 });
    await createAdministrator(ADMIN);
  });
  afterAll(async () => {
    await app?.close();
  });

  const forgot = async (email: string, address: string) => {
    const started = performance.now();
    const response = await fetch(`${app.url}/admin/forgot-password`, {
      method: "POST",
      headers: {
        origin: app.url,
        "content-type": "application/x-www-form-urlencoded",
        // Each request from an address of its own: the per-address limit is not what is tested.
        "x-forwarded-for": address,
      },
      body: new URLSearchParams({ email }),
    });
    await response.text();
    return { status: response.status, ms: performance.now() - started };
  };
  const cacheOf = async (path: string) => {
    const response = await fetch(`${app.url}${path}`);
    await response.text();
    return response.headers.get("x-page-cache");
  };

  it("answers a known and an unknown address alike, and no sooner than its fixed time", async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let n = 0; n < 5; n++) {
      const a = await forgot(ADMIN.email, `10.1.0.${n}`);
      const b = await forgot(`nobody${n}@club.example`, `10.2.0.${n}`);
      expect([a.status, b.status]).toEqual([200, 200]);
      known.push(a.ms);
      unknown.push(b.ms);
    }
    // The work differs by a few milliseconds; the answer waits out the fixed time either way.
    for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 1);
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[2] ?? 0;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(RESET_ANSWER_MS / 4);
  });

  it("never empties the page cache for an anonymous visitor; an administrator's write does", async () => {
    await cacheOf("/about");
    expect(await cacheOf("/about")).toBe("HIT");
    expect((await forgot(ADMIN.email, "10.3.0.1")).status).toBe(200);
    expect((await forgot("ghost@club.example", "10.3.0.2")).status).toBe(200);
    // A failed sign-in, and a post to a one-time link's page, are anonymous too.
    await fetch(`${app.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: ADMIN.email, password: "not the password at all" }),
    });
    await fetch(`${app.url}/admin/set-password/${"A".repeat(43)}`, {
      method: "POST",
      headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ newPassword: "x", confirmPassword: "x" }),
    });
    expect(await cacheOf("/about")).toBe("HIT");

    const cookie = await signIn({ app, ...ADMIN });
    const saved = await fetch(`${app.url}/admin/news`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "save",
        title: "Cache emptied",
        content: "By an admin.",
      }),
    });
    expect(saved.status).toBe(302);
    expect(await cacheOf("/about")).toBe("MISS");
  });
});
