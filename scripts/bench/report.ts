import fs from "node:fs";
import path from "node:path";
import type { ImagePageBytes } from "./images.ts";
import type { LighthouseResult } from "./lighthouse.ts";
import type { LoadPoint } from "./load.ts";
import type { PageCacheSize } from "./memory.ts";
import {
  type BudgetCheck,
  FIRST_LOAD_JS_BUDGET_GZIP,
  type OnDemandChunk,
  type PageWeight,
} from "./page-weight.ts";

// The bench's report (issues 8 and 19): a text table for the terminal, bench/results/latest.json
// with a timestamped copy, and bench/results/report.html (self-contained: inline CSS and SVG,
// no script, no external request).

/**
 * Unpinned (wrk and the servers share every core): a point is generator-bound when nginx
 * reached this share of wrk's own ceiling or more.
 */
export const GENERATOR_BOUND_SHARE = 0.8;
/**
 * Pinned (wrk on its own cores, the server under test on another): a point is generator-bound
 * when wrk kept its cores this busy or more. The 100-byte ceiling cannot say it then: it is
 * nginx's own core that runs out on it, not wrk (measured on the 2-core machine: nginx 100 %
 * busy, wrk 66 %).
 */
export const GENERATOR_BUSY_SHARE = 0.9;
/** ADR 007's budget: one Node process at least half of one nginx worker's requests/s. */
export const NGINX_RATIO_BUDGET = 0.5;

export function isGeneratorBound(
  nginx: LoadPoint,
  ceiling: number | undefined,
  pinned: boolean,
): boolean {
  if (pinned) return (nginx.generatorBusy ?? 1) >= GENERATOR_BUSY_SHARE;
  if (ceiling === undefined || !Number.isFinite(ceiling)) return false;
  return nginx.requestsPerSecond >= GENERATOR_BOUND_SHARE * ceiling;
}

/**
 * Ours against nginx at one point. A generator-bound nginx point is a lower bound of what
 * nginx can do, so the true ratio is at most the measured one: below the budget it fails
 * all the same; at or above it, it cannot be judged.
 */
export function judgeRatio({
  ours,
  nginx,
  bound,
}: {
  ours: LoadPoint;
  nginx: LoadPoint;
  bound: boolean;
}): "met" | "below" | "not judged" {
  if (!(ratioOf({ ours, nginx }) >= NGINX_RATIO_BUDGET)) return "below";
  return bound ? "not judged" : "met";
}

/** One round of the judged point: our server, then nginx on the same bytes, back to back. */
export interface RatioRound {
  ours: LoadPoint;
  nginx: LoadPoint;
}

/** Ours / nginx in requests per second; 0 when ours could not be measured. */
export function ratioOf({ ours, nginx }: RatioRound): number {
  return ours.skipped ? 0 : ours.requestsPerSecond / nginx.requestsPerSecond;
}

/** The item with the median key of an odd number of rounds: a budget reads one real run. */
function medianBy<T>(items: T[], key: (item: T) => number, name: string): T {
  if (items.length === 0 || items.length % 2 === 0)
    throw new Error(`${name} needs an odd number of rounds`);
  return [...items].sort((a, b) => key(a) - key(b))[(items.length - 1) / 2] as T;
}

/**
 * The round whose ratio is the median of the rounds' (an odd count): the point a budget reads.
 * The machine's speed drifts over seconds, so a ratio from pairs taken back to back, and the
 * middle one of several, moves less than any single pair.
 */
export function medianRound(rounds: RatioRound[]): RatioRound {
  return medianBy(rounds, ratioOf, "medianRound");
}

/** Requests per second; 0 when the run could not be measured (it counts as the slowest). */
const speedOf = (point: LoadPoint) =>
  point.skipped || !Number.isFinite(point.requestsPerSecond) ? 0 : point.requestsPerSecond;

/** One round of the scale budget: /news on the large set, then on a few items, back to back. */
export interface ScaleRound {
  many: LoadPoint;
  few: LoadPoint;
}

/** The scale budget's rounds at one concurrency. */
export interface ScalePoint {
  connections: number;
  rounds: ScaleRound[];
}

/** Many / few in requests per second; 0 when either could not be measured. */
export function scaleRatioOf({ many, few }: ScaleRound): number {
  const fewSpeed = speedOf(few);
  return fewSpeed === 0 ? 0 : speedOf(many) / fewSpeed;
}

