import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { median } from "./load.ts";
import { removeFolderOnCleanup, start } from "./processes.ts";

// Lighthouse 13 (docs/architecture.md, Measuring) with its mobile defaults (emulated phone, simulated slow 4G and
// CPU), in Debian's Chromium started by the bench itself so the bench can always stop it.
// Each page is audited several times and each figure reported is the median of its runs (a
// score, LCP, TBT, CLS: Lighthouse CI's "median" aggregation), with every run's performance
// score beside it. One run is not a measurement on this machine: the simulation multiplies
// the main thread's observed task times by four, so the same page scored 95 to 100 and its
// blocking time went from 19 to 266 ms in consecutive runs. (Lighthouse's computeMedianRun,
// the run nearest the median first paint and time to interactive, was tried first: it could
// report a page's one 97 between two 100s.)

/** Runs per page unless told otherwise (--lighthouse-runs): Lighthouse's advice is 3 to 5. */
export const LIGHTHOUSE_RUNS = 3;

const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof LIGHTHOUSE_CATEGORIES)[number];

interface FailingAudit {
  category: Category;
  id: string;
  title: string;
  score: number | null;
  /** The audit's weight in its category's score (0: a hint that does not move the score). */
  weight: number;
  displayValue?: string;
}

export interface LighthouseResult {
  page: string;
  url: string;
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** For every category under 100: its audits that did not pass. */
  failing: FailingAudit[];
  /** Lighthouse's own warnings and errors about the run (a page too slow to trace, …). */
  warnings: string[];
  /** Every run's performance score and timings, in the order they ran; the fields above are their medians. */
  runs: RunFigures[];
  error?: string;
}

interface RunFigures {
  performance: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
}

export async function runLighthouse({
  pages,
  base,
  debuggingPort,
  chromePath,
  log,
  runs = LIGHTHOUSE_RUNS,
}: {
  pages: { page: string; path: string }[];
  base: string;
  debuggingPort: number;
  chromePath: string;
  log: (line: string) => void;
  /** Audits per page (odd); the median of each figure is reported. */
  runs?: number;
}): Promise<LighthouseResult[]> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-bench-chrome-"));
  removeFolderOnCleanup(profile);
  const chrome = start({
    name: "chromium",
    command: chromePath,
    args: [
      "--headless=new",
      "--no-sandbox",
      `--remote-debugging-port=${debuggingPort}`,
      "--remote-debugging-address=127.0.0.1",
      `--user-data-dir=${profile}`,
      // No internet here: keep Chromium from phoning home, as the browser suite does.
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-quic",
      "--no-first-run",
      "--no-default-browser-check",
      "about:blank",
    ],
  });
  try {
    await waitForDevtools(debuggingPort, chrome.output);
    const results: LighthouseResult[] = [];
    for (const target of pages) {
      const url = base + target.path;
      try {
        const lhrs: Lhr[] = [];
        for (let run = 0; run < runs; run++) {
          let summary = await audit({ url, debuggingPort });
          // A trace Lighthouse failed to record (NO_NAVSTART, NO_FCP… on a busy machine) is
          // its problem, not the page's: one more try.
          if (summary.failed && summary.seconds < 60) {
            const warning = summarise({ page: target.page, url, lhr: summary.lhr }).warnings[0];
            log(`  ${target.page}: ${warning?.slice(0, 80)}; trying again`);
            summary = await audit({ url, debuggingPort });
          }
          lhrs.push(summary.lhr);
        }
        results.push(medianOf({ page: target.page, url, lhrs }));
      } catch (error) {
        results.push({
          page: target.page,
          url,
          scores: { performance: null, accessibility: null, "best-practices": null, seo: null },
          lcpMs: null,
          tbtMs: null,
          cls: null,
          failing: [],
          warnings: [],
          runs: [],
          error: error instanceof Error ? error.message : String(error),
        });
      }
      const last = results[results.length - 1];
      log(
        `  ${target.page}: ${LIGHTHOUSE_CATEGORIES.map((c) => last?.scores[c] ?? "-").join(" / ")}${last?.runs.length ? ` (performance in each run: ${last.runs.map((r) => r.performance ?? "-").join(", ")})` : ""}${last?.error ? ` (${last.error})` : ""}`,
      );
    }
    return results;
  } finally {
    await chrome.stop();
  }
}

