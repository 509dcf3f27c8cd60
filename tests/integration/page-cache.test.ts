import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { club } from "../../app/config/club.ts";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { news } from "../../app/db/schema.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import {
  forgetClub,
  getClub,
  getClubSettings,
  saveClubDetails,
} from "../../app/domain/club/club.server.ts";
import { buildNews } from "../../scripts/factories.ts";
import { type FetchHandler, PageCache } from "../../server/page-cache.ts";
import { hasSessionCookie } from "../../server/private-responses.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";

// The public page cache (ADR 007): over real HTTP with the production build, and on its
// own with a counting handler and a clock the test moves.

const ADMIN = { email: "cache-admin@example.org", password: "a long cache test password" };

describeWithDatabases("the public page cache over HTTP", ({ db }) => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle(), { pageCacheSeconds: 30 });
    await createAdministrator(ADMIN);
    cookie = await signIn({ app, ...ADMIN });
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, { headers: { "accept-encoding": "gzip", ...headers } });

  const createNews = (title: string, withCookie = cookie) =>
    fetch(`${app.url}/admin/news`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: app.url,
        cookie: withCookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "save", title, content: "Cache test story." }),
    });

  it("renders a page once, then serves the same bytes with an ETag, and 304 to a browser that has them", async () => {
    const first = await get("/about");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("MISS");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=30, must-revalidate",
    );
    expect(first.headers.get("cdn-cache-control")).toContain("stale-while-revalidate");
    expect(first.headers.get("vary")).toMatch(/Accept-Encoding.*Cookie/);
    expect(first.headers.get("content-encoding")).toBe("gzip");
    const html = await first.text();

    const second = await get("/about");
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    expect(second.headers.get("etag")).toBe(etag);
    expect(await second.text()).toBe(html);
    // The cached page keeps the policy that lists its own inline scripts.
    const csp = second.headers.get("content-security-policy") ?? "";
    expect(csp).toBe(first.headers.get("content-security-policy"));
    const inline = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(csp).toContain(`'sha256-${createHash("sha256").update(inline).digest("base64")}'`);

    const revalidated = await get("/about", { "if-none-match": etag ?? "" });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");

    const plain = await fetch(`${app.url}/about`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(html);
  });

  it("shows an admin's change at once: a successful admin write empties the cache", async () => {
    const before = await (await get("/news")).text();
    expect((await get("/news")).headers.get("x-page-cache")).toBe("HIT");
    expect((await createNews("Cache emptied by the admin")).status).toBe(302);
    const after = await get("/news");
    expect(after.headers.get("x-page-cache")).toBe("MISS");
    const html = await after.text();
    expect(html).toContain("Cache emptied by the admin");
    expect(html).not.toBe(before);
  });

  it("rules §12: a write sent to /Admin/... empties the cache too", async () => {
    await get("/news");
    expect((await get("/news")).headers.get("x-page-cache")).toBe("HIT");
    const response = await fetch(`${app.url}/Admin/news`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "save", title: "Sent to /Admin", content: "Case." }),
    });
    expect(response.status).toBe(302);
    const after = await get("/news");
    expect(after.headers.get("x-page-cache")).toBe("MISS");
    expect(await after.text()).toContain("Sent to /Admin");
  });

  const withHost = (path: string, host: string) =>
    new Promise<{ status: number; cache: string | undefined; body: string }>((resolve, reject) => {
      const { port } = new URL(app.url);
      http
        .get({ host: "127.0.0.1", port, path, headers: { host } }, (response) => {
          let body = "";
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              cache: response.headers["x-page-cache"] as string | undefined,
              body,
            }),
          );
        })
        .on("error", reject);
    });

  it("rules §12: another Host neither shows in the page nor creates a cache entry", async () => {
    const first = await withHost("/fixtures", "evil.example");
    expect(first.status).toBe(200);
    expect(first.body).not.toContain("evil.example");
    expect(first.body).toContain(`webcal://${new URL(club.url).host}/fixtures/calendar.ics`);
    expect(first.cache).toBeUndefined();
    expect((await withHost("/fixtures", "evil.example")).cache).toBeUndefined();
    // The site's own host is kept as before.
    await withHost("/fixtures", new URL(club.url).host);
    expect((await withHost("/fixtures", new URL(club.url).host)).cache).toBe("HIT");
  });

  it("rules §12: once the club's address changes, pages are kept for the new host and no longer for the old", async () => {
    const { id, details } = await getClubSettings();
    const moveTo = async (host: string) => {
      await saveClubDetails({ id, details: { ...details, url: `https://${host}` } });
      forgetClub();
      await getClub();
    };
    try {
      await moveTo("first.example");
      await withHost("/team", "first.example");
      expect((await withHost("/team", "first.example")).cache).toBe("HIT");
      expect((await withHost("/team", "second.example")).cache).toBeUndefined();
      await moveTo("second.example");
      await withHost("/team", "second.example");
      expect((await withHost("/team", "second.example")).cache).toBe("HIT");
      expect((await withHost("/team", "first.example")).cache).toBeUndefined();
    } finally {
      await saveClubDetails({ id, details });
      forgetClub();
      await getClub();
    }
  });

  it("keeps the cache when a write is refused (no session, or invalid input)", async () => {
    await get("/sponsors");
    expect((await get("/sponsors")).headers.get("x-page-cache")).toBe("HIT");
    const forged = await createNews("Never written", "clubsite_session=forged");
    expect(forged.status).toBeGreaterThanOrEqual(400);
    const invalid = await createNews("");
    expect(invalid.status).toBe(400);
    expect((await get("/sponsors")).headers.get("x-page-cache")).toBe("HIT");
  });

  it("never serves or keeps a page for a request with a session", async () => {
    await get("/contact");
    const signedIn = await get("/contact", { cookie });
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(await signedIn.text()).toContain('href="/admin"');
    const anonymous = await get("/contact");
    expect(anonymous.headers.get("x-page-cache")).toBe("HIT");
    expect(await anonymous.text()).toContain('href="/admin/login"');
  });

  it("ADR 025: keys a page on the parameters it reads, so a made-up query string is served the kept page", async () => {
    await get("/about");
    const junk = await get(`/about?utm_source=${randomBytes(8).toString("hex")}`);
    expect(junk.headers.get("x-page-cache")).toBe("HIT");
    // A parameter the page reads is part of the key (in any order, the others left out).
    await get("/news?page=1&ref=a");
    expect((await get("/news?ref=b&page=1")).headers.get("x-page-cache")).toBe("HIT");
    expect((await get("/news?page=2")).headers.get("x-page-cache")).not.toBe("HIT");
  });

  it("ADR 025: a made-up session cookie is anonymous: the kept page, then from memory", async () => {
    await get("/sponsors");
    const madeUp = `clubsite_session=${randomBytes(32).toString("base64url")}`;
    const first = await get("/sponsors", { cookie: madeUp });
    expect(first.headers.get("x-page-cache")).toBe("HIT");
    expect(first.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=30, must-revalidate",
    );
    expect(await first.text()).toContain('href="/admin/login"');
    // Checked once against the database: the fast path answers the next one from memory.
    const served = app.fastPath?.served() ?? 0;
    const again = await get("/sponsors", { cookie: madeUp });
    expect(again.headers.get("x-page-cache")).toBe("HIT");
    expect(app.fastPath?.served()).toBe(served + 1);
    // A real session still skips the cache.
    const signedIn = await get("/sponsors", { cookie });
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    expect(await signedIn.text()).toContain('href="/admin"');
  });

  it("keeps neither not-found pages nor the admin, and caches client navigation data", async () => {
    const missing = await get("/news/not-a-news-id");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-page-cache")).toBeNull();
    expect((await get("/news/not-a-news-id")).headers.get("x-page-cache")).toBeNull();

    const login = await get("/admin/login");
    expect(login.headers.get("x-page-cache")).toBeNull();
    expect(login.headers.get("cache-control")).toBe("no-store");

    // The feeds ask readers to check every time (no-cache): kept here, answered with an ETag.
    await get("/news/rss.xml");
    const feed = await get("/news/rss.xml");
    expect(feed.headers.get("x-page-cache")).toBe("HIT");
    expect(feed.headers.get("cache-control")).toBe("no-cache");
    expect(
      (await get("/news/rss.xml", { "if-none-match": feed.headers.get("etag") ?? "" })).status,
    ).toBe(304);

    await get("/team.data");
    const data = await get("/team.data");
    expect(data.status).toBe(200);
    expect(data.headers.get("x-page-cache")).toBe("HIT");
  });

  it("serves the kept page until its time-to-live ends when the database changed behind the admin", async () => {
    // A direct database write (not through the admin) is only picked up after the TTL, so
    // the cache must bound it: the ETag stays the same while the entry is fresh.
    await get("/news?page=1");
    await db()
      .insert(news)
      .values(buildNews({ title: "Written behind the cache" }));
    const stale = await get("/news?page=1");
    expect(stale.headers.get("x-page-cache")).toBe("HIT");
    expect(await stale.text()).not.toContain("Written behind the cache");
  });
});

