import fs from "node:fs";
import http from "node:http";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server.ts";
import { activity, fixtures, news } from "../../app/db/schema.ts";
import { LOCKOUT_NOTE } from "../../app/domain/auth/rules.ts";
import { CONTACT_RATE_LIMIT } from "../../app/domain/contact/rules.ts";
import { parseMediaRef } from "../../app/domain/media/rules.ts";
import { buildFixture } from "../../scripts/factories.ts";
import { availableDrivers, openTestDatabase } from "../db.ts";
import { follow, stateOf } from "../live-follower.ts";
import {
  migratedDataDir,
  type ServerProcess,
  startServerProcess,
  urlOf,
} from "../server-process.ts";

// Several server processes (ADR 010): two servers on one PostgreSQL share sessions, login
// limits, once-only request ids, uploads (ADR 017: each serves the other's files), and empty
// each other's page caches through change notices;
// WEB_CONCURRENCY runs several processes on PostgreSQL and one on the embedded database.

const EMAIL = "scale@club.example";
// Starting servers as real processes: slow on a busy two-core machine.
const SLOW = 240_000;
const PASSWORD = "amber-kettle-river-42";

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

async function post(
  server: ServerProcess,
  pathname: string,
  fields: Record<string, string>,
  cookie = "",
) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: server.url,
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body: form(fields),
  });
}

async function signIn(server: ServerProcess, email: string, password: string) {
  const response = await post(server, "/admin/login", { email, password });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}

// A fresh connection per request, so that a cluster's primary hands each to the next worker.
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

