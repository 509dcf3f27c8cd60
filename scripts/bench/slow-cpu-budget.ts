import type { EventLoopFigures } from "../../server/event-loop.ts";
import type { LoadPoint } from "./load.ts";

// The slow-CPU line's figures and its two budget lines (ADR 030), pure: slow-cpu.ts measures.

/** ADR 030: the longest the event loop may be held during the load, on half a core. */
const EVENT_LOOP_BLOCK_BUDGET_MS = 10;
/** The same p99 budget as on a whole core (rules §11), at 50 connections. */
const SLOW_CPU_P99_BUDGET_MS = 20;

/**
 * ADR 042: the limit by default, half a core as a 5 ms quota in every 10 ms period. A CFS quota
 * pauses a process that has used its quota for the rest of the period, whatever it is running:
 * with ADR 030's first 100 ms period that was up to 50 ms, which even bare node:http showed as
 * its longest block, five times the budget. A 10 ms period gives the same half core and pauses
 * for at most 5 ms, as a small VPS's share of a shared core does; `--cpu-max` still sets another.
 */
export const DEFAULT_CPU_MAX = "5000 10000";

/** One page under load with the server held to part of a core. */
export interface SlowCpuPage {
  page: string;
  path: string;
  ours: LoadPoint;
  /** Our server's event loop during that run; null when it did not answer. */
  oursLoop: EventLoopFigures | null;
  /** Bare node:http sending the same bytes under the same limit: what the limit alone costs. */
  bare: LoadPoint | null;
  bareLoop: EventLoopFigures | null;
}

export interface SlowCpuResult {
  /** The limit as cgroup v2 writes it: "quota period" in microseconds. */
  cpuMax: string;
  /** Where the limit was set: cgroup v2's cpu.max, or cgroup v1's CFS quota. */
  cgroup?: "v2" | "v1";
  /** How long a page's copy is kept in this run: every run includes refreshes. */
  pageCacheSeconds: number;
  pages: SlowCpuPage[];
  /** How often the limit paused the server (the cgroup's cpu.stat), over all its runs. */
  throttled?: { periods: number; throttledPeriods: number; throttledMs: number };
  /** Why the line was not measured. */
  skipped?: string;
}

export interface SlowCpuBudgetLine {
  name: string;
  pass: boolean;
  detail: string;
  skipped?: boolean;
}

const ms = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value) ? "-" : `${value.toFixed(1)} ms`;

/** The share of a core the limit gives, for the lines' names ("0.5 of a core"). */
export function coreShare(cpuMax: string): string {
  const [quota, period] = cpuMax.split(" ").map(Number);
  if (!quota || !period) return cpuMax;
  return `${Math.round((quota / period) * 100) / 100} of a core`;
}

/**
 * The longest the limit alone pauses a process that uses its whole quota: the rest of each
 * period (ADR 042). Null when the setting cannot be read.
 */
export function longestLimitPauseMs(cpuMax: string): number | null {
  const [quota, period] = cpuMax.split(" ").map(Number);
  if (!quota || !period) return null;
  return Math.max(0, period - quota) / 1000;
}

/**
 * ADR 030, ADR 042, rules §11: with the server held to part of a core (cpu.max), the longest event-loop
 * block during each budget page's load at most EVENT_LOOP_BLOCK_BUDGET_MS, and its p99 at 50
 * connections under SLOW_CPU_P99_BUDGET_MS; bare node:http under the same limit beside each.
 */
export function slowCpuBudgets(result: SlowCpuResult | null | undefined): SlowCpuBudgetLine[] {
  const cpuMax = result?.cpuMax ?? DEFAULT_CPU_MAX;
  const held = `server held to ${coreShare(cpuMax)} (cpu.max ${cpuMax})`;
  const blockName = `Slow CPU, ${held}: longest event-loop block during the load at most ${EVENT_LOOP_BLOCK_BUDGET_MS} ms on every budget page`;
  const p99Name = `Slow CPU, ${held}: p99 at 50 connections under ${SLOW_CPU_P99_BUDGET_MS} ms on every budget page`;
  if (!result || result.skipped || result.pages.length === 0) {
    const detail = `SKIPPED: ${result?.skipped ?? "not measured"}`;
    return [
      { name: blockName, pass: false, skipped: true, detail },
      { name: p99Name, pass: false, skipped: true, detail },
    ];
  }
  const pause = longestLimitPauseMs(result.cpuMax);
  const setting = `copies kept ${result.pageCacheSeconds} s, so every run includes refreshes${
    pause === null ? "" : `; the limit alone pauses the server up to ${pause} ms a period`
  }${
    result.throttled
      ? `; the limit paused the server in ${result.throttled.throttledPeriods} of ${result.throttled.periods} periods, ${Math.round(result.throttled.throttledMs)} ms in all`
      : ""
  }`;
  const blockOver = result.pages.filter(
    (p) => !(p.oursLoop && p.oursLoop.maxMs <= EVENT_LOOP_BLOCK_BUDGET_MS),
  );
  const p99Over = result.pages.filter(
    (p) => p.ours.skipped || !(p.ours.p99Ms < SLOW_CPU_P99_BUDGET_MS),
  );
  const blocks = result.pages.map(
    (p) =>
      `${p.page} ${p.oursLoop ? `${ms(p.oursLoop.maxMs)} (${ms(p.oursLoop.maxCpuMs)} of CPU)` : "not reported"}, node:http (the limit's floor) ${ms(p.bareLoop?.maxMs)}`,
  );
  const p99s = result.pages.map(
    (p) =>
      `${p.page} ${p.ours.skipped ? "not measured" : ms(p.ours.p99Ms)}, node:http ${ms(p.bare?.p99Ms)}`,
  );
  // ADR 049: whether the budget is within the platform's reach here at all.
  const bareBlockOver = result.pages.filter(
    (p) => !(p.bareLoop && p.bareLoop.maxMs <= EVENT_LOOP_BLOCK_BUDGET_MS),
  );
  const bareP99Over = result.pages.filter(
    (p) => !(p.bare && p.bare.p99Ms < SLOW_CPU_P99_BUDGET_MS),
  );
  const floor = (over: SlowCpuPage[]) =>
    `node:http itself over the budget on ${over.length} of ${result.pages.length} pages${
      over.length ? ` (${over.map((p) => p.page).join(", ")})` : ""
    }`;
  return [
    {
      name: blockName,
      pass: blockOver.length === 0,
      detail: `${blocks.join("; ")}; ${floor(bareBlockOver)} (${setting})`,
    },
    {
      name: p99Name,
      pass: p99Over.length === 0,
      detail: `${p99s.join("; ")}; ${floor(bareP99Over)} (${setting})`,
    },
  ];
}
