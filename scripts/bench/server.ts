import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NODE_MEMORY_FLAGS } from "../../server/node-flags.ts";
import type { DataTarget } from "./data.ts";
import { type LoadPoint, measure } from "./load.ts";
import { groupResidentBytes, pageCacheFromLog } from "./memory.ts";
import { base, log, options, root } from "./options.ts";
import { removeFolderOnCleanup, type Started, start } from "./processes.ts";
import type { MemoryRow } from "./result.ts";

// Our server under the bench: started on a data folder or a PostgreSQL database, measured one
// load point at a time, waited for until it is idle again, and stopped.

/** The most queued work a load point may leave behind (see ourPoint). */
const MAX_BACKLOG_MS = 8_000;

/** For the slow-CPU line (slow-cpu.ts): more settings, an IPC channel, a hook at spawn. */
export interface ServerExtras {
  env?: Record<string, string>;
  ipc?: boolean;
  onSpawn?: (pid: number) => void;
}

export async function startServer(
  target: DataTarget,
  port = options.port,
  extras: ServerExtras = {},
): Promise<Started> {
  const started = performance.now();
  const server = start({
    name: "server",
    command: process.execPath,
    // As npm start runs it (ADR 029).
    args: [...NODE_MEMORY_FLAGS, path.join(root, "build/host/index.js")],
    options: {
      cwd: root,
      ...(extras.ipc ? { stdio: ["ignore", "pipe", "pipe", "ipc"] } : {}),
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        ...("dataDir" in target
          ? { DATA_DIR: target.dataDir, DATABASE_URL: "" }
          : { DATABASE_URL: target.databaseUrl }),
        // One Node process against one nginx worker (ADR 007).
        WEB_CONCURRENCY: "1",
        SEED_DEMO: "0",
        // The default: the access log is part of what a request costs (pages served from the
        // cache are counted, not logged one by one; server/fast-path.ts).
        LOG_LEVEL: "info",
        ANALYTICS_ID: "",
        ADMIN_EMAIL: options.admin.email,
        ADMIN_PASSWORD: options.admin.password,
        ...extras.env,
      },
    },
  });
  if (server.child.pid) extras.onSpawn?.(server.child.pid);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break;
    try {
      const response = await fetch(`${base(port)}/healthz`);
      if (response.ok) {
        log(
          `Server ready on port ${port} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
        );
        return server;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`The server did not start on port ${port}:\n${server.output()}`);
}

export function memoryRow({
  database,
  data,
  server,
}: {
  database: MemoryRow["database"];
  data: MemoryRow["data"];
  server: Started;
}): MemoryRow {
  return {
    database,
    data,
    afterStart: groupResidentBytes(server.child.pid ?? 0),
    afterLoad: null,
    cacheFull: null,
    pageCache: null,
  };
}

/** Stops the server and reads the page cache's size from its last log line. */
export async function stopServer(server: Started, row: MemoryRow): Promise<void> {
  await server.stop();
  // The exit can come before the last lines of its output are read.
  await new Promise((resolve) => setTimeout(resolve, 200));
  row.pageCache = pageCacheFromLog(server.output());
}

/** One load point; on our servers, followed by the wait until they are idle again. */
export async function loadPoint(
  url: string,
  connections: number,
  warmupSeconds = options.warmup,
): Promise<LoadPoint> {
  const port = [options.port, options.fewPort].find((each) => url.startsWith(`${base(each)}/`));
  const point = await measure({
    url,
    connections,
    seconds: options.seconds,
    warmupSeconds,
    settle: port ? () => waitUntilIdle(port) : undefined,
  });
  if (!port) return point;
  // Requests still queued in our server when the run ends would slow the next point (and
  // the reference servers'): wait until it answers /healthz promptly again, and report how
  // long that took.
  return { ...point, drainSeconds: round((await waitUntilIdle(port)) / 1000) };
}

export async function waitUntilIdle(port = options.port): Promise<number> {
  const started = performance.now();
  let prompt = 0;
  while (performance.now() - started < 180_000 && prompt < 2) {
    const asked = performance.now();
    try {
      const response = await fetch(`${base(port)}/healthz`, {
        signal: AbortSignal.timeout(60_000),
      });
      await response.arrayBuffer();
    } catch {
      // Timed out: still busy.
    }
    prompt = performance.now() - asked < 50 ? prompt + 1 : 0;
    if (prompt < 2) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

/**
 * A point on our server, unless the page is so slow that this many connections would leave
 * more than MAX_BACKLOG_MS of queued renders when the run stops (the bench must finish in
 * 10 minutes); such a point is reported as skipped, with the reason, and fails its budget.
 */
export async function ourPoint(
  url: string,
  connections: number,
  single?: LoadPoint,
): Promise<LoadPoint> {
  if (single && connections > 1) {
    const serviceMs = Number.isFinite(single.p50Ms) ? single.p50Ms : Number.POSITIVE_INFINITY;
    if (connections * serviceMs > MAX_BACKLOG_MS) {
      return {
        connections,
        requestsPerSecond: Number.NaN,
        p50Ms: Number.NaN,
        p99Ms: Number.NaN,
        requests: 0,
        failures: 0,
        skipped: `one request alone takes ${Number.isFinite(serviceMs) ? `${Math.round(serviceMs)} ms` : "over the run"}: ${connections} connections would queue about ${Number.isFinite(serviceMs) ? Math.round((connections * serviceMs) / 1000) : "∞"} s of work`,
      };
    }
  }
  return loadPoint(url, connections);
}

/** A copy of a stopped server's data folder (removed when the bench ends). */
export function copyDataFolder(from: string): string {
  const to = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-bench-few-"));
  removeFolderOnCleanup(to);
  fs.cpSync(from, to, { recursive: true });
  return to;
}

export function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
