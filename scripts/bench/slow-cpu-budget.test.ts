import { describe, expect, it } from "vitest";
import type { LoadPoint } from "./load.ts";
import {
  coreShare,
  DEFAULT_CPU_MAX,
  longestLimitPauseMs,
  type SlowCpuPage,
  slowCpuBudgets,
} from "./slow-cpu-budget.ts";

const point = (p99Ms: number): LoadPoint => ({
  connections: 50,
  requestsPerSecond: 1000,
  p50Ms: 2,
  p99Ms,
  requests: 2000,
  failures: 0,
});

const loop = (maxMs: number) => ({ maxMs, p99Ms: 2, meanMs: 1, count: 100, maxCpuMs: maxMs / 2 });

const page = (
  name: string,
  p99Ms: number,
  maxMs: number,
  bare = { p99Ms: 3, maxMs: 4 },
): SlowCpuPage => ({
  page: name,
  path: name,
  ours: point(p99Ms),
  oursLoop: loop(maxMs),
  bare: point(bare.p99Ms),
  bareLoop: loop(bare.maxMs),
});

const measured = (pages: SlowCpuPage[]) => ({
  cpuMax: DEFAULT_CPU_MAX,
  pageCacheSeconds: 1,
  pages,
  throttled: { periods: 100, throttledPeriods: 40, throttledMs: 900 },
});

describe("slowCpuBudgets (ADR 030)", () => {
  it("passes when every page's block and p99 are within the budgets", () => {
    const [block, p99] = slowCpuBudgets(measured([page("/", 12, 10), page("/news", 19.9, 4)]));
    expect(block?.pass).toBe(true);
    expect(p99?.pass).toBe(true);
    expect(block?.name).toContain("0.5 of a core (cpu.max 5000 10000)");
    expect(block?.detail).toContain(
      "/ 10.0 ms (5.0 ms of CPU), node:http (the limit's floor) 4.0 ms",
    );
    expect(block?.detail).toContain("the limit alone pauses the server up to 5 ms a period");
    expect(p99?.detail).toContain("/news 19.9 ms, node:http 3.0 ms");
    expect(p99?.detail).toContain("paused the server in 40 of 100 periods");
    expect(block?.detail).toContain(
      "node:http itself over the budget on 0 of 2 pages (copies kept 1 s",
    );
    expect(p99?.detail).toContain(
      "node:http itself over the budget on 0 of 2 pages (copies kept 1 s",
    );
  });

  it("says on which pages node:http itself, doing no work, is over the budget (ADR 049)", () => {
    const [block, p99] = slowCpuBudgets(
      measured([
        page("/", 30, 40, { p99Ms: 25, maxMs: 17 }),
        page("/team", 30, 40, { p99Ms: 12, maxMs: 10 }),
      ]),
    );
    expect(block?.pass).toBe(false);
    expect(block?.detail).toContain("node:http itself over the budget on 1 of 2 pages (/)");
    expect(p99?.detail).toContain("node:http itself over the budget on 1 of 2 pages (/)");
    const unmeasured = { ...page("/news", 5, 3), bare: null, bareLoop: null };
    const [unknownBlock, unknownP99] = slowCpuBudgets(measured([unmeasured]));
    expect(unknownBlock?.detail).toContain("on 1 of 1 pages (/news)");
    expect(unknownP99?.detail).toContain("on 1 of 1 pages (/news)");
  });

  it("fails a page over either budget, or one whose loop was not reported", () => {
    const over = slowCpuBudgets(measured([page("/", 20, 3), page("/team", 5, 10.1)]));
    expect(over.map((line) => line.pass)).toEqual([false, false]);
    const silent = { ...page("/", 5, 3), oursLoop: null };
    expect(slowCpuBudgets(measured([silent]))[0]?.pass).toBe(false);
    expect(slowCpuBudgets(measured([silent]))[0]?.detail).toContain("/ not reported");
  });

  it("says SKIPPED, with the reason, when the limit could not be set", () => {
    const lines = slowCpuBudgets({ ...measured([]), skipped: "not root" });
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toMatchObject({ pass: false, skipped: true, detail: "SKIPPED: not root" });
    }
  });

  it("by default gives half a core whose own pauses are well under the block budget (ADR 042)", () => {
    expect(coreShare(DEFAULT_CPU_MAX)).toBe("0.5 of a core");
    // A 100 ms period paused a server that used its quota for up to 50 ms: five budgets.
    expect(longestLimitPauseMs("50000 100000")).toBe(50);
    expect(longestLimitPauseMs(DEFAULT_CPU_MAX)).toBe(5);
    expect(longestLimitPauseMs("nonsense")).toBeNull();
    const [block] = slowCpuBudgets({ cpuMax: DEFAULT_CPU_MAX, pageCacheSeconds: 1, pages: [] });
    expect(block?.name).toContain("cpu.max 5000 10000");
  });

  it("names the share of a core the limit gives", () => {
    expect(coreShare("50000 100000")).toBe("0.5 of a core");
    expect(coreShare("25000 100000")).toBe("0.25 of a core");
    expect(coreShare("nonsense")).toBe("nonsense");
  });
});
