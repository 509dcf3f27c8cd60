import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { EventLoopFigures } from "../../server/event-loop.ts";
import { type SavedAnswer, savedAnswer, startBareNode } from "./bare-node.ts";
import { BUDGET_PAGES } from "./budgets.ts";
import type { Samples } from "./data.ts";
import { type LoadPoint, measure, pinServer } from "./load.ts";
import { base, log, options } from "./options.ts";
import { onCleanup, type Started } from "./processes.ts";
import { startServer, waitUntilIdle } from "./server.ts";
import type { SlowCpuPage, SlowCpuResult } from "./slow-cpu-budget.ts";

// The slow-CPU line (ADR 030): our server on the large set, held to part of a core by a
// cgroup's CPU limit (cgroup v2's cpu.max; cgroup v1's CFS quota where the cpu controller is
// still on v1; half a core in 10 ms periods by default, ADR 042), each budget page at 50 connections with its copy expiring during the run, the
// longest event-loop block asked of the server over its IPC channel (server/event-loop.ts),
// and bare node:http sending the same bytes under the same limit beside it: what the limit
// costs a server that does no work. Skipped, with the reason, without root or a cpu controller.

/**
 * How long a page's copy is kept here: shorter than a run, so each page's load includes the
 * refresh of its copy (the renders this line is about), as ADR 007 measured its worst case.
 */
const REFRESH_SECONDS = 1;
const CONNECTIONS = 50;
const ANSWER_TIMEOUT_MS = 30_000;

/** The budget pages' addresses in this data set. */
function budgetTargets(samples: Samples): { page: string; path: string }[] {
  const paths: Record<string, string> = {
    "/news/{id}": samples.news.path,
    "/team/{slug}": `/team/${samples.playerSlug}`,
  };
  return BUDGET_PAGES.map((page) => ({ page, path: paths[page] ?? page }));
}

export async function slowCpuLine({
  dataDir,
  samples,
}: {
  /** The large set's data folder, which no server holds now. */
  dataDir: string;
  samples: Samples;
}): Promise<SlowCpuResult> {
  const [quotaUs, periodUs] = options.cpuMax;
  const cpuMax = `${quotaUs} ${periodUs}`;
  const result: SlowCpuResult = { cpuMax, pageCacheSeconds: REFRESH_SECONDS, pages: [] };
  const limit = cpuLimit({ quotaUs, periodUs });
  if ("skipped" in limit) {
    log(`Slow-CPU line skipped: ${limit.skipped}.`);
    return { ...result, skipped: limit.skipped };
  }
  result.cgroup = limit.version;
  log(`Slow CPU: the server held to cpu.max ${cpuMax} (cgroup ${limit.version}, ${limit.dir})…`);
  let server: Started | undefined;
  let bare: Started | undefined;
  try {
    server = await startServer({ dataDir }, options.port, {
      env: { PAGE_CACHE_SECONDS: String(REFRESH_SECONDS), EVENT_LOOP_REPORT: "1" },
      ipc: true,
      onSpawn: (pid) => limit.add(pid),
    });
    const unpin = pinServer(server.child.pid);
    const targets = budgetTargets(samples);
    // Each page kept (the fast path's answer), for the bare server's same bytes.
    const answers: SavedAnswer[] = [];
    for (const target of targets) answers.push(await savedAnswer(base(), target.path));
    bare = await startBareNode({ port: options.barePort, answers, reportsEventLoop: true });
    limit.add(bare.child.pid ?? 0);
    const unpinBare = pinServer(bare.child.pid);
    for (const target of targets) {
      const ours = await pointWithLoop({
        child: server.child,
        url: base() + target.path,
        settle: () => waitUntilIdle(),
      });
      const reference = await pointWithLoop({
        child: bare.child,
        url: base(options.barePort) + target.path,
      });
      const page: SlowCpuPage = {
        ...target,
        ours: ours.point,
        oursLoop: ours.loop,
        bare: reference.point,
        bareLoop: reference.loop,
      };
      log(
        `  ${target.page}: p99 ${page.ours.p99Ms.toFixed(1)} ms, loop held ${page.oursLoop?.maxMs ?? "?"} ms (${page.oursLoop?.maxCpuMs ?? "?"} ms of CPU); node:http p99 ${page.bare?.p99Ms.toFixed(1)} ms, loop held ${page.bareLoop?.maxMs ?? "?"} ms`,
      );
      result.pages.push(page);
    }
    unpinBare();
    unpin();
    result.throttled = limit.throttled();
  } finally {
    await bare?.stop();
    await server?.stop();
    limit.remove();
  }
  return result;
}

/** One point at 50 connections, with the event loop's figures over the measured run alone. */
async function pointWithLoop({
  child,
  url,
  settle,
}: {
  child: ChildProcess;
  url: string;
  settle?: () => Promise<unknown>;
}): Promise<{ point: LoadPoint; loop: EventLoopFigures | null }> {
  const point = await measure({
    url,
    connections: CONNECTIONS,
    seconds: options.seconds,
    warmupSeconds: options.warmup,
    // After the warm-up: what it left queued, then the figures start afresh.
    settle: async () => {
      await settle?.();
      await ask(child, "reset");
    },
  });
  const loop = await ask(child, "read");
  await settle?.();
  return { point, loop };
}

