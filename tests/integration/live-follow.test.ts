import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabase } from "../../app/db/database.server.ts";
import { installChangeNoticesOn } from "../../app/db/notify.server.ts";
import { fixtures } from "../../app/db/schema.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { createLogger } from "../../app/logger.server.ts";
import { buildFixture } from "../../scripts/factories.ts";
import { createLiveStreams } from "../../server/live-streams.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { availableDrivers, openTestDatabase } from "../db.ts";
import { follow, stateOf } from "../live-follower.ts";

// Following a live match over real HTTP (ADR 036), on each database: the stream's headers (not
// compressed, not buffered by a proxy), an id per event, resuming with Last-Event-ID, events
// scored on the Live screen reaching a follower through the change notices within a second,
// the same request sent twice counted once, and the cached home page never showing an older
// score than the last event.

const SECRETARY = {
  email: "live-secretary@example.org",
  password: "a long live scoring password",
  roles: ["results-secretary" as const],
};

for (const driver of availableDrivers()) {
  describe(`following a live match [${driver}]`, () => {
    let handle: DatabaseHandle;
    let app: TestApp;
    let cookie: string;
    let fixtureId: string;

    beforeAll(async () => {
      handle = await openTestDatabase(driver);
      setDatabase(handle);
      await installChangeNoticesOn(handle);
      app = await startTestApp(handle, { pageCacheSeconds: 30, listen: true });
      await createAdministrator(SECRETARY);
      cookie = await signIn({ app, ...SECRETARY });
      const [row] = await handle.db
        .insert(fixtures)
        .values(buildFixture({ opponent: "Belfast Bulls", date: new Date() }))
        .returning();
      fixtureId = row?.id ?? "";
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await handle?.close();
    });

    const score = (fields: Record<string, string>) =>
      fetch(`${app.url}/admin/live`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: app.url,
          cookie,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ fixtureId, ...fields }),
      });

    it("streams each event to a follower within a second, once per request id", async () => {
      const follower = await follow(`${app.url}/fixtures/${fixtureId}/live`, {
        "accept-encoding": "gzip, br",
      });
      expect(follower.response.status).toBe(200);
      expect(follower.response.headers.get("content-type")).toBe(
        "text/event-stream; charset=utf-8",
      );
      expect(follower.response.headers.get("x-accel-buffering")).toBe("no");
      expect(follower.response.headers.get("cache-control")).toBe("no-store");
      expect(follower.response.headers.get("content-encoding")).toBeNull();
      await follower.next((event) => event.event === "clock");

      // The home page is kept by the page cache before the match starts (another suite of this
      // process may empty every cache meanwhile: then it is kept again).
      let kept = false;
      for (let tries = 0; tries < 5 && !kept; tries++) {
        kept = (await fetch(`${app.url}/`)).headers.get("x-page-cache") === "HIT";
      }
      expect(kept).toBe(true);

      const sent = Date.now();
      expect((await score({ intent: "kick-off", requestId: randomUUID() })).status).toBe(200);
      const kickOff = await follower.next((event) => stateOf(event).phase === "first-half");
      expect(kickOff.at - sent).toBeLessThan(1_000);
      expect(kickOff.id).toBe(String(stateOf(kickOff).lastSeq));

      const goal = {
        intent: "goal-us",
        requestId: randomUUID(),
        player: "Aoife Byrne",
        minute: "3",
      };
      expect((await score(goal)).status).toBe(200);
      expect((await score(goal)).status).toBe(200);
      const scored = await follower.next((event) => stateOf(event).us === 1);
      expect(scored.at - sent).toBeLessThan(2_000);
      // The cached home page was emptied by the notice: it shows the score now.
      const home = await (await fetch(`${app.url}/`)).text();
      expect(home).toMatch(/LIVE · [^<]+ 1–0 Belfast Bulls/);

      // A second send of the same goal counted once: the next event's state still says 1.
      expect(
        (await score({ intent: "goal-them", requestId: randomUUID(), minute: "5" })).status,
      ).toBe(200);
      const answered = await follower.next((event) => stateOf(event).them === 1);
      expect(stateOf(answered).us).toBe(1);
      follower.close();

      // Resuming: with the last id seen nothing is sent again; with an older one, the state.
      const current = await follow(`${app.url}/fixtures/${fixtureId}/live`, {
        "last-event-id": answered.id ?? "",
      });
      const behind = await follow(`${app.url}/fixtures/${fixtureId}/live`, {
        "last-event-id": kickOff.id ?? "",
      });
      const caughtUp = await behind.next((event) => event.data !== undefined && !event.event);
      expect(stateOf(caughtUp)).toMatchObject({ us: 1, them: 1 });
      await current.next((event) => event.event === "clock");
      expect(current.events.filter((event) => event.data && !event.event)).toEqual([]);
      current.close();
      behind.close();
    }, 30_000);

    it("refuses the Live screen to a visitor without a session, before reading the body", async () => {
      const response = await fetch(`${app.url}/admin/live`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ fixtureId, intent: "goal-them" }),
      });
      expect(response.status).toBeGreaterThanOrEqual(300);
      expect(response.status).not.toBe(200);
    });
  });
}

describe("the followers' heartbeat", () => {
  it("sends a comment line on every stream at the set interval", async () => {
    const logger = createLogger({ level: "silent", destination: { write() {} } });
    const streams = createLiveStreams({ logger, isSecure: () => false, heartbeatMs: 50 });
    const server = http.createServer((req, res) => {
      if (!streams.handle(req, res)) res.writeHead(404).end();
    });
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    // No database is asked: a match nobody scored has no state to send.
    streams.onChange = () => {};
    const follower = await follow(`http://127.0.0.1:${port}/fixtures/${randomUUID()}/live`);
    await follower.next((event) => event.comment === "heartbeat", 2_000);
    expect(streams.followers()).toBe(1);
    follower.close();
    streams.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
});
