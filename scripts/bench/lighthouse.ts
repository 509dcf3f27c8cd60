import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { removeFolderOnCleanup, start } from "./processes.ts";

// Lighthouse 13 (docs/architecture.md, Measuring) with its mobile defaults (emulated phone, simulated slow 4G and
// CPU), in Debian's Chromium started by the bench itself so the bench can always stop it.

export const LIGHTHOUSE_CATEGORIES = [
  "performance",
  "accessibility",
  "best-practices",
  "seo",
] as const;
type Category = (typeof LIGHTHOUSE_CATEGORIES)[number];

export interface FailingAudit {
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
  error?: string;
}

export async function runLighthouse({
  pages,
  base,
  debuggingPort,
  chromePath,
  log,
}: {
  pages: { page: string; path: string }[];
  base: string;
  debuggingPort: number;
  chromePath: string;
  log: (line: string) => void;
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
        let summary = await audit({ page: target.page, url, debuggingPort });
        // A trace Lighthouse failed to record (NO_NAVSTART, NO_FCP… on a busy machine) is
        // its problem, not the page's: one more try.
        if (summary.warnings.length && summary.seconds < 60) {
          log(`  ${target.page}: ${summary.warnings[0]?.slice(0, 80)}; trying again`);
          summary = await audit({ page: target.page, url, debuggingPort });
        }
        results.push(summary.result);
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
          error: error instanceof Error ? error.message : String(error),
        });
      }
      const last = results[results.length - 1];
      log(
        `  ${target.page}: ${LIGHTHOUSE_CATEGORIES.map((c) => last?.scores[c] ?? "-").join(" / ")}${last?.error ? ` (${last.error})` : ""}`,
      );
    }
    return results;
  } finally {
    await chrome.stop();
  }
}

async function audit({
  page,
  url,
  debuggingPort,
}: {
  page: string;
  url: string;
  debuggingPort: number;
}): Promise<{ result: LighthouseResult; warnings: string[]; seconds: number }> {
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
  const result = summarise({ page, url, lhr: run.lhr });
  const failed = LIGHTHOUSE_CATEGORIES.some((c) => result.scores[c] === null);
  return {
    result,
    warnings: failed ? result.warnings : [],
    seconds: (performance.now() - started) / 1000,
  };
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function summarise({ page, url, lhr }: { page: string; url: string; lhr: Lhr }): LighthouseResult {
  const scores = Object.fromEntries(
    LIGHTHOUSE_CATEGORIES.map((c) => {
      const score = lhr.categories[c]?.score;
      return [c, score === null || score === undefined ? null : Math.round(score * 100)];
    }),
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
