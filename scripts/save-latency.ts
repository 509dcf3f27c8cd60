import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "../app/db/database.server.ts";
import { openDatabase, pgliteHandle } from "../app/db/open.server.ts";
import { news } from "../app/db/schema.ts";
import { buildNews } from "./factories.ts";

// `node scripts/save-latency.ts [saves]`: what ADR 026's sync costs an admin save on the
// embedded database. The same save (one transaction: a news item inserted, then changed, as
// the admin's save records itself) on the same folder, opened as the site opens it (commits
// synced) and as PGlite comes (fsync off, nothing synced), in alternating rounds so both see
// the same load on a shared machine. Prints p50 and p99 of each, in milliseconds.

const saves = Number(process.argv[2] ?? 200);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-save-latency-"));

async function plain(): Promise<DatabaseHandle> {
  const client = await PGlite.create(path.join(dir, "pglite"));
  return pgliteHandle(client, dir, false);
}

async function save(handle: DatabaseHandle): Promise<number> {
  const started = performance.now();
  await handle.db.transaction(async (tx) => {
    const [row] = await tx.insert(news).values(buildNews()).returning({ id: news.id });
    await tx
      .update(news)
      .set({ content: "Saved." })
      .where(eq(news.id, row?.id ?? ""));
  });
  return performance.now() - started;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

try {
  await (await openDatabase({ dataDir: dir })).close();
  const times = { synced: [] as number[], unsynced: [] as number[] };
  const rounds = 4;
  for (let round = 0; round < rounds; round++) {
    for (const mode of ["unsynced", "synced"] as const) {
      const handle = mode === "synced" ? await openDatabase({ dataDir: dir }) : await plain();
      for (let n = 0; n < saves / rounds; n++) times[mode].push(await save(handle));
      await handle.close();
    }
  }
  for (const [mode, values] of Object.entries(times))
    console.log(
      `admin save, ${mode === "synced" ? "synced (ADR 026)" : "PGlite as it comes"}: ` +
        `p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms (${values.length} saves)`,
    );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
