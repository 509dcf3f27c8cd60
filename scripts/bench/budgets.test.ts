import { describe, expect, it } from "vitest";
import { BUDGET_PAGES, budgets, ratioLine } from "./budgets.ts";
import type { LoadPoint } from "./load.ts";
import type { BenchResult } from "./result.ts";
import { formatTerminal } from "./terminal.ts";

const point = (connections: number, requestsPerSecond: number, p99Ms = 5): LoadPoint => ({
  connections,
  requestsPerSecond,
  p50Ms: 1,
  p99Ms,
  requests: requestsPerSecond * 2,
  failures: 0,
  generatorBusy: 0.5,
});

/** A run's figures: every budget page at `ours`, bare node:http at `bare`, nginx at `nginx` req/s. */
function run({ ours, bare, nginx }: { ours: number; bare: number; nginx: number }): BenchResult {
  const at = (rps: number) => [1, 10, 50].map((c) => point(c, rps));
  return {
    startedAt: "2026-11-28T05:00:00.000Z",
    wallSeconds: 500,
    machine: { cpus: 2, node: "v24.21.0", loadAverageAtStart: [0.5], loadAverage: [1] },
    settings: {
      seconds: 2,
      warmupSeconds: 1,
      connections: [1, 10, 50],
      writes: 15,
      generator: "wrk",
      pinned: true,
      only: null,
    },
    data: {
      news: 10_010,
      generated: { news: 10_000, fixtures: 2_000, people: 200, tableRows: 40 },
      smallNews: 10,
      insertSeconds: 5,
    },
    pageWeight: { pages: [], onDemand: [] },
    speed: {
      ceiling: [],
      pages: BUDGET_PAGES.map((page) => ({
        page,
        path: page,
        htmlBytes: 20_000,
        htmlGzipBytes: 5_000,
        ours: at(ours),
        bare: at(bare),
        nginx: at(nginx),
        bareRatioRounds: [ours / bare, ours / bare, ours / bare],
        ratioRounds: [ours / nginx, ours / nginx, ours / nginx],
      })),
      scale: [],
      others: [],
    },
    afterWrite: [],
    lighthouse: null,
    lighthouseSkipped: "--no-lighthouse",
    memory: [],
    budgets: [],
  };
}

describe("the speed budget: our fast path against bare node:http", () => {
  it("passes at 0.9 x bare node:http's requests/s, whatever nginx did", () => {
    const line = ratioLine(run({ ours: 9_000, bare: 10_000, nginx: 25_000 }), "bare");
    expect(line.pass).toBe(true);
    expect(line.reference).toBe(false);
    expect(line.name).toContain("at least 0.9 x the requests/s of bare node:http");
    expect(line.detail).toContain("met: / 9000 vs 10000 req/s (0.900x");
  });

  it("fails below 0.9 x, naming the pages", () => {
    const line = ratioLine(run({ ours: 8_900, bare: 10_000, nginx: 12_000 }), "bare");
    expect(line.pass).toBe(false);
    expect(line.detail).toMatch(/^below: \/ 8900 vs 10000 req\/s \(0\.890x/);
  });

  it("fails when bare node:http was not measured", () => {
    const result = run({ ours: 9_000, bare: 10_000, nginx: 12_000 });
    for (const page of result.speed.pages) page.bare = null;
    result.speed.bareSkipped = "the speed part did not run";
    expect(ratioLine(result, "bare")).toMatchObject({ pass: false, detail: /not measured/ });
  });
});

describe("nginx, a reference line", () => {
  it("is shown with its ratio and marked as a reference, not judged", () => {
    const result = run({ ours: 9_000, bare: 10_000, nginx: 25_000 });
    const line = ratioLine(result, "nginx");
    expect(line.reference).toBe(true);
    expect(line.detail).toContain("below: / 9000 vs 25000 req/s (0.360x");
    result.budgets = budgets(result, 600);
    const text = formatTerminal(result);
    expect(text).toMatch(/^PASS {2}.*bare node:http/m);
    expect(text).toMatch(/^REF {3}.*nginx serving the same bytes/m);
    expect(text).not.toMatch(/^FAIL .*nginx/m);
  });
});

describe("the other budgets keep their lines", () => {
  it("p99, the page cache, the scale budget and Lighthouse are each one line", () => {
    const names = budgets(run({ ours: 9_000, bare: 10_000, nginx: 12_000 }), 600).map(
      (line) => line.name,
    );
    expect(names.some((name) => name.includes("p99 under 20 ms"))).toBe(true);
    expect(names.some((name) => name.startsWith("Page cache within its bound"))).toBe(true);
    expect(names.some((name) => name.startsWith("/news with 10,010 items within 15%"))).toBe(true);
    expect(names.some((name) => name.startsWith("Lighthouse 100"))).toBe(true);
  });
});
