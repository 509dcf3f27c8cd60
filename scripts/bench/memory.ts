import fs from "node:fs";
import type { MemoryFigures } from "../../server/memory-report.ts";
import type { Started } from "./processes.ts";
import type { BudgetLine, MemoryRow } from "./result.ts";

// Resident memory (docs/architecture.md, Measuring): what the server's processes hold in RAM, read from /proc.
// The bench starts the server in its own process group, so every process of the server
// (one today; one per worker with WEB_CONCURRENCY) is counted.

const PAGE_SIZE = 4096;

/** The summed resident set of every process in the group `pgid`, in bytes (null off Linux). */
export function groupResidentBytes(pgid: number): number | null {
  if (!fs.existsSync("/proc/self/statm")) return null;
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after "(comm)": state, ppid, pgrp, …
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const statm = fs.readFileSync(`/proc/${entry}/statm`, "utf8").split(" ");
      total += Number(statm[1]) * PAGE_SIZE;
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}

export interface PageCacheSize {
  pages: number;
  bytes: number;
}

/**
 * The page cache's size from the server's log: the fast path writes it with its counts, and
 * once more when the server stops (server/fast-path.ts).
 */
export function pageCacheFromLog(output: string): PageCacheSize | null {
  const lines = output.split("\n").filter((line) => line.includes('"pageCache":'));
  const last = lines.at(-1);
  if (!last) return null;
  try {
    const parsed = JSON.parse(last) as { pageCache?: PageCacheSize };
    return parsed.pageCache ?? null;
  } catch {
    return null;
  }
}

// ADR 029: the bounds on resident memory, and where the memory goes.

/** The bounds (MB = 1,000,000 bytes, as the bench prints them). */
const MEMORY_BOUNDS = {
  /** PGlite, demo content: ready to serve. */
  afterStart: 300e6,
  /** PGlite, demo content: after the load, page cache on and off. */
  afterLoad: 350e6,
  /** PGlite: the highest while the first start fills an empty folder (template, migrations, demo). */
  firstStart: 350e6,
  /** PostgreSQL, demo content: our server's processes (not PostgreSQL's), after start and load. */
  postgres: 200e6,
} as const;

/** The summed peak resident set (VmHWM) of every process in the group `pgid`, in bytes. */
function groupPeakBytes(pgid: number): number | null {
  if (!fs.existsSync("/proc/self/status")) return null;
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
      total += Number(status.match(/^VmHWM:\s+(\d+) kB/m)?.[1] ?? 0) * 1024;
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}

/** What the server says about its memory (server/memory-report.ts), asked for with SIGUSR2. */
async function askMemoryFigures(server: Started): Promise<MemoryFigures | null> {
  const pid = server.child.pid;
  if (pid === undefined || server.child.exitCode !== null) return null;
  const asked = Date.now();
  process.kill(pid, "SIGUSR2");
  for (let tries = 0; tries < 40; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const line of server.output().split("\n").reverse()) {
      if (!line.includes('"memory":{')) continue;
      try {
        const parsed = JSON.parse(line) as { time?: number; memory?: MemoryFigures };
        if ((parsed.time ?? 0) >= asked - 1000 && parsed.memory) return parsed.memory;
      } catch {
        // A line cut by the output's buffer: keep looking.
      }
    }
  }
  return null;
}

/** Reads the group's resident bytes, peak and the server's own figures into the row's "after start". */
export async function measureAfterStart(row: MemoryRow, server: Started): Promise<void> {
  const pid = server.child.pid ?? 0;
  row.afterStart = groupResidentBytes(pid);
  row.startPeak = groupPeakBytes(pid);
  row.breakdown = { ...row.breakdown, afterStart: await askMemoryFigures(server) };
}

/** The same after the load. */
export async function measureAfterLoad(row: MemoryRow, server: Started): Promise<void> {
  row.afterLoad = groupResidentBytes(server.child.pid ?? 0);
  row.breakdown = { ...row.breakdown, afterLoad: await askMemoryFigures(server) };
}

const megabytes = (bytes: number | null | undefined) =>
  bytes === null || bytes === undefined ? "-" : `${Math.round(bytes / 1e6)} MB`;

/** One line: where the memory goes. */
export function memoryBreakdown(figures: MemoryFigures): string {
  return [
    `process ${megabytes(figures.rss)}`,
    `V8 heap ${megabytes(figures.heapUsed)} used of ${megabytes(figures.heapTotal)}`,
    `external ${megabytes(figures.external)} (array buffers ${megabytes(figures.arrayBuffers)})`,
    `PGlite WebAssembly ${figures.wasm === null ? "- (PostgreSQL)" : megabytes(figures.wasm)}`,
    `sharp/libvips ${figures.sharp === null ? "not loaded" : megabytes(figures.sharp)}`,
    `page cache ${figures.pageCache ? `${megabytes(figures.pageCache.bytes)} in ${figures.pageCache.pages} pages` : "off"}`,
  ].join(", ");
}

/** The row's name in the reports: database, data, and the page cache when it was off. */
export function memoryRowName(row: MemoryRow): string {
  return `${row.database}, ${row.data}${row.uncached ? ", page cache off" : ""}`;
}

/** ADR 029's lines: one PASS/FAIL per bound, with the figure. */
export function memoryBudgets(rows: MemoryRow[]): BudgetLine[] {
  const find = (database: MemoryRow["database"], data: MemoryRow["data"], uncached = false) =>
    rows.find(
      (r) => r.database === database && r.data === data && Boolean(r.uncached) === uncached,
    );
  const line = (name: string, bytes: number | null | undefined, bound: number): BudgetLine => {
    const measured = bytes !== null && bytes !== undefined;
    return {
      name: `${name} ≤ ${megabytes(bound)}`,
      pass: measured && bytes <= bound,
      detail: measured
        ? `${megabytes(bytes)}${bytes > bound ? `, ${megabytes(bytes - bound)} over` : ""}`
        : "not measured",
    };
  };
  const demo = find("PGlite", "demo");
  const uncached = find("PGlite", "demo", true);
  const first = find("PGlite", "empty folder");
  const postgres = find("PostgreSQL", "demo");
  const lines = [
    line(
      "Resident memory, PGlite, demo content, after start",
      demo?.afterStart,
      MEMORY_BOUNDS.afterStart,
    ),
    line(
      "Resident memory, PGlite, demo content, after the load (page cache on)",
      demo?.afterLoad,
      MEMORY_BOUNDS.afterLoad,
    ),
    line(
      "Resident memory, PGlite, demo content, after the load (page cache off)",
      uncached?.afterLoad,
      MEMORY_BOUNDS.afterLoad,
    ),
    line(
      "Resident memory, PGlite, first start on an empty folder (peak: template, migrations, demo content)",
      first?.startPeak,
      MEMORY_BOUNDS.firstStart,
    ),
  ];
  if (postgres) {
    const worst =
      postgres.afterStart === null && postgres.afterLoad === null
        ? null
        : Math.max(postgres.afterStart ?? 0, postgres.afterLoad ?? 0);
    lines.push(
      line(
        "Resident memory, PostgreSQL, demo content, our server's processes (not PostgreSQL's), after start and after the load",
        worst,
        MEMORY_BOUNDS.postgres,
      ),
    );
  }
  return lines;
}
