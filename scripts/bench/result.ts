import type { MemoryFigures } from "../../server/memory-report.ts";
import type { FollowerResult } from "./follower.ts";
import type { ImagePageBytes } from "./images.ts";
import type { LighthouseResult } from "./lighthouse.ts";
import type { LoadPoint } from "./load.ts";
import type { MailResult } from "./mail.ts";
import type { PageCacheSize } from "./memory.ts";
import type { BudgetCheck, OnDemandChunk, PageWeight } from "./page-weight.ts";
import type { SlowCpuResult } from "./slow-cpu-budget.ts";

// What one run of the bench measured: written to bench/results/latest.json and read by the
// terminal and HTML reports.

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

/** A budget's line: PASS or FAIL, or a reference shown beside the budgets and not judged. */
export type BudgetLine = BudgetCheck & { reference?: boolean; skipped?: boolean };

export interface MemoryRow {
  database: "PGlite" | "PostgreSQL";
  /** "empty folder": the first start, which fills it with the demo content (ADR 029). */
  data: "demo" | "large" | "empty folder";
  /** The server ran with its page cache off (PAGE_CACHE_SECONDS=0). */
  uncached?: boolean;
  /** Resident bytes of the server's processes: ready, after the load, after FILL_PAGES pages. */
  afterStart: number | null;
  /** The highest resident bytes of its processes until ready (their VmHWM, summed). */
  startPeak?: number | null;
  /** Where the memory went, by the server's own report (server/memory-report.ts). */
  breakdown?: { afterStart?: MemoryFigures | null; afterLoad?: MemoryFigures | null };
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
      /** A bare node:http server sending our fast path's bytes and headers (the budget's reference). */
      bare: LoadPoint[] | null;
      /** nginx serving the same bytes from files (a reference line, not judged). */
      nginx: LoadPoint[] | null;
      /**
       * Every round's ours/bare and ours/nginx ratio at 50 connections, in the order they ran,
       * when the page is judged; its 50-connection points above are those of the round with the
       * median ours/bare ratio.
       */
      bareRatioRounds?: number[];
      ratioRounds?: number[];
    }[];
    /** The scale budget: /news on the large set against a few items, round by round. */
    scale: ScalePoint[];
    others: { path: string; point: LoadPoint }[];
    nginxSkipped?: string;
    bareSkipped?: string;
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
  /** The supporters' e-mail at scale (ADR 032, mail.ts); null when not run. */
  mail?: MailResult | null;
  /** Followers of a live match (ADR 036, follower.ts); null when not run. */
  follower?: FollowerResult | null;
  memory: MemoryRow[];
  postgresSkipped?: string;
  /** ADR 030: the budget pages with the server held to part of a core; null when not run. */
  slowCpu?: SlowCpuResult | null;
  budgets: BudgetLine[];
}
