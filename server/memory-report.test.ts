import { afterEach, describe, expect, it } from "vitest";
import { forgetProcessValues, setProcessValue } from "../app/config/process-wide.ts";
import type { DatabaseHandle } from "../app/db/database.server.ts";
import { memoryFigures } from "./memory-report.ts";
import type { PageCache } from "./page-cache.ts";

// ADR 029: the figures the server logs on SIGUSR2, read by the bench.

const database = (wasm?: number) =>
  ({ kind: "pglite", ...(wasm ? { wasmMemoryBytes: () => wasm } : {}) }) as DatabaseHandle;

afterEach(() => forgetProcessValues());

describe("memoryFigures", () => {
  it("gives PGlite's WebAssembly memory, libvips's bytes and the page cache's", () => {
    setProcessValue("sharp-memory", () => 3_000_000);
    const figures = memoryFigures({
      database: database(134_217_728),
      pageCache: { size: 6, bytes: 330_000 } as PageCache,
    });
    expect(figures).toMatchObject({
      wasm: 134_217_728,
      sharp: 3_000_000,
      pageCache: { pages: 6, bytes: 330_000 },
    });
    expect(figures.rss).toBeGreaterThan(figures.heapUsed);
    expect(figures.heapTotal).toBeGreaterThanOrEqual(figures.heapUsed);
  });

  it("says null for what is not there: PostgreSQL, sharp not loaded, the page cache off", () => {
    expect(memoryFigures({ database: database(), pageCache: undefined })).toMatchObject({
      wasm: null,
      sharp: null,
      pageCache: null,
    });
  });
});