/** The round with the median many/few ratio of an odd number of rounds. */
export function medianScaleRound(rounds: ScaleRound[]): ScaleRound {
  return medianBy(rounds, scaleRatioOf, "medianScaleRound");
}

/**
 * /news on many items against /news on a few, at each concurrency: the median round's ratio,
 * a line for the report, and whether it is more than `noise` below 1.
 */
export function scaleComparison({
  scale,
  noise,
}: {
  scale: ScalePoint[];
  noise: number;
}): { connections: number; ratio: number; line: string; short: boolean }[] {
  return scale
    .filter((point) => point.rounds.length > 0)
    .map((point) => {
      const middle = medianScaleRound(point.rounds);
      const ratio = scaleRatioOf(middle);
      const rounds = point.rounds.map((round) => scaleRatioOf(round).toFixed(3)).join(" ");
      return {
        connections: point.connections,
        ratio,
        line: `${point.connections} conn: ${Math.round(speedOf(middle.many))} vs ${Math.round(speedOf(middle.few))} req/s (${ratio.toFixed(3)}x; median of rounds ${rounds})`,
        short: ratio < 1 - noise,
      };
    });
}

/**
 * The generator's ceiling at a concurrency: the fastest wrk went in the run, on the 100-byte
 * file or on any nginx page (each is a lower bound of what wrk can do; on a busy machine the
 * 100-byte point alone can land in a slow moment and understate it).
 */
export function ceilingAt(speed: BenchResult["speed"], connections: number): number | undefined {
  const seen = [speed.ceiling, ...speed.pages.map((page) => page.nginx ?? [])]
    .flat()
    .filter(
      (point) => point.connections === connections && Number.isFinite(point.requestsPerSecond),
    )
    .map((point) => point.requestsPerSecond);
  return seen.length ? Math.max(...seen) : undefined;
}

export interface MemoryRow {
  database: "PGlite" | "PostgreSQL";
  data: "demo" | "large";
  /** Resident bytes of the server's processes: ready, after the load, after FILL_PAGES pages. */
  afterStart: number | null;
  afterLoad: number | null;
  cacheFull: number | null;
  /** The page cache's own size when the server stopped (from its log). */
  pageCache: PageCacheSize | null;
}

export interface BenchResult {
  startedAt: string;
  wallSeconds: number;
  machine: {
    cpus: number;
    node: string;
    loadAverageAtStart: number[];
    loadAverage: number[];
    warning?: string;
  };
  settings: {
    seconds: number;
    warmupSeconds: number;
    connections: number[];
    writes: number;
    generator: string;
    /** wrk and the server under test each on cores of their own (taskset). */
    pinned: boolean;
    only: string | null;
  };
  data: {
    news: number;
    generated: { news: number; fixtures: number; people: number; tableRows: number };
    smallNews: number;
    insertSeconds: number;
  };
  pageWeight: { pages: PageWeight[]; onDemand: OnDemandChunk[] };
  speed: {
    /** wrk against nginx serving about 100 bytes, per connection count: what wrk itself can do. */
    ceiling: LoadPoint[];
    pages: {
      page: string;
      path: string;
      htmlBytes: number;
      htmlGzipBytes: number;
      ours: LoadPoint[];
      nginx: LoadPoint[] | null;
      /**
       * Every round's ours/nginx ratio at 50 connections, in the order they ran, when the page
       * is judged against nginx; its 50-connection points above are the median round's.
       */
      ratioRounds?: number[];
    }[];
    /** The scale budget: /news on the large set against a few items, round by round. */
    scale: ScalePoint[];
    others: { path: string; point: LoadPoint }[];
    nginxSkipped?: string;
  };
  afterWrite: { page: string; firstMedianMs: number; nextMedianMs: number; samples: number }[];
  lighthouse: LighthouseResult[] | null;
  lighthouseSkipped?: string;
  /** Image bytes on a phone with uploaded photos (ADR 017); null when not run. */
  images?: {
    viewport: { width: number; height: number; deviceScaleFactor: number };
    pages: ImagePageBytes[];
    lighthouse: LighthouseResult[] | null;
  } | null;
  memory: MemoryRow[];
  postgresSkipped?: string;
  budgets: BudgetCheck[];
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const mb = (bytes: number | null) => (bytes === null ? "-" : (bytes / 1e6).toFixed(1));
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(value < 10 ? 2 : 1) : "-");
const rps = (value: number) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString("en-GB") : "-";

