import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../app/db/open.server.ts";
import { fixtures } from "../../app/db/schema.ts";
import { buildFixture } from "../factories.ts";
import { createSmallSet, type DataTarget } from "./data.ts";
import { type LoadPoint, measure } from "./load.ts";
import { groupResidentBytes } from "./memory.ts";
import { base, log, options } from "./options.ts";
import { removeFolderOnCleanup } from "./processes.ts";
import { startServer } from "./server.ts";

// Followers of a live match (ADR 036, rules §11): one server process holds FOLLOWERS
// Server-Sent Events streams of one match; each event scored on the Live screen is timed at
// every follower from the moment the scorer's save was sent (p99 under 1 s), while wrk asks
// for a kept page (at least half the rate it got before the followers came); the server's
// resident memory per follower is reported (aim: under 20 KB). The load generator's own
// ceiling is printed beside it: the same followers of a bare node:http server in this process
// that writes one message to all of them (what this process can take in, not the server).

const FOLLOWERS = 2_000;
const EVENTS = 5;
const P99_BUDGET_MS = 1_000;
const RATE_SHARE = 0.5;
const AIM_BYTES_PER_FOLLOWER = 20_000;
const PAGE = "/about";
const CONNECTIONS = 10;

export interface FollowerResult {
  followers: number;
  connected: number;
  p99Ms: number | null;
  /** The generator's ceiling: p99 with a bare node:http server sending the same. */
  ceilingP99Ms: number | null;
  idle: LoadPoint;
  busy: LoadPoint;
  bytesPerFollower: number | null;
  passed: boolean;
  line: string;
}

interface Client {
  /** When each data message arrived, by its event id. */
  arrivals: Map<string, number>;
  request: http.ClientRequest;
}

/** Opens `count` event streams; resolves when all have their headers. */
async function openFollowers(url: string, count: number): Promise<Client[]> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const open = (): Promise<Client> =>
    new Promise((resolve, reject) => {
      const arrivals = new Map<string, number>();
      const request = http.get(url, { agent }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`follower: HTTP ${response.statusCode}`));
          return;
        }
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (.*)$/m.exec(block)?.[1];
            if (id && block.includes("\ndata:")) arrivals.set(id, at);
          }
        });
        resolve({ arrivals, request });
      });
      request.on("error", reject);
    });
  const clients: Client[] = [];
  // In batches: a burst of thousands of connects overflows the listen backlog. A batch that
  // does not connect within its time says so rather than hold the bench.
  for (let done = 0; done < count; done += 200) {
    const batch = Promise.all(Array.from({ length: Math.min(200, count - done) }, open));
    const late = new Promise<never>((_, reject) =>
      setTimeout(
        () =>
          reject(new Error(`followers: ${clients.length} connected, the next 200 not within 30 s`)),
        30_000,
      ).unref(),
    );
    clients.push(...(await Promise.race([batch, late])));
  }
  return clients;
}

const p99 = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0);
};

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (!check() && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The generator's ceiling: a bare node:http server writes one message to every follower. */
async function generatorCeiling(): Promise<number | null> {
  const streams = new Set<http.ServerResponse>();
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.write(": open\n\n");
    streams.add(res);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const clients = await openFollowers(`http://127.0.0.1:${port}/`, FOLLOWERS);
  const latencies: number[] = [];
  for (let event = 1; event <= EVENTS; event++) {
    const sent = performance.now();
    const message = `id: ${event}\ndata: ${JSON.stringify({ phase: "first-half", us: event })}\n\n`;
    for (const res of streams) res.write(message);
    await waitFor(() => clients.every((client) => client.arrivals.has(String(event))), 5_000);
    for (const client of clients) {
      const at = client.arrivals.get(String(event));
      if (at !== undefined) latencies.push(at - sent);
    }
  }
  for (const client of clients) client.request.destroy();
  server.closeAllConnections();
  server.close();
  return p99(latencies);
}

/** fetch, with the reason of a failure that fetch keeps in `cause` ("fetch failed"). */
async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(
      `${init.method ?? "GET"} ${new URL(url).pathname}: ${cause?.code ?? ""} ${cause?.message ?? String(error)}`,
    );
  }
}

