import type { Logger } from "pino";
import { processValue } from "../app/config/process-wide.ts";
import type { DatabaseHandle } from "../app/db/database.server.ts";
import type { PageCache } from "./page-cache.ts";

// ADR 029: where the server's memory goes, written to the log on SIGUSR2 (the bench asks for
// it after start and after its load). Figures only: no page, address or setting in them.

/** libvips's own bytes, set by the media code once it has loaded sharp (app/domain/media). */
const SHARP_MEMORY = "sharp-memory";

export interface MemoryFigures {
  /** This process's resident set (bytes). */
  rss: number;
  /** V8's heap: in use and reserved. */
  heapUsed: number;
  heapTotal: number;
  /** Memory outside V8's heap held by JavaScript objects (PGlite's WebAssembly memory is in it). */
  external: number;
  arrayBuffers: number;
  /** The size of PGlite's WebAssembly memory (it grows and never shrinks); null on PostgreSQL. */
  wasm: number | null;
  /** libvips's tracked allocations (sharp.cache().memory.current); null before the first image. */
  sharp: number | null;
  /** The page cache's pages and bytes; null when it is off. */
  pageCache: { pages: number; bytes: number } | null;
}

export function memoryFigures({
  database,
  pageCache,
}: {
  database: DatabaseHandle;
  pageCache: PageCache | undefined;
}): MemoryFigures {
  const usage = process.memoryUsage();
  const sharp = processValue<(() => number) | null>(SHARP_MEMORY, () => null);
  return {
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    wasm: database.wasmMemoryBytes?.() ?? null,
    sharp: sharp ? sharp() : null,
    pageCache: pageCache ? { pages: pageCache.size, bytes: pageCache.bytes } : null,
  };
}

/** On SIGUSR2, one log line `{"memory": MemoryFigures}`; returns the function that stops it. */
export function reportMemoryOnSignal(options: {
  database: DatabaseHandle;
  pageCache: PageCache | undefined;
  logger: Logger;
}): () => void {
  const report = () =>
    options.logger.info({ memory: memoryFigures(options) }, "memory: where it goes (ADR 029)");
  process.on("SIGUSR2", report);
  return () => process.off("SIGUSR2", report);
}
