import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startThrowawayPostgres } from "../../tests/postgres.ts";
import { BUDGET_PAGES } from "./budgets.ts";
import {
  createSmallSet,
  type DataTarget,
  growToLargeSet,
  readSamples,
  type Samples,
} from "./data.ts";
import { measure, median } from "./load.ts";
import { groupResidentBytes, measureAfterLoad, measureAfterStart } from "./memory.ts";
import { base, log, options } from "./options.ts";
import { onCleanup, removeFolderOnCleanup, type Started } from "./processes.ts";
import type { BenchResult, MemoryRow } from "./result.ts";
import { memoryRow, round, startServer, stopServer, waitUntilIdle } from "./server.ts";

// Resident memory under load and with the page cache full, on PGlite and on a throwaway
// PostgreSQL server; and the first anonymous render after an admin write.

/** The load behind "after load" where the speed part does not run: each budget page at 50 connections. */
export async function memoryLoad(samples: Samples): Promise<void> {
  const paths: Record<string, string> = {
    "/": "/",
    "/news": "/news",
    "/news/{id}": samples.news.path,
    "/team": "/team",
    "/team/{slug}": `/team/${samples.playerSlug}`,
    "/fixtures": "/fixtures",
  };
  for (const page of BUDGET_PAGES) {
    await measure({
      url: base() + (paths[page] ?? page),
      connections: 50,
      seconds: options.seconds,
      warmupSeconds: 0,
    });
    await waitUntilIdle();
  }
}

/**
 * Asks for more distinct pages than the page cache keeps (news items, FILL_PAGES of them),
 * then reads the resident memory: the cache's bound (500 pages, 64 MB, ADR 007) holds.
 */
export async function fillPageCache(samples: Samples, server: Started): Promise<number | null> {
  log(`Filling the page cache: ${samples.newsPaths.length} different news items…`);
  const queue = [...samples.newsPaths];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let path = queue.shift(); path; path = queue.shift()) {
        const response = await fetch(`${base()}${path}`, {
          headers: { "accept-encoding": "gzip" },
        });
        await response.arrayBuffer();
      }
    }),
  );
  return groupResidentBytes(server.child.pid ?? 0);
}

/** The memory rows on a throwaway PostgreSQL server: demo content, then the large set. */
export async function memoryOnPostgres(bin: string): Promise<MemoryRow[]> {
  log(`PostgreSQL (${bin}) on port ${options.postgresPort}…`);
  const postgres = await startThrowawayPostgres(bin, { port: options.postgresPort });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    postgres.stop();
  };
  onCleanup(stop);
  try {
    const target: DataTarget = { databaseUrl: postgres.url };
    const rows: MemoryRow[] = [];
    const generated = await createSmallSet(target);
    let server = await startServer(target);
    const small = memoryRow({ database: "PostgreSQL", data: "demo", server });
    await measureAfterStart(small, server);
    await memoryLoad(await readSamples(target));
    await measureAfterLoad(small, server);
    await stopServer(server, small);
    rows.push(small);

    log("PostgreSQL: adding the large set…");
    await growToLargeSet({ target, generatedSoFar: generated });
    const samples = await readSamples(target);
    server = await startServer(target);
    const large = memoryRow({ database: "PostgreSQL", data: "large", server });
    await memoryLoad(samples);
    large.afterLoad = groupResidentBytes(server.child.pid ?? 0);
    large.cacheFull = await fillPageCache(samples, server);
    await stopServer(server, large);
    rows.push(large);
    return rows;
  } finally {
    stop();
  }
}

/** Signs in, then repeatedly updates a news item and times the next anonymous GET. */
export async function timeAfterWrites(item: {
  id: string;
  title: string;
  content: string;
  image: string | null;
  imageAlt: string | null;
  category: string | null;
}): Promise<BenchResult["afterWrite"]> {
  const origin = base();
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const login = await fetch(`${origin}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: form({
      email: options.admin.email,
      password: options.admin.password,
      redirectTo: "/admin",
    }),
  });
  const cookie = login.headers.get("set-cookie")?.split(";")[0];
  if (login.status !== 302 || !cookie)
    throw new Error(`Admin sign-in failed: HTTP ${login.status}`);

  const pages = ["/", "/news"];
  const samples = Object.fromEntries(
    pages.map((p) => [p, { first: [] as number[], next: [] as number[] }]),
  );
  for (let i = 0; i < options.writes; i++) {
    for (const page of pages) {
      const write = await fetch(`${origin}/admin/news`, {
        method: "POST",
        redirect: "manual",
        headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded" },
        body: form({
          intent: "save",
          id: item.id,
          title: `${item.title} (edit ${i}${page === "/" ? "a" : "b"})`,
          content: item.content,
          image: item.image ?? "",
          // A photo always has its description (the form refuses one without).
          imageAlt: item.imageAlt ?? "",
          category: item.category ?? "",
        }),
      });
      const reply = await write.text();
      if (write.status !== 302)
        throw new Error(
          `Updating the news item failed: HTTP ${write.status} ${reply.match(/role="alert"[^>]*>([^<]+)/)?.[1] ?? ""}`,
        );
      const time = async () => {
        const started = performance.now();
        const response = await fetch(origin + page, { headers: { "accept-encoding": "gzip" } });
        const body = await response.text();
        if (!response.ok || !body.includes(`(edit ${i}`)) {
          throw new Error(`${page} after the write: HTTP ${response.status}, change not shown`);
        }
        return performance.now() - started;
      };
      samples[page]?.first.push(await time());
      samples[page]?.next.push(await time());
    }
  }
  return pages.map((page) => ({
    page,
    firstMedianMs: round(median(samples[page]?.first ?? [])),
    nextMedianMs: round(median(samples[page]?.next ?? [])),
    samples: options.writes,
  }));
}

/** The demo content with the page cache off (PAGE_CACHE_SECONDS=0): every request renders. */
export async function uncachedMemoryRow(target: DataTarget, samples: Samples): Promise<MemoryRow> {
  log("Resident memory with the page cache off…");
  const server = await startServer(target, undefined, { env: { PAGE_CACHE_SECONDS: "0" } });
  const row: MemoryRow = {
    ...memoryRow({ database: "PGlite", data: "demo", server }),
    uncached: true,
  };
  await measureAfterStart(row, server);
  await memoryLoad(samples);
  await measureAfterLoad(row, server);
  await stopServer(server, row);
  return row;
}

/** The first start on an empty data folder, as `npm start` does it: the demo content loaded. */
export async function firstStartMemoryRow(): Promise<MemoryRow> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-bench-first-"));
  removeFolderOnCleanup(dataDir);
  log("Resident memory of a first start on an empty data folder…");
  const server = await startServer({ dataDir }, undefined, {
    env: { SEED_DEMO: "1", BACKUP_DIR: path.join(dataDir, "backups") },
  });
  const row = memoryRow({ database: "PGlite", data: "empty folder", server });
  await measureAfterStart(row, server);
  await stopServer(server, row);
  return row;
}