describe("PageCache on its own", () => {
  let now = 0;
  let renders = 0;
  let body = "first";
  let server: ReturnType<express.Express["listen"]>;
  let url: string;
  let cache: PageCache;

  let status = 200;
  // When set, a render waits for it (a test holds a render in progress).
  let gate: Promise<void> | undefined;
  // The addresses rendered, as the page saw them.
  let rendered: string[] = [];
  const handler: FetchHandler = async (request) => {
    renders++;
    rendered.push(new URL(request.url).pathname + new URL(request.url).search);
    // Slow enough that concurrent requests overlap.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await gate;
    return new Response(`<p>${body}</p>`, { status, headers: { "content-type": "text/html" } });
  };

  let arrived = () => {};
  let releaseHeld = () => {};
  let held = Promise.resolve();
  /** Keeps "/" at 1 s, changes its text, and moves the clock to `at`: expired by time alone. */
  async function keptThenExpired(at = 31_000) {
    now = 1_000;
    await fetch(`${url}/`);
    body = "second";
    now = at;
  }

  let releaseGate = () => {};
  /** Starts a request for `path` whose render is held until the returned `release` is called. */
  async function heldRender(path: string) {
    gate = new Promise((resolve) => {
      releaseGate = () => {
        gate = undefined;
        resolve();
      };
    });
    const before = renders;
    const answer = fetch(`${url}${path}`);
    while (renders === before) await new Promise((resolve) => setTimeout(resolve, 5));
    return { release: releaseGate, answer };
  }

  /** What `answers` resolve to, failing after 2 s (they waited for the held render). */
  function withoutWaiting<T>(answers: Promise<T>, failure = "the request waited for the render") {
    return Promise.race([
      answers,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(failure)), 2_000)),
    ]);
  }

  beforeAll(async () => {
    cache = new PageCache({
      handler,
      getLoadContext: () => new RouterContextProvider(),
      ttlMs: 30_000,
      hasSession: hasSessionCookie,
      maxEntries: 2,
      now: () => now,
    });
    const app = express();
    app.use(cache.serve);
    // Stands for the middleware between the two (the static files' lookup): a test can hold
    // a request there.
    app.use((req, _res, next) => {
      if (req.headers["x-held"]) {
        arrived();
        void held.then(() => next());
      } else next();
    });
    app.use(cache.render);
    app.post("/admin/news", (_req, res) => {
      res.status(302).end();
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    cache.close();
    server.close();
  });
  afterEach(() => {
    cache.invalidate();
    renders = 0;
    rendered = [];
    body = "first";
    status = 200;
    releaseGate();
    releaseHeld();
  });

  it("renders again once the time-to-live has passed", async () => {
    now = 1_000;
    await fetch(`${url}/`);
    body = "second";
    now = 30_999;
    expect(await (await fetch(`${url}/`)).text()).toBe("<p>first</p>");
    now = 31_000;
    expect(await (await fetch(`${url}/`)).text()).toBe("<p>second</p>");
    expect(renders).toBe(2);
  });

  it("serves the expired copy, marked STALE, to others while one request renders it again", async () => {
    await keptThenExpired();
    const held = await heldRender("/");
    const meanwhile = await withoutWaiting(Promise.all([fetch(`${url}/`), fetch(`${url}/`)]));
    expect(meanwhile.map((r) => r.headers.get("x-page-cache"))).toEqual(["STALE", "STALE"]);
    expect(await Promise.all(meanwhile.map((r) => r.text()))).toEqual([
      "<p>first</p>",
      "<p>first</p>",
    ]);
    held.release();
    const renderer = await held.answer;
    expect(renderer.headers.get("x-page-cache")).toBe("MISS");
    expect(await renderer.text()).toBe("<p>second</p>");
    const after = await fetch(`${url}/`);
    expect([after.headers.get("x-page-cache"), await after.text()]).toEqual([
      "HIT",
      "<p>second</p>",
    ]);
    expect(renders).toBe(2);
  });

  it("serves the copy from the moment a request sets off to render it, not only once it renders", async () => {
    await keptThenExpired();
    // A HEAD does not render through the cache: it leaves the page to the next GET.
    expect((await fetch(`${url}/`, { method: "HEAD" })).headers.get("x-page-cache")).toBeNull();
    held = new Promise((resolve) => {
      releaseHeld = resolve;
    });
    const passedServe = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const setOff = fetch(`${url}/`, { headers: { "x-held": "1" } });
    await withoutWaiting(passedServe, "the request was answered before setting off to render");
    const meanwhile = await withoutWaiting(fetch(`${url}/`));
    expect(renders).toBe(1);
    expect([meanwhile.headers.get("x-page-cache"), await meanwhile.text()]).toEqual([
      "STALE",
      "<p>first</p>",
    ]);
    releaseHeld();
    expect(await (await setOff).text()).toBe("<p>second</p>");
    expect(renders).toBe(2);
  });

  it("never serves a copy twice the time-to-live old, or one from before a change", async () => {
    await keptThenExpired(61_000);
    const old = await heldRender("/");
    const waiting = fetch(`${url}/`);
    old.release();
    expect(await (await old.answer).text()).toBe("<p>second</p>");
    expect(await (await waiting).text()).toBe("<p>second</p>");

    now = 62_000;
    await fetch(`${url}/admin/news`, { method: "POST" });
    body = "third";
    now = 93_000;
    const changed = await heldRender("/");
    const afterChange = fetch(`${url}/`);
    changed.release();
    await changed.answer;
    expect(await (await afterChange).text()).toBe("<p>third</p>");
  });

  it("drops the expired copy when the page renders as something it cannot keep", async () => {
    await keptThenExpired();
    status = 500;
    expect((await fetch(`${url}/`)).status).toBe(500);
    // The next render is under way: a request meanwhile is not given the old copy.
    const held = await heldRender("/");
    const meanwhile = fetch(`${url}/`);
    held.release();
    expect((await held.answer).status).toBe(500);
    const answer = await meanwhile;
    expect([answer.status, answer.headers.get("x-page-cache")]).toEqual([500, null]);
  });

  it("renders a page once for many visitors asking at the same time", async () => {
    const pages = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${url}/busy`).then((r) => r.text())),
    );
    expect(new Set(pages)).toEqual(new Set(["<p>first</p>"]));
    expect(renders).toBe(1);
  });

  it("keeps at most maxEntries pages, forgetting the least recently used", async () => {
    await fetch(`${url}/a`);
    await fetch(`${url}/b`);
    await fetch(`${url}/a`);
    await fetch(`${url}/c`);
    expect(cache.size).toBe(2);
    expect((await fetch(`${url}/a`)).headers.get("x-page-cache")).toBe("HIT");
    expect((await fetch(`${url}/b`)).headers.get("x-page-cache")).toBe("MISS");
  });

  it("ADR 025: keys a page on the parameters pages read, and renders it without the others", async () => {
    await fetch(`${url}/a?utm_source=1`);
    expect((await fetch(`${url}/a?utm_source=2&fbclid=3`)).headers.get("x-page-cache")).toBe("HIT");
    expect((await fetch(`${url}/a`)).headers.get("x-page-cache")).toBe("HIT");
    await fetch(`${url}/a?tab=table&x=1&season=2025`);
    expect((await fetch(`${url}/a?season=2025&tab=table`)).headers.get("x-page-cache")).toBe("HIT");
    expect(rendered).toEqual(["/a", "/a?season=2025&tab=table"]);
  });

  it("ADR 025: junk addresses never evict the site's own pages", async () => {
    await fetch(`${url}/a`);
    await fetch(`${url}/b`);
    for (const junk of ["/A", "/a/", "/B", "/%61", "/b?page=9", "/c/", "/a?page=2"]) {
      expect((await fetch(`${url}${junk}`)).status).toBe(200);
    }
    expect((await fetch(`${url}/a`)).headers.get("x-page-cache")).toBe("HIT");
    expect((await fetch(`${url}/b`)).headers.get("x-page-cache")).toBe("HIT");
  });

  it("empties itself after an admin write that succeeded", async () => {
    await fetch(`${url}/`);
    expect((await fetch(`${url}/`)).headers.get("x-page-cache")).toBe("HIT");
    await fetch(`${url}/admin/news`, { method: "POST" });
    expect((await fetch(`${url}/`)).headers.get("x-page-cache")).toBe("MISS");
  });
});