/** A text table: the first column (and any named in `left`) aligned left, figures right. */
function table(headers: string[], rows: string[][], left: string[] = []): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === 0 || left.includes(headers[i] ?? "")
          ? cell.padEnd(widths[i] ?? 0)
          : cell.padStart(widths[i] ?? 0),
      )
      .join("  ")
      .trimEnd();
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export function formatTerminal(result: BenchResult): string {
  const out: string[] = [];
  const { data } = result;
  out.push(
    `clubsite bench, ${result.startedAt}: ${result.machine.cpus} CPUs, Node ${result.machine.node}, load average ${result.machine.loadAverageAtStart.join(" ")} at the start, ${result.machine.loadAverage.join(" ")} at the end${result.settings.only ? ` (only ${result.settings.only})` : ""}; ${data.news.toLocaleString("en-GB")} news items (${data.generated.news.toLocaleString("en-GB")} generated + demo), ${data.generated.fixtures.toLocaleString("en-GB")} fixtures, ${data.generated.people} people, ${data.generated.tableRows} table rows added to the demo content.`,
  );

  if (result.machine.warning) out.push(`WARNING: ${result.machine.warning}.`);
  out.push(
    "\nPAGE WEIGHT: first visit; JS = every script downloaded to network idle, counted in Chromium (downloaded-scripts.ts; the build's first-load list without Chromium); CSS from the build manifest (KB = 1,000 bytes)",
  );
  out.push(
    table(
      ["page", "JS raw", "JS gzip", "CSS raw", "CSS gzip", "files", "Quill", "locale", "admin"],
      [
        ...result.pageWeight.pages.map((w) => [
          w.page,
          kb(w.js.raw),
          kb(w.js.gzip),
          kb(w.css.raw),
          kb(w.css.gzip),
          String(w.js.files.length + w.css.files.length),
          w.forbidden.quill.length ? "YES" : "no",
          w.forbidden.dateLocale.length ? "YES" : "no",
          w.forbidden.admin.length ? (w.public ? "YES" : "(page)") : "no",
        ]),
        ...result.pageWeight.onDemand.map((c) => [
          `${c.page} ${c.what}`,
          kb(c.js.raw),
          kb(c.js.gzip),
          kb(c.css.raw),
          kb(c.css.gzip),
          String(c.js.files.length + c.css.files.length),
          "",
          "",
          "",
        ]),
      ],
    ),
  );

  out.push(
    `\nSERVER SPEED: ${result.settings.generator}; on loopback, anonymous, Accept-Encoding gzip, ${result.settings.warmupSeconds} s warm-up + ${result.settings.seconds} s per point; one Node process (ours) and one nginx worker serving the same bytes from files; ratio = ours / nginx (req/s); wrk = how busy wrk kept its own core${result.settings.pinned ? "s" : "s (shared with the servers)"} in nginx's point; bound = ${result.settings.pinned ? `wrk ${Math.round(GENERATOR_BUSY_SHARE * 100)} % busy or more` : `nginx reached ${Math.round(GENERATOR_BOUND_SHARE * 100)} % of the generator's ceiling or more`}, so the point measured wrk, not nginx: its ratio is an upper bound, judged only when it is below the budget; drain = time our server took to finish the requests still in flight when the run stopped`,
  );
  if (result.speed.nginxSkipped) out.push(`(${result.speed.nginxSkipped})`);
  if (result.speed.ceiling.length) {
    out.push(
      `GENERATOR CEILING (wrk against nginx serving a 100-byte file): ${result.speed.ceiling
        .map(
          (p) => `${p.connections} conn ${rps(p.requestsPerSecond)} req/s (p99 ${ms(p.p99Ms)} ms)`,
        )
        .join(
          ", ",
        )}; the fastest wrk went in this run${result.settings.pinned ? "" : ', which the "bound" column uses'}: ${result.settings.connections
        .map((c) => `${c} conn ${rps(ceilingAt(result.speed, c) ?? Number.NaN)} req/s`)
        .join(", ")}`,
    );
  }
  const rows: string[][] = [];
  for (const page of result.speed.pages) {
    for (const [i, ours] of page.ours.entries()) {
      const floor = page.nginx?.[i];
      const ceiling = ceilingAt(result.speed, ours.connections);
      rows.push([
        i === 0 ? `${page.page} (${kb(page.htmlGzipBytes)} KB gz)` : "",
        String(ours.connections),
        rps(ours.requestsPerSecond),
        ms(ours.p50Ms),
        ms(ours.p99Ms),
        floor ? rps(floor.requestsPerSecond) : "-",
        floor ? ms(floor.p50Ms) : "-",
        floor ? ms(floor.p99Ms) : "-",
        floor && Number.isFinite(ours.requestsPerSecond)
          ? (ours.requestsPerSecond / floor.requestsPerSecond).toFixed(2)
          : "-",
        floor?.generatorBusy === undefined ? "-" : `${Math.round(floor.generatorBusy * 100)} %`,
        floor && isGeneratorBound(floor, ceiling, result.settings.pinned) ? "bound" : "",
        ours.drainSeconds === undefined
          ? ours.skipped
            ? "skipped"
            : "-"
          : ours.drainSeconds.toFixed(1),
        ours.failures + (floor?.failures ?? 0)
          ? String(ours.failures + (floor?.failures ?? 0))
          : "",
      ]);
    }
  }
  out.push(
    table(
      [
        "page",
        "conn",
        "req/s",
        "p50 ms",
        "p99 ms",
        "nginx req/s",
        "p50 ms",
        "p99 ms",
        "ratio",
        "wrk",
        "gen",
        "drain s",
        "errors",
      ],
      rows,
    ),
  );

  for (const page of result.speed.pages) {
    for (const point of page.ours) {
      if (point.skipped)
        out.push(`  ${page.page} at ${point.connections} connections skipped: ${point.skipped}`);
    }
  }

  out.push(
    `\n/news with ${data.news.toLocaleString("en-GB")} news items vs ${data.smallNews}, two servers side by side, rounds back to back (the median round's figures)`,
  );
  out.push(
    table(
      [
        "conn",
        `req/s (${data.news})`,
        "p50 ms",
        "p99 ms",
        `req/s (${data.smallNews})`,
        "p50 ms",
        "p99 ms",
        "ratio",
        "rounds",
      ],
      result.speed.scale
        .filter((point) => point.rounds.length > 0)
        .map((point) => {
          const { many, few } = medianScaleRound(point.rounds);
          return [
            String(point.connections),
            rps(many.requestsPerSecond),
            ms(many.p50Ms),
            ms(many.p99Ms),
            rps(few.requestsPerSecond),
            ms(few.p50Ms),
            ms(few.p99Ms),
            scaleRatioOf({ many, few }).toFixed(3),
            point.rounds.map((round) => scaleRatioOf(round).toFixed(3)).join(" "),
          ];
        }),
    ),
  );
  if (result.speed.others.length) {
    out.push("\nOther pages, 10 connections");
    out.push(
      table(
        ["page", "req/s", "p50 ms", "p99 ms", "note"],
        result.speed.others.map((o) => [
          o.path,
          rps(o.point.requestsPerSecond),
          ms(o.point.p50Ms),
          ms(o.point.p99Ms),
          o.point.skipped ?? "",
        ]),
        ["note"],
      ),
    );
  }

  out.push(
    `\nFIRST ANONYMOUS RENDER AFTER AN ADMIN WRITE (a news item updated through /admin/news; loopback round trip, median of ${result.settings.writes})`,
  );
  out.push(
    table(
      ["page", "first GET ms", "next GET ms"],
      result.afterWrite.map((w) => [w.page, ms(w.firstMedianMs), ms(w.nextMedianMs)]),
    ),
  );

  out.push(
    "\nRESIDENT MEMORY of the server's processes (MB = 1,000,000 bytes): ready; after the load (each budget page at 50 connections, or the whole speed run); after asking for more different pages than the page cache keeps; the page cache's own size when the server stopped",
  );
  if (result.memory.length) {
    out.push(
      table(
        ["database", "data", "after start", "after load", "cache full", "cache pages", "cache MB"],
        result.memory.map((row) => [
          row.database,
          row.data,
          mb(row.afterStart),
          mb(row.afterLoad),
          mb(row.cacheFull),
          row.pageCache ? String(row.pageCache.pages) : "-",
          row.pageCache ? mb(row.pageCache.bytes) : "-",
        ]),
        ["data"],
      ),
    );
  }
  if (result.postgresSkipped) out.push(`(PostgreSQL rows skipped: ${result.postgresSkipped})`);

  out.push(
    "\nLIGHTHOUSE 13, mobile defaults, Debian Chromium: each figure the median of the page's runs; runs = performance in every run",
  );
  if (!result.lighthouse) {
    out.push(`(skipped: ${result.lighthouseSkipped})`);
  } else {
    out.push(
      table(
        ["page", "perf", "a11y", "best", "SEO", "LCP ms", "TBT ms", "CLS", "runs"],
        result.lighthouse.map((r) => [
          r.page,
          String(r.scores.performance ?? "-"),
          String(r.scores.accessibility ?? "-"),
          String(r.scores["best-practices"] ?? "-"),
          String(r.scores.seo ?? "-"),
          r.lcpMs === null ? "-" : String(r.lcpMs),
          r.tbtMs === null ? "-" : String(r.tbtMs),
          r.cls === null ? "-" : r.cls.toFixed(3),
          runsOf(r),
        ]),
      ),
    );
    for (const r of result.lighthouse) {
      if (r.error) out.push(`  ${r.page}: ERROR ${r.error}`);
      for (const warning of r.warnings) out.push(`  ${r.page}: warning: ${warning.slice(0, 200)}`);
      const costing = r.failing.filter((a) => a.weight > 0);
      const hints = r.failing.filter((a) => a.weight === 0);
      if (costing.length || hints.length) {
        out.push(
          `  ${r.page}: ${costing.map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`).join(", ") || "-"}${hints.length ? `; hints: ${hints.map((a) => a.id).join(", ")}` : ""}`,
        );
      }
    }
  }

  if (result.images) {
    const { viewport, pages } = result.images;
    out.push(
      `\nIMAGE BYTES on a phone (${viewport.width} px, device pixel ratio ${viewport.deviceScaleFactor}, Chromium; KB = 1,000 bytes): uploaded photos as the original files (before) and as the files picked from srcset (after)`,
    );
    out.push(
      table(
        ["page", "photos", "before KB", "after KB", "after/before", "other images KB"],
        pages.map((row) => [
          row.page,
          String(row.photos),
          kb(row.beforeBytes),
          kb(row.afterBytes),
          row.beforeBytes ? `${((100 * row.afterBytes) / row.beforeBytes).toFixed(1)}%` : "-",
          kb(row.otherImageBytes),
        ]),
      ),
    );
    for (const row of pages) {
      out.push(
        `  ${row.page}: ${row.files.map((file) => `${file.name} ${kb(file.bytes)}`).join(", ")}`,
      );
    }
    for (const row of result.images.lighthouse ?? []) {
      out.push(
        `  Lighthouse ${row.page}: ${Object.entries(row.scores)
          .map(([c, score]) => `${c} ${score ?? "-"}`)
          .join(
            ", ",
          )}; LCP ${row.lcpMs ?? "-"} ms, CLS ${row.cls ?? "-"}${row.error ? ` (${row.error})` : ""}`,
      );
    }
  }

  out.push("\nBUDGETS (rules §11, ADR 007)");
  for (const check of result.budgets) {
    out.push(`${check.pass ? "PASS" : "FAIL"}  ${check.name}: ${check.detail}`);
  }
  out.push(`\nWall time of the bench: ${result.wallSeconds} s`);
  return out.join("\n");
}

export function writeReports({ root, result }: { root: string; result: BenchResult }): string[] {
  const dir = path.join(root, "bench/results");
  fs.mkdirSync(dir, { recursive: true });
  const json = `${JSON.stringify(result, null, 2)}\n`;
  const stamp = result.startedAt.replace(/[:.]/g, "-");
  const files = [
    path.join(dir, "latest.json"),
    path.join(dir, `${stamp}.json`),
    path.join(dir, "report.html"),
  ];
  fs.writeFileSync(files[0] as string, json);
  fs.writeFileSync(files[1] as string, json);
  fs.writeFileSync(files[2] as string, html(result));
  return files;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c,
  );

interface Bar {
  label: string;
  values: { value: number; colour: string; text: string }[];
}

/** Horizontal bars, one row per label, several bars per row; an optional limit line. */
function barChart({
  title,
  bars,
  limit,
  unit,
}: {
  title: string;
  bars: Bar[];
  limit?: { value: number; text: string };
  unit: string;
}): string {
  const labelWidth = 190;
  const chartWidth = 460;
  const barHeight = 14;
  const rowGap = 8;
  const perRow = Math.max(1, ...bars.map((b) => b.values.length));
  const rowHeight = perRow * barHeight + rowGap;
  // A point not measured (NaN) is drawn as an empty bar with its text.
  const finite = bars.flatMap((b) => b.values.map((v) => v.value)).filter(Number.isFinite);
  const max = Math.max(limit?.value ?? 0, ...finite, 1);
  const scale = (value: number) => (value / max) * chartWidth;
  const height = bars.length * rowHeight + 30;
  const parts: string[] = [];
  bars.forEach((bar, row) => {
    const y = 20 + row * rowHeight;
    parts.push(
      `<text x="${labelWidth - 8}" y="${y + (perRow * barHeight) / 2 + 4}" text-anchor="end">${escapeHtml(bar.label)}</text>`,
    );
    bar.values.forEach((v, i) => {
      const width = Number.isFinite(v.value) ? Math.max(1, scale(v.value)) : 0;
      const by = y + i * barHeight;
      parts.push(
        `<rect x="${labelWidth}" y="${by}" width="${width.toFixed(1)}" height="${barHeight - 2}" fill="${v.colour}"><title>${escapeHtml(v.text)}</title></rect>`,
        `<text x="${labelWidth + width + 4}" y="${by + barHeight - 4}" class="v">${escapeHtml(v.text)}</text>`,
      );
    });
  });
  if (limit) {
    const x = labelWidth + scale(limit.value);
    parts.push(
      `<line x1="${x}" y1="12" x2="${x}" y2="${height - 10}" stroke="#c0392b" stroke-dasharray="4 3"/>`,
      `<text x="${x}" y="10" text-anchor="middle" class="limit">${escapeHtml(limit.text)}</text>`,
    );
  }
  return `<figure><figcaption>${escapeHtml(title)} <span class="unit">(${escapeHtml(unit)})</span></figcaption><svg viewBox="0 0 ${labelWidth + chartWidth + 90} ${height}" width="100%" role="img" aria-label="${escapeHtml(title)}">${parts.join("")}</svg></figure>`;
}

const OURS = "#0b3d5c";
const FLOOR = "#9aa7b0";
const CSS_COLOUR = "#f2b233";

function htmlTable(headers: string[], rows: string[][]): string {
  return `<table><thead><tr>${headers.map((h) => `<th>${escapeHtml(h)}</th>`).join("")}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`)
    .join("")}</tbody></table>`;
}

function runsOf(row: LighthouseResult): string {
  return row.runs.map((run) => run.performance ?? "-").join(" ") || "-";
}

function lighthouseTable(rows: LighthouseResult[]): string {
  return htmlTable(
    [
      "page",
      "performance",
      "accessibility",
      "best practices",
      "SEO",
      "LCP ms",
      "TBT ms",
      "CLS",
      "performance in each run",
      "not passing",
    ],
    rows.map((r) => [
      r.page,
      String(r.scores.performance ?? "-"),
      String(r.scores.accessibility ?? "-"),
      String(r.scores["best-practices"] ?? "-"),
      String(r.scores.seo ?? "-"),
      String(r.lcpMs ?? "-"),
      String(r.tbtMs ?? "-"),
      r.cls === null ? "-" : r.cls.toFixed(3),
      runsOf(r),
      r.error ?? r.failing.map((a) => `${a.title} (${a.id})`).join("; "),
    ]),
  );
}

function html(result: BenchResult): string {
  const sections: string[] = [];
  sections.push(
    barChart({
      title: "JavaScript downloaded to network idle and CSS per page, gzip",
      unit: "KB",
      limit: {
        value: FIRST_LOAD_JS_BUDGET_GZIP / 1000,
        text: `JS budget ${FIRST_LOAD_JS_BUDGET_GZIP / 1000} KB`,
      },
      bars: result.pageWeight.pages.map((w) => ({
        label: w.page,
        values: [
          { value: w.js.gzip / 1000, colour: OURS, text: `JS ${kb(w.js.gzip)} KB` },
          { value: w.css.gzip / 1000, colour: CSS_COLOUR, text: `CSS ${kb(w.css.gzip)} KB` },
        ],
      })),
    }),
  );
  for (const connections of result.settings.connections) {
    sections.push(
      barChart({
        title: `Requests per second at ${connections} connection${connections > 1 ? "s" : ""}: ours (dark) and nginx serving the same HTML (grey)`,
        unit: "req/s",
        bars: result.speed.pages.map((p) => {
          const ours = p.ours.find((x) => x.connections === connections);
          const floor = p.nginx?.find((x) => x.connections === connections);
          return {
            label: p.page,
            values: [
              ...(ours
                ? [
                    {
                      value: ours.requestsPerSecond,
                      colour: OURS,
                      text: `${rps(ours.requestsPerSecond)}${floor ? ` (${(ours.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}x)` : ""}`,
                    },
                  ]
                : []),
              ...(floor
                ? [
                    {
                      value: floor.requestsPerSecond,
                      colour: FLOOR,
                      text: `nginx ${rps(floor.requestsPerSecond)}`,
                    },
                  ]
                : []),
            ],
          };
        }),
      }),
    );
  }
  sections.push(
    barChart({
      title: "p99 latency at 50 connections",
      unit: "ms",
      limit: { value: 20, text: "20 ms" },
      bars: result.speed.pages.map((p) => {
        const ours = p.ours.find((x) => x.connections === 50);
        const floor = p.nginx?.find((x) => x.connections === 50);
        return {
          label: p.page,
          values: [
            ...(ours ? [{ value: ours.p99Ms, colour: OURS, text: `${ms(ours.p99Ms)} ms` }] : []),
            ...(floor
              ? [{ value: floor.p99Ms, colour: FLOOR, text: `nginx ${ms(floor.p99Ms)} ms` }]
              : []),
          ],
        };
      }),
    }),
  );
  if (result.lighthouse) {
    sections.push(`<h2>Lighthouse (mobile)</h2>${lighthouseTable(result.lighthouse)}`);
  }
  if (result.images) {
    const { viewport, pages, lighthouse } = result.images;
    sections.push(
      `<h2>Image bytes on a phone (${viewport.width} px, device pixel ratio ${viewport.deviceScaleFactor})</h2>${htmlTable(
        ["page", "photos", "before KB (originals)", "after KB (srcset's pick)", "files"],
        pages.map((row) => [
          row.page,
          String(row.photos),
          kb(row.beforeBytes),
          kb(row.afterBytes),
          row.files.map((file) => `${file.name} ${kb(file.bytes)}`).join(", "),
        ]),
      )}${lighthouse ? lighthouseTable(lighthouse) : ""}`,
    );
  }
  sections.push(
    `<h2>First anonymous render after an admin write</h2>${htmlTable(
      ["page", "first GET, median ms", "next GET, median ms"],
      result.afterWrite.map((w) => [w.page, ms(w.firstMedianMs), ms(w.nextMedianMs)]),
    )}`,
  );
  sections.push(
    `<h2>Budgets</h2><ul class="budgets">${result.budgets
      .map(
        (b) =>
          `<li class="${b.pass ? "pass" : "fail"}"><strong>${b.pass ? "PASS" : "FAIL"}</strong> ${escapeHtml(b.name)}: ${escapeHtml(b.detail)}</li>`,
      )
      .join("")}</ul>`,
  );
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>clubsite bench ${escapeHtml(result.startedAt)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#10202b}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem}figure{margin:1.5rem 0}figcaption{font-weight:600;margin-bottom:.25rem}
svg text{font-size:11px;fill:#10202b}svg text.v{fill:#3b4a55}svg text.limit{fill:#c0392b}.unit{font-weight:400;color:#5b6870}
table{border-collapse:collapse;font-size:13px}th,td{border-bottom:1px solid #dde3e7;padding:.25rem .5rem;text-align:left;vertical-align:top}
.budgets{list-style:none;padding:0}.budgets li{margin:.3rem 0;padding:.3rem .5rem;border-left:4px solid}.pass{border-color:#2e7d32}.fail{border-color:#c0392b}
pre{background:#f4f6f8;padding:1rem;overflow:auto;font-size:12px}
</style></head><body>
<h1>clubsite bench</h1>
<p>${escapeHtml(result.startedAt)}: ${result.machine.cpus} CPUs, Node ${escapeHtml(result.machine.node)}, ${result.data.news.toLocaleString("en-GB")} news items, wall time ${result.wallSeconds} s. Full figures in latest.json; the text report below.</p>
${sections.join("\n")}
<h2>Terminal report</h2><pre>${escapeHtml(formatTerminal(result))}</pre>
</body></html>
`;
}
