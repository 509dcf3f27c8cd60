import { describe, expect, it } from "vitest";
import {
  BARE_NODE_RATIO_BUDGET,
  isGeneratorBound,
  judgeRatio,
  medianRound,
  NGINX_REFERENCE_RATIO,
  scaleComparison,
} from "./judge.ts";
import type { LoadPoint } from "./load.ts";
import type { ScaleRound } from "./result.ts";

const point = (requestsPerSecond: number, extra: Partial<LoadPoint> = {}): LoadPoint => ({
  connections: 50,
  requestsPerSecond,
  p50Ms: 1,
  p99Ms: 2,
  requests: requestsPerSecond * 2,
  failures: 0,
  ...extra,
});

describe("isGeneratorBound", () => {
  it("unpinned: nginx within 80 % of the generator's ceiling", () => {
    expect(isGeneratorBound(point(56_000), 68_000, false)).toBe(true);
    expect(isGeneratorBound(point(50_000), 68_000, false)).toBe(false);
    expect(isGeneratorBound(point(50_000), undefined, false)).toBe(false);
  });

  it("pinned: wrk's own core 90 % busy or more, whatever the ceiling says", () => {
    // The 100-byte file is as fast as the page: nginx's core is the limit, not wrk.
    expect(isGeneratorBound(point(64_000, { generatorBusy: 0.82 }), 60_000, true)).toBe(false);
    expect(isGeneratorBound(point(64_000, { generatorBusy: 0.93 }), 60_000, true)).toBe(true);
    // Not measured: assume the worst.
    expect(isGeneratorBound(point(64_000), 60_000, true)).toBe(true);
  });
});

describe("judgeRatio", () => {
  it("against bare node:http: at least 0.9 x its requests/s", () => {
    const bare = point(20_000);
    const judge = (ours: number) =>
      judgeRatio({
        ours: point(ours),
        reference: bare,
        bound: false,
        budget: BARE_NODE_RATIO_BUDGET,
      });
    expect(judge(18_000)).toBe("met");
    expect(judge(17_900)).toBe("below");
    expect(judge(21_000)).toBe("met");
  });

  it("judges a point nginx set the pace of", () => {
    expect(
      judgeRatio({
        ours: point(33_000),
        reference: point(60_000),
        bound: false,
        budget: NGINX_REFERENCE_RATIO,
      }),
    ).toBe("met");
    expect(
      judgeRatio({
        ours: point(29_000),
        reference: point(60_000),
        bound: false,
        budget: NGINX_REFERENCE_RATIO,
      }),
    ).toBe("below");
  });

  it("a generator-bound nginx only makes the ratio smaller: below fails, above is not judged", () => {
    expect(
      judgeRatio({
        ours: point(23_000),
        reference: point(66_000),
        bound: true,
        budget: NGINX_REFERENCE_RATIO,
      }),
    ).toBe("below");
    expect(
      judgeRatio({
        ours: point(39_000),
        reference: point(58_000),
        bound: true,
        budget: NGINX_REFERENCE_RATIO,
      }),
    ).toBe("not judged");
  });

  it("a point ours could not serve is below", () => {
    const skipped = point(Number.NaN, { skipped: "too slow" });
    expect(
      judgeRatio({
        ours: skipped,
        reference: point(60_000),
        bound: false,
        budget: NGINX_REFERENCE_RATIO,
      }),
    ).toBe("below");
  });
});

describe("medianRound", () => {
  it("picks the round with the middle ratio, not the middle of each server's figures", () => {
    const rounds = [
      { ours: point(30_000), reference: point(50_000) }, // 0.60
      { ours: point(36_000), reference: point(72_000) }, // 0.50
      { ours: point(33_000), reference: point(60_000) }, // 0.55
    ];
    expect(medianRound(rounds)).toBe(rounds[2]);
    expect(medianRound([rounds[1] as (typeof rounds)[number]])).toBe(rounds[1]);
  });

  it("counts a round ours could not serve as the lowest", () => {
    const skipped = { ours: point(Number.NaN, { skipped: "too slow" }), reference: point(60_000) };
    const rounds = [skipped, { ours: point(20_000), reference: point(60_000) }, skipped];
    expect(medianRound(rounds)).toBe(skipped);
  });

  it("needs an odd number of rounds", () => {
    expect(() => medianRound([])).toThrow();
    expect(() =>
      medianRound([
        { ours: point(1), reference: point(2) },
        { ours: point(1), reference: point(2) },
      ]),
    ).toThrow();
  });
});

describe("scaleComparison", () => {
  const round = (many: number, few: number): ScaleRound => ({
    many: point(many, { connections: 10 }),
    few: point(few, { connections: 10 }),
  });

  it("judges the median round's ratio, so one slow moment of the machine is no shortfall", () => {
    // The second round's many ran in a slow moment (27,276 against 41,807): the other rounds,
    // each taken back to back, are as fast as the few's.
    const [row] = scaleComparison({
      scale: [
        {
          connections: 10,
          rounds: [round(40_500, 41_000), round(27_276, 41_807), round(39_000, 40_000)],
        },
      ],
      noise: 0.15,
    });
    expect(row?.short).toBe(false);
    expect(row?.ratio).toBeCloseTo(0.975, 3);
    expect(row?.line).toBe(
      "10 conn: 39000 vs 40000 req/s (0.975x; median of rounds 0.988 0.652 0.975)",
    );
  });

  it("reports a concurrency whose median ratio is more than the noise below 1", () => {
    const rows = scaleComparison({
      scale: [
        {
          connections: 1,
          rounds: [round(9_900, 10_000), round(9_800, 10_000), round(9_500, 10_000)],
        },
        {
          connections: 50,
          rounds: [round(30_000, 40_000), round(31_000, 41_000), round(45_000, 39_000)],
        },
      ],
      noise: 0.15,
    });
    expect(rows.map((row) => row.short)).toEqual([false, true]);
    expect(rows[1]?.line).toBe(
      "50 conn: 31000 vs 41000 req/s (0.756x; median of rounds 0.750 0.756 1.154)",
    );
  });

  it("counts a run that could not be measured as the slowest, and refuses an even count", () => {
    const skipped = { many: point(Number.NaN, { skipped: "too slow" }), few: point(10_000) };
    const [row] = scaleComparison({
      scale: [{ connections: 50, rounds: [skipped, round(5_000, 10_000), round(4_000, 10_000)] }],
      noise: 0.15,
    });
    expect(row?.ratio).toBe(0.4);
    expect(() =>
      scaleComparison({
        scale: [{ connections: 50, rounds: [round(1, 1), round(1, 1)] }],
        noise: 0.15,
      }),
    ).toThrow(/odd/);
  });
});
