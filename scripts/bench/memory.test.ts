import { describe, expect, it } from "vitest";
import { memoryBreakdown, memoryBudgets } from "./memory.ts";
import type { MemoryRow } from "./result.ts";

// ADR 029: one PASS/FAIL line per bound on resident memory, with the figure.

const row = (fields: Partial<MemoryRow> & Pick<MemoryRow, "database" | "data">): MemoryRow => ({
  afterStart: null,
  afterLoad: null,
  cacheFull: null,
  pageCache: null,
  ...fields,
});

describe("memoryBudgets", () => {
  it("judges each of ADR 029's figures against its bound and says by how much one is over", () => {
    const lines = memoryBudgets([
      row({ database: "PGlite", data: "demo", afterStart: 250e6, afterLoad: 290e6 }),
      row({
        database: "PGlite",
        data: "demo",
        uncached: true,
        afterStart: 250e6,
        afterLoad: 360e6,
      }),
      row({ database: "PGlite", data: "empty folder", afterStart: 240e6, startPeak: 260e6 }),
      row({ database: "PostgreSQL", data: "demo", afterStart: 150e6, afterLoad: 170e6 }),
    ]);
    expect(lines.map((line) => [line.pass, line.detail])).toEqual([
      [true, "250 MB"],
      [true, "290 MB"],
      [false, "360 MB, 10 MB over"],
      [true, "260 MB"],
      [true, "170 MB"],
    ]);
    expect(lines[0]?.name).toMatch(/after start ≤ 300 MB$/);
  });

  it("fails a figure that was not measured", () => {
    const lines = memoryBudgets([]);
    expect(lines).toHaveLength(4);
    expect(lines.every((line) => !line.pass && line.detail === "not measured")).toBe(true);
  });
});

describe("memoryBreakdown", () => {
  it("names where the memory goes", () => {
    expect(
      memoryBreakdown({
        rss: 230e6,
        heapUsed: 51e6,
        heapTotal: 68e6,
        external: 154e6,
        arrayBuffers: 9e6,
        wasm: 134e6,
        sharp: null,
        pageCache: { pages: 6, bytes: 330_000 },
      }),
    ).toBe(
      "process 230 MB, V8 heap 51 MB used of 68 MB, external 154 MB (array buffers 9 MB), PGlite WebAssembly 134 MB, sharp/libvips not loaded, page cache 0 MB in 6 pages",
    );
  });
});
