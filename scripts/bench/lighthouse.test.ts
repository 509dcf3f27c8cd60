import { describe, expect, it } from "vitest";
import { medianOf } from "./lighthouse.ts";

type Lhr = Parameters<typeof medianOf>[0]["lhrs"][number];

// Just the parts of a Lighthouse result the summary reads.
const run = ({
  performance,
  fcp,
  tti,
  tbt,
}: {
  performance: number | null;
  fcp: number;
  tti: number;
  tbt: number;
}): Lhr =>
  ({
    categories: {
      performance: { score: performance === null ? null : performance / 100, auditRefs: [] },
      accessibility: { score: 1, auditRefs: [] },
      "best-practices": { score: 1, auditRefs: [] },
      seo: { score: 1, auditRefs: [] },
    },
    audits: {
      "first-contentful-paint": { numericValue: fcp },
      interactive: { numericValue: tti },
      "largest-contentful-paint": { numericValue: fcp + 300 },
      "total-blocking-time": { numericValue: tbt },
      "cumulative-layout-shift": { numericValue: 0 },
    },
    runWarnings: [],
  }) as unknown as Lhr;

/** The medians of one page's runs. */
const medians = (...lhrs: Lhr[]) => medianOf({ page: "/", url: "http://127.0.0.1/", lhrs });

describe("medianOf", () => {
  it("reports the median of each figure, with every run's figures", () => {
    const result = medians(
      run({ performance: 100, fcp: 800, tti: 2000, tbt: 20 }),
      run({ performance: 95, fcp: 1400, tti: 3000, tbt: 260 }),
      run({ performance: 99, fcp: 1200, tti: 2500, tbt: 70 }),
    );
    expect(result.scores.performance).toBe(99);
    expect(result.tbtMs).toBe(70);
    expect(result.lcpMs).toBe(1500);
    expect(result.runs.map((r) => r.performance)).toEqual([100, 95, 99]);
    expect(result.runs.map((r) => r.tbtMs)).toEqual([20, 260, 70]);
  });

  it("does not let one slow run stand for two good ones", () => {
    // The run nearest the median first paint and time to interactive is the 97 here.
    const result = medians(
      run({ performance: 100, fcp: 830, tti: 2600, tbt: 60 }),
      run({ performance: 97, fcp: 840, tti: 2700, tbt: 200 }),
      run({ performance: 100, fcp: 850, tti: 2800, tbt: 40 }),
    );
    expect(result.scores.performance).toBe(100);
    expect(result.tbtMs).toBe(60);
  });

  it("reports a run that left a category unscored rather than hiding it behind the others", () => {
    const result = medians(
      run({ performance: 100, fcp: 800, tti: 2000, tbt: 20 }),
      run({ performance: null, fcp: 900, tti: 2100, tbt: 30 }),
      run({ performance: 100, fcp: 850, tti: 2050, tbt: 25 }),
    );
    expect(result.scores.performance).toBeNull();
    expect(result.warnings).toContain("performance: no score (an audit it needs did not run)");
  });
});
