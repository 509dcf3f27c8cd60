import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { pino } from "pino";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { news, teamMembers } from "../../app/db/schema.ts";
import { SESSION_COOKIE } from "../../app/domain/auth/session.server.ts";
import { buildNews, buildTeamMember } from "../../scripts/factories.ts";
import { createHost } from "../../server/app.ts";
import { createFastPath, createHttpServer, type FastPath } from "../../server/fast-path.ts";
import { PageCache } from "../../server/page-cache.ts";
import { hasSessionCookie } from "../../server/private-responses.ts";
import { loadServerBuild } from "../app.ts";
import { describeWithDatabases } from "../db.ts";

// The fast path (ADR 007): a kept page answered before Express must carry exactly the
// headers and bytes Express sends for the same kept page. One host (one page cache), two
// HTTP servers: Express alone, and the fast path in front of the same Express application.

const root = path.resolve(import.meta.dirname, "../..");

interface Answer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

function request({
  url,
  method = "GET",
  headers = {},
}: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          pairs.push([String(res.rawHeaders[i]).toLowerCase(), String(res.rawHeaders[i + 1])]);
        }
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

// Every header but the clock's, sorted: the order of headers carries no meaning.
const comparable = (answer: Answer) =>
  answer.headers.filter(([name]) => name !== "date").sort(([a], [b]) => a.localeCompare(b));