async function audit({
  url,
  debuggingPort,
}: {
  url: string;
  debuggingPort: number;
}): Promise<{ lhr: Lhr; failed: boolean; seconds: number }> {
  const started = performance.now();
  const run = await lighthouse(url, {
    port: debuggingPort,
    hostname: "127.0.0.1",
    logLevel: "error",
    output: "json",
    onlyCategories: [...LIGHTHOUSE_CATEGORIES],
    // Bounds a page that never settles; the default (45 s) lets one page eat the time budget.
    maxWaitForLoad: 30_000,
  });
  if (!run) throw new Error("Lighthouse returned no result");
  return {
    lhr: run.lhr,
    failed: LIGHTHOUSE_CATEGORIES.some((c) => scoreOf(run.lhr, c) === null),
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * The median of each figure over a page's runs, and the audits that did not pass in the run
 * nearest those medians. A run with a category left unscored (its trace failed twice) is
 * reported instead, so it is seen.
 */
export function medianOf({
  page,
  url,
  lhrs,
}: {
  page: string;
  url: string;
  lhrs: Lhr[];
}): LighthouseResult {
  const summaries = lhrs.map((lhr) => summarise({ page, url, lhr }));
  const runs = summaries.map(
    (run, i): RunFigures => ({
      performance: run.scores.performance,
      fcpMs: round(lhrs[i]?.audits["first-contentful-paint"]?.numericValue ?? null),
      lcpMs: run.lcpMs,
      tbtMs: run.tbtMs,
    }),
  );
  const broken = summaries.find((run) => LIGHTHOUSE_CATEGORIES.some((c) => run.scores[c] === null));
  if (broken) return { ...broken, runs };
  const scores = Object.fromEntries(
    LIGHTHOUSE_CATEGORIES.map((c) => [c, medianOrNull(summaries.map((run) => run.scores[c]))]),
  ) as LighthouseResult["scores"];
  const lcpMs = medianOrNull(summaries.map((run) => run.lcpMs));
  const tbtMs = medianOrNull(summaries.map((run) => run.tbtMs));
  const cls = medianOrNull(summaries.map((run) => run.cls));
  // The run to show the failing audits of: the median performance, then the nearest TBT.
  const nearest = [...summaries].sort(
    (a, b) =>
      Math.abs((a.scores.performance ?? 0) - (scores.performance ?? 0)) -
        Math.abs((b.scores.performance ?? 0) - (scores.performance ?? 0)) ||
      Math.abs((a.tbtMs ?? 0) - (tbtMs ?? 0)) - Math.abs((b.tbtMs ?? 0) - (tbtMs ?? 0)),
  )[0];
  return {
    page,
    url,
    scores,
    lcpMs,
    tbtMs,
    cls,
    failing: nearest?.failing ?? [],
    warnings: [...new Set(summaries.flatMap((run) => run.warnings))],
    runs,
  };
}

/** load.ts's median of the runs' figures; null when a run has none. */
function medianOrNull(values: (number | null)[]): number | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return median(values as number[]);
}

function scoreOf(lhr: Lhr, category: Category): number | null {
  const score = lhr.categories[category]?.score;
  return score === null || score === undefined ? null : Math.round(score * 100);
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function summarise({
  page,
  url,
  lhr,
}: {
  page: string;
  url: string;
  lhr: Lhr;
}): Omit<LighthouseResult, "runs"> {
  const scores = Object.fromEntries(
    LIGHTHOUSE_CATEGORIES.map((c) => [c, scoreOf(lhr, c)]),
  ) as Record<Category, number | null>;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  const failing: FailingAudit[] = [];
  for (const category of LIGHTHOUSE_CATEGORIES) {
    if (scores[category] === 100) continue;
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (["notApplicable", "informative", "manual"].includes(audit.scoreDisplayMode)) continue;
      failing.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      });
    }
  }
  // The ones that cost points first.
  failing.sort((a, b) => b.weight - a.weight);
  return {
    page,
    url,
    scores,
    lcpMs: round(numeric("largest-contentful-paint")),
    tbtMs: round(numeric("total-blocking-time")),
    cls: numeric("cumulative-layout-shift"),
    failing,
    warnings: [
      ...(lhr.runtimeError ? [`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`] : []),
      ...lhr.runWarnings,
      ...LIGHTHOUSE_CATEGORIES.filter((c) => scores[c] === null).map(
        (c) => `${c}: no score (an audit it needs did not run)`,
      ),
    ],
  };
}

function round(value: number | null): number | null {
  return value === null ? null : Math.round(value);
}

async function waitForDevtools(port: number, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Chromium did not open its debugging port ${port}:\n${output()}`);
}