/** Asks a process started with an IPC channel about its event loop (server/event-loop.ts). */
function ask(child: ChildProcess, question: "reset" | "read"): Promise<EventLoopFigures | null> {
  return new Promise((resolve) => {
    const done = (figures: EventLoopFigures | null) => {
      clearTimeout(timer);
      child.off("message", onMessage);
      resolve(figures);
    };
    const onMessage = (message: unknown) => {
      const answer = (message as { eventLoop?: unknown } | null)?.eventLoop;
      if (answer === undefined) return;
      done(typeof answer === "object" ? (answer as EventLoopFigures) : null);
    };
    const timer = setTimeout(() => done(null), ANSWER_TIMEOUT_MS);
    child.on("message", onMessage);
    child.send({ eventLoop: question });
  });
}

interface CpuLimit {
  version: "v2" | "v1";
  dir: string;
  add(pid: number): void;
  throttled(): SlowCpuResult["throttled"];
  remove(): void;
}

interface Mount {
  dir: string;
  type: string;
  options: string[];
}

function mounts(): Mount[] {
  return fs
    .readFileSync("/proc/self/mounts", "utf8")
    .split("\n")
    .map((line) => line.split(" "))
    .filter((fields) => fields.length >= 4)
    .map(([, dir = "", type = "", opts = ""]) => ({ dir, type, options: opts.split(",") }));
}

const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : "");

/**
 * A cgroup of its own with the CPU limit (removed when the line ends, and on Ctrl-C): cgroup
 * v2's `cpu.max` when the cpu controller is there (enabled for the children of the mount's
 * root when it is not yet), else cgroup v1's `cpu.cfs_quota_us`/`cpu.cfs_period_us`; or why not.
 */
function cpuLimit({
  quotaUs,
  periodUs,
}: {
  quotaUs: number;
  periodUs: number;
}): CpuLimit | { skipped: string } {
  if (process.getuid?.() !== 0) return { skipped: "not root: a cgroup's CPU limit needs root" };
  const name = `clubsite-bench-${process.pid}`;
  const reasons: string[] = [];
  const all = mounts();
  const v2 = all.find((m) => m.type === "cgroup2");
  if (v2) {
    const controllers = read(path.join(v2.dir, "cgroup.controllers")).split(" ");
    if (controllers.includes("cpu")) {
      try {
        const subtree = path.join(v2.dir, "cgroup.subtree_control");
        if (!read(subtree).split(" ").includes("cpu")) fs.writeFileSync(subtree, "+cpu");
        const dir = path.join(v2.dir, name);
        fs.mkdirSync(dir);
        const limit = cgroupAt({ dir, version: "v2" });
        fs.writeFileSync(path.join(dir, "cpu.max"), `${quotaUs} ${periodUs}`);
        return limit;
      } catch (error) {
        reasons.push(`cgroup v2 at ${v2.dir}: ${(error as Error).message}`);
      }
    } else {
      reasons.push(
        `cgroup v2 at ${v2.dir} has no cpu controller (${controllers.filter(Boolean).join(", ") || "none"})`,
      );
    }
  } else {
    reasons.push("no cgroup v2 mounted");
  }
  const v1 = all.find((m) => m.type === "cgroup" && m.options.includes("cpu"));
  if (!v1) return { skipped: [...reasons, "no cgroup v1 cpu controller either"].join("; ") };
  try {
    const dir = path.join(v1.dir, name);
    fs.mkdirSync(dir);
    const limit = cgroupAt({ dir, version: "v1" });
    fs.writeFileSync(path.join(dir, "cpu.cfs_period_us"), String(periodUs));
    fs.writeFileSync(path.join(dir, "cpu.cfs_quota_us"), String(quotaUs));
    return limit;
  } catch (error) {
    return {
      skipped: [...reasons, `cgroup v1 at ${v1.dir}: ${(error as Error).message}`].join("; "),
    };
  }
}

function cgroupAt({ dir, version }: { dir: string; version: "v2" | "v1" }): CpuLimit {
  const remove = () => {
    if (!fs.existsSync(dir)) return;
    // Anything still inside (a server that did not stop) goes back to the root first.
    const root = path.dirname(dir);
    for (const pid of read(path.join(dir, "cgroup.procs")).split("\n").filter(Boolean)) {
      try {
        fs.writeFileSync(path.join(root, "cgroup.procs"), pid);
      } catch {
        // Gone meanwhile.
      }
    }
    try {
      fs.rmdirSync(dir);
    } catch {
      // Best effort: an empty cgroup left behind costs nothing.
    }
  };
  onCleanup(remove);
  return {
    version,
    dir,
    add: (pid) => fs.writeFileSync(path.join(dir, "cgroup.procs"), String(pid)),
    throttled: () => {
      const stat = new Map(
        read(path.join(dir, "cpu.stat"))
          .split("\n")
          .map((line) => line.split(" "))
          .map(([key = "", value = "0"]) => [key, Number(value)] as const),
      );
      return {
        periods: stat.get("nr_periods") ?? 0,
        throttledPeriods: stat.get("nr_throttled") ?? 0,
        throttledMs:
          version === "v2"
            ? (stat.get("throttled_usec") ?? 0) / 1000
            : (stat.get("throttled_time") ?? 0) / 1e6,
      };
    },
    remove,
  };
}
