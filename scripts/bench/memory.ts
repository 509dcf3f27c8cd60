import fs from "node:fs";

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
