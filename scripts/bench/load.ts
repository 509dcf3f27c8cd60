import { type ChildProcess, spawn, spawnSync } from "node:child_process";
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
  /**
   * How busy wrk kept its own cores during the run (its CPU time / run time / its threads):
   * near 1, wrk was the limit and the point measured wrk rather than the server.
   */
  generatorBusy?: number;
  /** Why the point was not measured. */
  skipped?: string;
}

const DONE_HOOK = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "WRK_RESULT {\\"cpuUs\\":%d,\\"requests\\":%d,\\"durationUs\\":%d,\\"connect\\":%d,\\"read\\":%d,\\"write\\":%d,\\"status\\":%d,\\"timeout\\":%d,\\"p50Us\\":%d,\\"p99Us\\":%d}\\n",
    math.floor(os.clock() * 1e6), summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

interface WrkResult {
  /** wrk's CPU time, all threads (os.clock()), in microseconds. */
  cpuUs: number;
  requests: number;
  durationUs: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50Us: number;
  p99Us: number;
  /** The threads wrk ran. */
  threads: number;
}

let wrk: { path: string; script: string; threads: number; cpus?: string } | undefined;
let serverCpu: string | undefined;
let current: ChildProcess | undefined;

/** util-linux's taskset (Debian: always installed). */
export const TASKSET = "/usr/bin/taskset";

/**
 * Finds wrk (installing Debian's package when missing and we are root) and writes the hook.
 * `threads`: wrk's threads (at most one per connection). When the machine has a core more
 * than that and util-linux's taskset is there, wrk runs on cores 0…threads-1 and the servers
 * under test on the next one (pinServer, serverCpus): one core each, so neither steals the
 * other's time and wrk's own CPU use says whether it was the limit (LoadPoint.generatorBusy).
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
  const pinned = os.availableParallelism() > threads && fs.existsSync(TASKSET);
  wrk = {
    path: found.path,
    script,
    threads,
    cpus: pinned ? (threads === 1 ? "0" : `0-${threads - 1}`) : undefined,
  };
  serverCpu = pinned ? String(threads) : undefined;
}

/** wrk's settings, for the report. */
export function loadGenerator(): string {
  if (!wrk) return "wrk";
  const threads = `${wrk.threads} thread${wrk.threads > 1 ? "s" : ""}`;
  return wrk.cpus === undefined
    ? `wrk, ${threads}, not pinned (taskset missing or too few cores)`
    : `wrk, ${threads} on core ${wrk.cpus}; the server under test on core ${serverCpu}`;
}

/** The core the servers under test run on, when the load is pinned. */
export function serverCpus(): string | undefined {
  return serverCpu;
}

/**
 * Moves every thread of a running process onto the servers' core, for the load points; the
 * returned function gives it back all cores. Does nothing when the load is not pinned.
 */
export function pinServer(pid: number | undefined): () => void {
  if (serverCpu === undefined || !pid) return () => {};
  const all = `0-${os.availableParallelism() - 1}`;
  const set = (cpus: string) => {
    const result = spawnSync(TASKSET, ["-a", "-p", "-c", cpus, String(pid)], {
      encoding: "utf8",
    });
    if (result.status !== 0) {
      throw new Error(`taskset could not move process ${pid} to core ${cpus}: ${result.stderr}`);
    }
  };
  set(serverCpu);
  return () => set(all);
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
  const { path: binary, script, threads, cpus } = wrk;
  const used = Math.min(threads, connections);
  return new Promise((resolve, reject) => {
    const args = [
      "-t",
      String(used),
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
    ];
    const child =
      cpus === undefined
        ? spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] })
        : spawn(TASKSET, ["-c", cpus, binary, ...args], { stdio: ["ignore", "pipe", "pipe"] });
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
      resolve({
        ...(JSON.parse(line.slice("WRK_RESULT ".length)) as Omit<WrkResult, "threads">),
        threads: used,
      });
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
    generatorBusy: run.cpuUs / run.durationUs / run.threads,
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
