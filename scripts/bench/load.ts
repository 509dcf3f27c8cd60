import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findDebianTool } from "./debian.ts";
import { removeFolderOnCleanup } from "./processes.ts";

// One load point (docs/architecture.md, Measuring): wrk (Debian, written in C, one event loop per thread) on
// loopback, anonymous, `Accept-Encoding: gzip`, a warm-up at the same concurrency and then a
// fixed duration. A Lua `done` hook prints wrk's own figures as JSON: requests, errors and its
// latency histogram (microseconds). wrk replaces autocannon, which ran in one Node process
// and topped out near 15k requests/s here, so it measured itself rather than the servers.

export interface LoadPoint {
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers of 400 and up, connection errors and time-outs: any of them makes the point suspect. */
  failures: number;
  /** Our server only: how long it took to finish the requests left in flight at the end. */
  drainSeconds?: number;
  /** Why the point was not measured. */
  skipped?: string;
}

const DONE_HOOK = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "WRK_RESULT {\\"requests\\":%d,\\"durationUs\\":%d,\\"connect\\":%d,\\"read\\":%d,\\"write\\":%d,\\"status\\":%d,\\"timeout\\":%d,\\"p50Us\\":%d,\\"p99Us\\":%d}\\n",
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

interface WrkResult {
  requests: number;
  durationUs: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50Us: number;
  p99Us: number;
}

let wrk: { path: string; script: string; threads: number } | undefined;
let current: ChildProcess | undefined;

/**
 * Finds wrk (installing Debian's package when missing and we are root) and writes the hook.
 * `threads`: wrk's threads (at most one per connection); one leaves the other core of a
 * 2-core machine to the server, which is what the generator ceiling then shows.
 */
export function prepareLoad({
  log,
  threads,
}: {
  log: (line: string) => void;
  threads: number;
}): void {
  const found = findDebianTool({ binary: "/usr/bin/wrk", packageName: "wrk", log });
  if ("missing" in found) {
    throw new Error(`${found.missing}: the bench measures load with wrk.`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-bench-wrk-"));
  removeFolderOnCleanup(dir);
  const script = path.join(dir, "report.lua");
  fs.writeFileSync(script, DONE_HOOK);
  wrk = { path: found.path, script, threads };
}

/** wrk's version line, for the report. */
export function loadGenerator(): string {
  return wrk ? `wrk, ${wrk.threads} thread${wrk.threads > 1 ? "s" : ""}` : "wrk";
}

/** Stops a load run in progress (Ctrl-C). */
export function stopLoad() {
  current?.kill("SIGKILL");
}

function once({
  url,
  connections,
  seconds,
}: {
  url: string;
  connections: number;
  seconds: number;
}): Promise<WrkResult> {
  if (!wrk) throw new Error("prepareLoad() first");
  const { path: binary, script, threads } = wrk;
  return new Promise((resolve, reject) => {
    const child = spawn(
      binary,
      [
        "-t",
        String(Math.min(threads, connections)),
        "-c",
        String(connections),
        "-d",
        `${seconds}s`,
        "--timeout",
        "10s",
        "-H",
        "Accept-Encoding: gzip",
        "-s",
        script,
        url,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    current = child;
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      current = undefined;
      const line = output.split("\n").find((l) => l.startsWith("WRK_RESULT "));
      if (!line) {
        reject(new Error(`wrk ${url} (exit ${code}): ${output.trim().slice(-500)}`));
        return;
      }
      resolve(JSON.parse(line.slice("WRK_RESULT ".length)) as WrkResult);
    });
  });
}

export async function measure({
  url,
  connections,
  seconds,
  warmupSeconds,
  settle,
}: {
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Waits until the server has finished what the warm-up left queued. */
  settle?: () => Promise<unknown>;
}): Promise<LoadPoint> {
  if (warmupSeconds > 0) {
    await once({ url, connections, seconds: warmupSeconds });
    await settle?.();
  }
  const run = await once({ url, connections, seconds });
  const answered = run.requests - run.status;
  return {
    connections,
    requestsPerSecond: answered / (run.durationUs / 1e6),
    p50Ms: answered > 0 ? run.p50Us / 1000 : Number.NaN,
    p99Ms: answered > 0 ? run.p99Us / 1000 : Number.NaN,
    requests: answered,
    failures: run.status + run.connect + run.read + run.write + run.timeout,
  };
}

/** The q-quantile of sorted values (nearest rank). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

export function median(values: number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}