async function until<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  seconds = 10,
): Promise<T> {
  for (let i = 0; i < seconds * 20; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never happened: ${what}`);
}

// Defined only when PostgreSQL is available, like every database suite (tests/db.ts).
if (availableDrivers().includes("postgres"))
  describe("two servers on one PostgreSQL [postgres]", () => {
    let handle: DatabaseHandle;
    let a: ServerProcess;
    let b: ServerProcess;
    let cookie: string;

    beforeAll(async () => {
      handle = await openTestDatabase("postgres");
      const databaseUrl = urlOf((handle.db as unknown as { $client: unknown }).$client);
      // A page kept for an hour: only a change notice can explain B showing a change made on A.
      const shared = { DATABASE_URL: databaseUrl, PAGE_CACHE_SECONDS: "3600" };
      a = await startServerProcess({
        ...shared,
        SEED_DEMO: "1",
        ADMIN_EMAIL: EMAIL,
        ADMIN_PASSWORD: PASSWORD,
      });
      // ADR 034: an item whose publish time passed while no server was looking; B publishes it
      // as it starts (unless A's own turn came first): once either way.
      await handle.db.insert(news).values({
        title: "Scheduled while nobody looked",
        content: "Published at start.",
        status: "scheduled",
        publishAt: new Date(Date.now() - 60_000),
        date: null,
        slug: "scheduled-while-nobody-looked",
      });
      b = await startServerProcess(shared);
      cookie = await signIn(a, EMAIL, PASSWORD);
    }, SLOW);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await handle?.close();
    });

    it("shows an admin change made through A on B's next anonymous page", async () => {
      // B keeps /news once it has heard of every change so far: the scheduled item published as
      // the servers started may reach B's listener after its first render, which it then forgets.
      const kept = await until(async () => {
        const response = await fetch(`${b.url}/news`);
        return response.headers.get("x-page-cache") === "HIT" ? response : undefined;
      }, "B keeps /news");
      expect(await kept.text()).not.toContain("Told on server A");

      const saved = await post(
        a,
        "/admin/news",
        { intent: "save", title: "Told on server A", content: "Heard on server B." },
        cookie,
      );
      expect(saved.status).toBe(302);

      const fresh = await until(async () => {
        const response = await fetch(`${b.url}/news`);
        const html = await response.text();
        return html.includes("Told on server A") ? response : undefined;
      }, "B shows the news item");
      expect(fresh.headers.get("x-page-cache")).toBe("MISS");
    });

    it("publishes a scheduled item once (one Activity record) and both servers show it", async () => {
      for (const server of [a, b]) {
        await until(async () => {
          const response = await fetch(`${server.url}/news/scheduled-while-nobody-looked`);
          return response.status === 200 ? response : undefined;
        }, `${server.url} shows the scheduled item`);
      }
      const [item] = await handle.db
        .select({ id: news.id, status: news.status })
        .from(news)
        .where(eq(news.slug, "scheduled-while-nobody-looked"));
      expect(item?.status).toBe("published");
      const [published] = await handle.db
        .select({ count: count() })
        .from(activity)
        .where(and(eq(activity.recordId, item?.id ?? ""), eq(activity.action, "publish")));
      expect(published?.count).toBe(1);
    });

    it("serves an image uploaded through either server from the other, byte for byte", async () => {
      // Two different photos: one uploaded through A, one through B.
      const photos = await Promise.all(
        ["#1d4ed8", "#b91c1c"].map((background) =>
          sharp({ create: { width: 800, height: 500, channels: 3, background } })
            .jpeg()
            .toBuffer(),
        ),
      );
      for (const [from, to, photo] of [
        [a, b, photos[0]],
        [b, a, photos[1]],
      ] as const) {
        const body = new FormData();
        body.set("kind", "photo");
        body.set("file", new File([new Uint8Array(photo ?? [])], "shared.jpg"));
        const uploaded = await fetch(`${from.url}/admin/media/upload`, {
          method: "POST",
          headers: { origin: from.url, cookie },
          body,
        });
        expect(uploaded.status).toBe(200);
        const { url } = (await uploaded.json()) as { url: string };
        const ref = parseMediaRef(url);
        if (!ref) throw new Error(`not an upload's address: ${url}`);
        for (const name of [`${ref.hash}-640.webp`, `${ref.hash}-320.avif`, url.slice(7)]) {
          const here = await fetch(`${from.url}/media/${name}`);
          const there = await fetch(`${to.url}/media/${name}`);
          expect(there.status, name).toBe(200);
          expect(there.headers.get("content-type")).toBe(here.headers.get("content-type"));
          expect(Buffer.from(await there.arrayBuffer())).toEqual(
            Buffer.from(await here.arrayBuffer()),
          );
        }
      }
    });

    it("counts login failures sent to either server against one limit", async () => {
      // Two failures on each server; the fifth, on A, reaches the limit of five...
      for (const server of [a, b, a, b, a]) {
        expect(
          (await post(server, "/admin/login", { email: EMAIL, password: "wrong-one" })).status,
        ).toBe(401);
      }
      // ...so B, which saw only two of them, refuses even the right password.
      const refused = await post(b, "/admin/login", { email: EMAIL, password: PASSWORD });
      expect(refused.status).toBe(429);
      expect(await refused.text()).toContain(LOCKOUT_NOTE);
      expect((await post(a, "/admin/login", { email: EMAIL, password: PASSWORD })).status).toBe(
        429,
      );
    });

    it("limits contact messages sent to either server together", async () => {
      for (const [n, server] of [a, b, a, b, a].entries()) {
        const sent = await post(server, "/contact", {
          name: "Sender",
          email: `sender${n}@example.com`,
          message: "A message to the club.",
        });
        expect(sent.status).toBe(302);
      }
      expect(CONTACT_RATE_LIMIT.maxMessages).toBe(5);
      // B took two of the five: it refuses the sixth all the same.
      const refused = await post(b, "/contact", {
        name: "Sender",
        email: "one-too-many@example.com",
        message: "One message too many.",
      });
      expect(refused.status).toBe(429);
    });

    it("applies a once-only request id sent to A and then to B once", async () => {
      const change = {
        intent: "save",
        title: "Sent twice, kept once",
        content: "From the outbox.",
        requestId: "6f1c2a4e-9b7d-4c3e-8a21-0d5e4f3b2a19",
      };
      const first = await post(a, "/admin/news", change, cookie);
      const again = await post(b, "/admin/news", change, cookie);
      expect(first.status).toBe(302);
      expect(again.status).toBe(302);
      expect(again.headers.get("location")).toBe(first.headers.get("location"));
      const [row] = await handle.db
        .select({ n: count() })
        .from(news)
        .where(and(eq(news.title, "Sent twice, kept once")));
      expect(row?.n).toBe(1);
    });

    it("brings an event scored through A to a follower on B within a second (ADR 036)", async () => {
      const [match] = await handle.db
        .insert(fixtures)
        .values(buildFixture({ opponent: "Followed on B", date: new Date() }))
        .returning();
      const fixtureId = match?.id ?? "";
      const follower = await follow(`${b.url}/fixtures/${fixtureId}/live`);
      await follower.next((event) => event.event === "clock");
      const sent = Date.now();
      const scored = await post(
        a,
        "/admin/live",
        { fixtureId, intent: "kick-off", requestId: "0b6a1c2e-3d4f-4a5b-8c6d-7e8f9a0b1c2d" },
        cookie,
      );
      expect(scored.status).toBe(200);
      const seen = await follower.next((event) => stateOf(event).phase === "first-half");
      expect(seen.at - sent).toBeLessThan(1_000);
      follower.close();
    });

    it("accepts a session minted on A on B", async () => {
      const signedOut = await fetch(`${b.url}/admin`, { redirect: "manual" });
      expect(signedOut.status).toBe(302);
      const dashboard = await fetch(`${b.url}/admin`, { headers: { cookie }, redirect: "manual" });
      expect(dashboard.status).toBe(200);
      expect(await dashboard.text()).toContain("Dashboard");
    });

    it(
      "runs WEB_CONCURRENCY processes that all hear change notices, and stops them all",
      async () => {
        const databaseUrl = urlOf((handle.db as unknown as { $client: unknown }).$client);
        const pool = await startServerProcess({
          DATABASE_URL: databaseUrl,
          PAGE_CACHE_SECONDS: "3600",
          WEB_CONCURRENCY: "2",
        });
        try {
          const workers = await until(
            async () => {
              const pids = [
                ...pool.output().matchAll(/"pid":(\d+),"msg":"server process listening"/g),
              ];
              return pids.length === 2 ? pids.map((match) => Number(match[1])) : undefined;
            },
            "two workers listening",
            120,
          );
          expect(new Set(workers).size).toBe(2);
          // Connections go to both workers, and each keeps its own copy of the page.
          for (let n = 0; n < 6; n++)
            expect(await getOnNewConnection(`${pool.url}/team`)).toBe(200);
          const served = new Set(
            [...pool.output().matchAll(/"worker":(\d+),[^\n]*"path":"\/team"/g)].map((m) => m[1]),
          );
          expect(served).toEqual(new Set(["1", "2"]));

          // A worker that dies is replaced; the site keeps answering meanwhile.
          process.kill(workers[1] ?? 0, "SIGKILL");
          await until(
            async () =>
              pool.output().match(/"pid":\d+,"msg":"server process listening"/g)?.length === 3
                ? true
                : undefined,
            "a new worker listening",
            120,
          );
          expect(pool.output()).toContain("a server process died: starting a new one");

          await post(
            a,
            "/admin/news",
            { intent: "save", title: "For every worker", content: "x" },
            cookie,
          );
          // Both workers show it: several new connections in a row, all with the change.
          await until(async () => {
            const pages = await Promise.all(
              [1, 2, 3, 4].map(() =>
                fetch(`${pool.url}/news`, { headers: { connection: "close" } }).then((r) =>
                  r.text(),
                ),
              ),
            );
            return pages.every((html) => html.includes("For every worker")) ? true : undefined;
          }, "every worker shows the change");
        } finally {
          expect(await pool.stop()).toBe(0);
        }
        const workers = [
          ...pool.output().matchAll(/"pid":(\d+),"msg":"server process listening"/g),
        ];
        for (const [, pid] of workers) expect(() => process.kill(Number(pid), 0)).toThrow();
      },
      SLOW,
    );
  });

describe("the embedded database runs one process [pglite]", () => {
  const dataDir = migratedDataDir("clubsite-concurrency-");
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    "says that WEB_CONCURRENCY is ignored, and forks no worker",
    async () => {
      const server = await startServerProcess({ DATA_DIR: dataDir, WEB_CONCURRENCY: "3" });
      try {
        expect(server.output()).toContain(
          "WEB_CONCURRENCY=3 ignored: the embedded database (PGlite) is single-process by design",
        );
        expect(server.output()).not.toContain("server process listening");
        const pid = server.child.pid;
        const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
        expect(children).toBe("");
      } finally {
        expect(await server.stop()).toBe(0);
      }
    },
    SLOW,
  );
});