async function signIn(origin: string): Promise<string> {
  const login = await request(`${origin}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: options.admin.email, password: options.admin.password }),
  });
  const cookie = login.headers.get("set-cookie")?.split(";")[0];
  if (login.status !== 302 || !cookie) throw new Error(`sign-in failed: HTTP ${login.status}`);
  return cookie;
}

export async function measureFollowers(): Promise<FollowerResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-bench-follower-"));
  removeFolderOnCleanup(dataDir);
  const target: DataTarget = { dataDir };
  log(`Followers: demo content, one match today, ${FOLLOWERS.toLocaleString("en-GB")} followers…`);
  await createSmallSet(target);
  const handle = await openDatabase(target);
  let fixtureId: string;
  try {
    const [row] = await handle.db
      .insert(fixtures)
      .values(buildFixture({ opponent: "Bench Bulls", date: new Date() }))
      .returning();
    fixtureId = row?.id ?? "";
  } finally {
    await handle.close();
  }
  const ceilingP99Ms = await generatorCeiling();
  const server = await startServer(target, options.port);
  const pid = server.child.pid ?? 0;
  const origin = base();
  try {
    const cookie = await signIn(origin);
    const score = async (intent: string, extra: Record<string, string> = {}) => {
      const init = {
        method: "POST",
        headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ fixtureId, intent, requestId: crypto.randomUUID(), ...extra }),
      };
      // A kept-alive connection the server closed meanwhile fails at once: send it again,
      // which the request id makes safe (the event counts once).
      try {
        return await request(`${origin}/admin/live`, init);
      } catch {
        return request(`${origin}/admin/live`, init);
      }
    };
    const idle = await measure({
      url: `${origin}${PAGE}`,
      connections: CONNECTIONS,
      seconds: options.seconds,
      warmupSeconds: options.warmup,
    });
    const before = groupResidentBytes(pid);
    const clients = await openFollowers(`${origin}/fixtures/${fixtureId}/live`, FOLLOWERS);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = groupResidentBytes(pid);

    const latencies: number[] = [];
    const timeEvent = async (intent: string, extra?: Record<string, string>) => {
      const seen = highestId(clients);
      const sent = performance.now();
      const answer = await score(intent, extra);
      if (answer.status !== 200) throw new Error(`scoring ${intent}: HTTP ${answer.status}`);
      await waitFor(() => clients.every((client) => firstAfter(client, seen) !== undefined), 5_000);
      for (const client of clients) {
        const at = firstAfter(client, seen);
        latencies.push(at === undefined ? Number.POSITIVE_INFINITY : at - sent);
      }
    };
    await timeEvent("kick-off");
    // The kept page under load while goals are scored and streamed.
    const busyRun = measure({
      url: `${origin}${PAGE}`,
      connections: CONNECTIONS,
      seconds: options.seconds,
      warmupSeconds: 0,
    });
    for (let goal = 1; goal < EVENTS; goal++) {
      await timeEvent("goal-them", { minute: String(goal) });
    }
    const busy = await busyRun;
    for (const client of clients) client.request.destroy();

    const connected = clients.length;
    const p99Ms = p99(latencies);
    const bytesPerFollower =
      before !== null && after !== null ? Math.round((after - before) / FOLLOWERS) : null;
    const share = idle.requestsPerSecond > 0 ? busy.requestsPerSecond / idle.requestsPerSecond : 0;
    const passed =
      connected >= FOLLOWERS && p99Ms !== null && p99Ms < P99_BUDGET_MS && share >= RATE_SHARE;
    const kb = (bytes: number | null) =>
      bytes === null ? "n/a" : `${(bytes / 1000).toFixed(1)} KB`;
    const line = `${passed ? "PASS" : "FAIL"} follower: ${connected.toLocaleString("en-GB")} followers of one match on one process; ${EVENTS} events reached all, p99 ${p99Ms ?? "n/a"} ms from the scorer's save (< ${P99_BUDGET_MS} ms; generator's own ceiling: p99 ${ceilingP99Ms ?? "n/a"} ms from a bare node:http server); ${PAGE} kept ${Math.round(busy.requestsPerSecond)} req/s meanwhile, ${share.toFixed(2)} × idle ${Math.round(idle.requestsPerSecond)} (≥ ${RATE_SHARE}); memory ${kb(bytesPerFollower)} per follower (aim < ${kb(AIM_BYTES_PER_FOLLOWER)})`;
    log(line);
    return {
      followers: FOLLOWERS,
      connected,
      p99Ms,
      ceilingP99Ms,
      idle,
      busy,
      bytesPerFollower,
      passed,
      line,
    };
  } finally {
    await server.stop();
  }
}

/** The highest event id any follower has had. */
function highestId(clients: Client[]): number {
  let high = 0;
  for (const client of clients) {
    for (const id of client.arrivals.keys()) high = Math.max(high, Number(id));
  }
  return high;
}

/** When a follower got its first message of an event after `seen`. */
function firstAfter(client: Client, seen: number): number | undefined {
  let first: number | undefined;
  for (const [id, at] of client.arrivals) {
    if (Number(id) > seen && (first === undefined || at < first)) first = at;
  }
  return first;
}