describeWithDatabases("the fast path in front of Express", ({ db }) => {
  const logLines: string[] = [];
  let expressOnly: http.Server;
  let withFastPath: http.Server;
  let fastPath: FastPath;
  let expressUrl: string;
  let fastUrl: string;
  const pages: string[] = ["/", "/news", "/team", "/fixtures", "/fixtures?tab=table"];

  beforeAll(async () => {
    const [item] = await db()
      .insert(news)
      .values(buildNews({ title: "Fast path story", content: "Served before Express." }))
      .returning();
    await db()
      .insert(teamMembers)
      .values(buildTeamMember({ name: "Fast Path Player", slug: "fast-path-player" }));
    pages.push(`/news/${item?.id}`, "/team/fast-path-player", "/news/rss.xml", "/news.data");

    // TRUST_PROXY on, so one test can ask as if over HTTPS (HSTS) through a proxy.
    const logger = pino({ level: "info" }, { write: (line: string) => logLines.push(line) });
    const host = createHost({
      database: getDatabaseHandle(),
      logger,
      trustProxy: 1,
      pageCacheSeconds: 30,
      build: { server: await loadServerBuild(), clientDir: path.join(root, "build/client") },
    });
    expressOnly = http.createServer(host.app);
    const created = createHttpServer({ host, logger });
    withFastPath = created.server;
    if (!created.fastPath) throw new Error("the page cache is on: there must be a fast path");
    fastPath = created.fastPath;
    const listen = async (server: http.Server) => {
      server.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    expressUrl = await listen(expressOnly);
    fastUrl = await listen(withFastPath);
    hostHeader.host = new URL(expressUrl).host;
  });
  afterAll(async () => {
    fastPath?.close();
    for (const server of [expressOnly, withFastPath]) {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    }
  });

  // The same Host header on both servers (a known host: the loopback name and the port of the Express server).
  const hostHeader: Record<string, string> = {};

  /** The kept page from Express, then from the fast path; checks the fast path answered. */
  async function bothPaths(target: string, headers: Record<string, string>, method = "GET") {
    const all = { ...hostHeader, ...headers };
    // The first request renders the page and keeps it (through Express either way).
    const { "if-none-match": _conditional, ...unconditional } = all;
    const first = await request({ url: fastUrl + target, headers: unconditional });
    expect(first.status, `${target} renders`).toBe(200);
    const viaExpress = await request({ url: expressUrl + target, headers: all, method });
    const servedBefore = fastPath.served();
    const viaFastPath = await request({ url: fastUrl + target, headers: all, method });
    expect(fastPath.served(), `${target} was answered by the fast path`).toBe(servedBefore + 1);
    return { viaExpress, viaFastPath };
  }

  it("sends the same status, headers and bytes as Express for each kept page (gzip and identity)", async () => {
    for (const target of pages) {
      for (const encoding of ["gzip, deflate, br", "identity"]) {
        const { viaExpress, viaFastPath } = await bothPaths(target, {
          "accept-encoding": encoding,
        });
        expect(viaExpress.status).toBe(200);
        expect(
          viaExpress.headers.find(([name]) => name === "x-page-cache")?.[1],
          `${target}: Express answered from the cache`,
        ).toBe("HIT");
        expect(comparable(viaFastPath), `${target} (${encoding})`).toEqual(comparable(viaExpress));
        expect(viaFastPath.status).toBe(viaExpress.status);
        expect(viaFastPath.body.equals(viaExpress.body), `${target} body`).toBe(true);
      }
    }
    // Spot checks that the compared headers are the real thing (not two empty lists).
    const { viaFastPath } = await bothPaths("/", { "accept-encoding": "gzip" });
    const names = viaFastPath.headers.map(([name]) => name);
    for (const name of [
      "content-security-policy",
      "x-content-type-options",
      "x-frame-options",
      "referrer-policy",
      "permissions-policy",
      "cross-origin-opener-policy",
      "etag",
      "vary",
      "cache-control",
      "cdn-cache-control",
      "content-encoding",
      "content-length",
    ]) {
      expect(names, `fast path sends ${name}`).toContain(name);
    }
  });

  it("answers If-None-Match with the same 304, and HEAD with the same headers and no body", async () => {
    for (const target of ["/", "/news", "/team"]) {
      const page = await request({
        url: fastUrl + target,
        headers: { ...hostHeader, "accept-encoding": "gzip" },
      });
      const etag = page.headers.find(([name]) => name === "etag")?.[1] ?? "";
      const revalidate = await bothPaths(target, {
        "accept-encoding": "gzip",
        "if-none-match": etag,
      });
      expect(revalidate.viaExpress.status).toBe(304);
      expect(revalidate.viaFastPath.status).toBe(304);
      expect(comparable(revalidate.viaFastPath)).toEqual(comparable(revalidate.viaExpress));
      expect(revalidate.viaFastPath.body.length).toBe(0);

      const head = await bothPaths(target, { "accept-encoding": "gzip" }, "HEAD");
      expect(comparable(head.viaFastPath)).toEqual(comparable(head.viaExpress));
      expect(head.viaFastPath.body.length).toBe(0);
    }
  });

  it("sends HSTS over HTTPS behind a trusted proxy, as Express does", async () => {
    const { viaExpress, viaFastPath } = await bothPaths("/about", {
      "accept-encoding": "gzip",
      "x-forwarded-proto": "https",
    });
    expect(viaFastPath.headers.map(([name]) => name)).toContain("strict-transport-security");
    expect(comparable(viaFastPath)).toEqual(comparable(viaExpress));
  });

  it("leaves to Express what it must: a session, the admin, the health check, a write", async () => {
    await request({ url: `${fastUrl}/sponsors`, headers: hostHeader });
    const before = fastPath.served();
    const signedIn = await request({
      url: `${fastUrl}/sponsors`,
      // A session cookie nobody has checked yet: Express asks the database first (ADR 025).
      headers: { ...hostHeader, cookie: `${SESSION_COOKIE}=${"s".repeat(43)}` },
    });
    expect(signedIn.headers.find(([name]) => name === "x-page-cache")?.[1]).toBe("HIT");
    await request({ url: `${fastUrl}/admin/login`, headers: hostHeader });
    await request({ url: `${fastUrl}/healthz`, headers: hostHeader });
    await request({ url: `${fastUrl}/sponsors`, headers: hostHeader, method: "POST" });
    expect(fastPath.served()).toBe(before);
  });

  it("logs what it served as counts, not a line per request", async () => {
    const lines = logLines.length;
    for (let i = 0; i < 20; i++) await request({ url: `${fastUrl}/`, headers: hostHeader });
    expect(logLines.length).toBe(lines);
    fastPath.close();
    const summary = JSON.parse(logLines.at(-1) ?? "{}");
    expect(summary.msg).toBe("page cache: pages served before Express");
    expect(summary.fastPath.paths["/"]).toBeGreaterThanOrEqual(20);
    expect(summary.pageCache.pages).toBeGreaterThan(0);
    expect(summary.pageCache.bytes).toBeGreaterThan(0);
  });
});

describe("the fast path and an expired page", () => {
  it("serves the old copy as STALE while a request renders the page again", async () => {
    let now = 0;
    let body = "first";
    let renders = 0;
    let gate: Promise<void> | undefined;
    let release = () => {};
    const cache = new PageCache({
      handler: async () => {
        renders++;
        await gate;
        return new Response(`<p>${body}</p>`, { headers: { "content-type": "text/html" } });
      },
      getLoadContext: () => new RouterContextProvider(),
      ttlMs: 30_000,
      hasSession: hasSessionCookie,
      now: () => now,
    });
    const app = express();
    app.use(cache.serve, cache.render);
    const fastPath = createFastPath({
      pageCache: cache,
      trust: () => false,
      logger: pino({ level: "silent" }),
    });
    const server = http.createServer(fastPath.listener(app));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const state = (answer: Answer) => answer.headers.find(([name]) => name === "x-page-cache")?.[1];
    try {
      await request({ url });
      // Its fresh answer is prepared first: the stale one must not reuse it.
      expect(state(await request({ url }))).toBe("HIT");
      now = 31_000;
      body = "second";
      gate = new Promise((resolve) => {
        release = resolve;
      });
      const renderer = request({ url });
      while (renders < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      const served = fastPath.served();
      const stale = await request({ url });
      expect(fastPath.served(), "answered by the fast path").toBe(served + 1);
      expect([state(stale), stale.body.toString()]).toEqual(["STALE", "<p>first</p>"]);
      release();
      const rendered = await renderer;
      expect([state(rendered), rendered.body.toString()]).toEqual(["MISS", "<p>second</p>"]);
      const kept = await request({ url });
      expect([state(kept), kept.body.toString()]).toEqual(["HIT", "<p>second</p>"]);
      expect(fastPath.served()).toBe(served + 2);
    } finally {
      release();
      fastPath.close();
      cache.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("what the page cache keys", () => {
  it("leaves React Router's route discovery alone: its parameters are its answer", () => {
    const cache = new PageCache({
      handler: async () =>
        new Response("<p>page</p>", { headers: { "content-type": "text/html" } }),
      getLoadContext: () => new RouterContextProvider(),
      ttlMs: 30_000,
      hasSession: () => false,
    });
    const parts = (url: string) => ({
      path: url.split("?")[0] ?? url,
      protocol: "http",
      host: "127.0.0.1",
      url,
      cookie: undefined,
    });
    // Kept without `version`, the manifest would answer a mismatch and the browser reload.
    expect(cache.keyFor(parts("/__manifest?p=%2Fadmin&version=abc"))).toBeNull();
    expect(cache.keyFor(parts("/about?utm_source=x"))).toBe("http:/about");
  });
});
