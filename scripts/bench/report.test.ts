import { describe, expect, it } from "vitest";
import type { LoadPoint } from "./load.ts";
import {
  isGeneratorBound,
  judgeRatio,
  medianPoint,
  medianRound,
  scaleShortfalls,
  typicalSpeed,
} from "./report.ts";

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
  it("judges a point nginx set the pace of", () => {
    expect(judgeRatio({ ours: point(33_000), nginx: point(60_000), bound: false })).toBe("met");
    expect(judgeRatio({ ours: point(29_000), nginx: point(60_000), bound: false })).toBe("below");
  });

  it("a generator-bound nginx only makes the ratio smaller: below fails, above is not judged", () => {
    expect(judgeRatio({ ours: point(23_000), nginx: point(66_000), bound: true })).toBe("below");
    expect(judgeRatio({ ours: point(39_000), nginx: point(58_000), bound: true })).toBe(
      "not judged",
    );
  });

  it("a point ours could not serve is below", () => {
    const skipped = point(Number.NaN, { skipped: "too slow" });
    expect(judgeRatio({ ours: skipped, nginx: point(60_000), bound: false })).toBe("below");
  });
});

describe("medianRound", () => {
  it("picks the round with the middle ratio, not the middle of each server's figures", () => {
    const rounds = [
      { ours: point(30_000), nginx: point(50_000) }, // 0.60
      { ours: point(36_000), nginx: point(72_000) }, // 0.50
      { ours: point(33_000), nginx: point(60_000) }, // 0.55
    ];
    expect(medianRound(rounds)).toBe(rounds[2]);
    expect(medianRound([rounds[1] as (typeof rounds)[number]])).toBe(rounds[1]);
  });

  it("counts a round ours could not serve as the lowest", () => {
    const skipped = { ours: point(Number.NaN, { skipped: "too slow" }), nginx: point(60_000) };
    const rounds = [skipped, { ours: point(20_000), nginx: point(60_000) }, skipped];
    expect(medianRound(rounds)).toBe(skipped);
  });

  it("needs an odd number of rounds", () => {
    expect(() => medianRound([])).toThrow();
    expect(() =>
      medianRound([
        { ours: point(1), nginx: point(2) },
        { ours: point(1), nginx: point(2) },
      ]),
    ).toThrow();
  });
});

describe("medianPoint", () => {
  it("keeps the run with the median requests per second and lists every round in run order", () => {
    const runs = [point(30_000), point(10_000), point(20_000)];
    const median = medianPoint(runs);
    expect(median.requestsPerSecond).toBe(20_000);
    expect(median.rounds).toEqual([30_000, 10_000, 20_000]);
    expect(medianPoint([point(5)]).rounds).toBeUndefined();
  });

  it("counts a round that could not be measured as the slowest, and refuses an even count", () => {
    const skipped = point(Number.NaN, { skipped: "too slow" });
    expect(medianPoint([point(9), skipped, point(7)]).requestsPerSecond).toBe(7);
    expect(() => medianPoint([point(1), point(2)])).toThrow(/odd/);
  });
});

describe("scaleShortfalls", () => {
  const at = (connections: number, rounds: number[]) =>
    point(rounds[0] ?? 0, { connections, rounds });

  it("compares the medians of the rounds, not one run of each", () => {
    // One slow run of the many (27,276 against 41,807) is not a shortfall when its other
    // rounds are as fast as the few's.
    const few = [at(10, [41_807, 40_100, 39_900])];
    const many = [at(10, [27_276, 40_500, 41_000])];
    expect(scaleShortfalls({ few, many, noise: 0.15 })).toEqual([]);
  });

  it("reports a concurrency whose median is more than the noise slower, with its rounds", () => {
    const few = [at(1, [10_000, 10_000, 10_000]), at(50, [40_000, 41_000, 39_000])];
    const many = [at(1, [9_500, 9_800, 9_900]), at(50, [30_000, 31_000, 45_000])];
    expect(scaleShortfalls({ few, many, noise: 0.15 })).toEqual([
      "50 conn: 31000 vs 40000 req/s (median of rounds 30000 31000 45000 vs 40000 41000 39000)",
    ]);
  });

  it("takes a point measured once as it is", () => {
    expect(typicalSpeed(point(12_345))).toBe(12_345);
    expect(scaleShortfalls({ few: [point(10_000)], many: [point(8_000)], noise: 0.15 })).toEqual([
      "50 conn: 8000 vs 10000 req/s",
    ]);
  });
});
