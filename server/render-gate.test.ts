import { describe, expect, it } from "vitest";
import { concurrencyLimit, gatedHandler } from "./render-gate.ts";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("concurrencyLimit (ADR 040)", () => {
  it("runs at most `limit` tasks at once and the rest first come, first served", async () => {
    const gate = concurrencyLimit(2);
    const started: number[] = [];
    const releases = [0, 1, 2, 3].map(() => deferred());
    const runs = releases.map((release, i) =>
      gate.run(async () => {
        started.push(i);
        await release.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(gate.counts).toEqual({ running: 2, waiting: 2 });
    releases[1]?.resolve();
    await runs[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    for (const release of releases) release.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(gate.counts).toEqual({ running: 0, waiting: 0 });
  });

  it("gives the place back when a task fails", async () => {
    const gate = concurrencyLimit(1);
    await expect(gate.run(() => Promise.reject(new Error("render failed")))).rejects.toThrow(
      "render failed",
    );
    expect(await gate.run(async () => "next")).toBe("next");
    expect(gate.counts).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a limit below one", () => {
    expect(() => concurrencyLimit(0)).toThrow("limit must be 1 or more");
  });
});

describe("gatedHandler", () => {
  it("queues GET and HEAD, never a form's POST, and skips a request whose visitor left", async () => {
    const gate = concurrencyLimit(1);
    const hold = deferred();
    const seen: string[] = [];
    const handler = gatedHandler(async (request) => {
      seen.push(`${request.method} ${new URL(request.url).pathname}`);
      if (request.url.endsWith("/slow")) await hold.promise;
      return new Response("ok");
    }, gate);
    const context = {} as never;
    const slow = handler(new Request("http://club.test/slow"), context);
    const queued = handler(new Request("http://club.test/news", { method: "HEAD" }), context);
    const post = handler(new Request("http://club.test/contact", { method: "POST" }), context);
    const left = new AbortController();
    const gone = handler(new Request("http://club.test/team", { signal: left.signal }), context);
    left.abort();
    await post;
    expect(seen).toEqual(["GET /slow", "POST /contact"]);
    hold.resolve();
    await Promise.all([slow, queued]);
    expect((await gone).status).toBe(499);
    expect(seen).toEqual(["GET /slow", "POST /contact", "HEAD /news"]);
  });
});
