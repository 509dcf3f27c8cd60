// ADR 029: PostgreSQL's memory settings inside PGlite, for a server with 512 MB to 1 GB.
//
// PGlite's WebAssembly memory grows and never shrinks, and its initdb picks PostgreSQL's
// server defaults (shared_buffers 128 MB or more, measured 160 MB: a 198 MB WebAssembly
// memory). One process serves one site with a few thousand rows, and the operating system's
// cache keeps its files anyway, so PostgreSQL's own caches are kept small: 16 MB of shared
// buffers leave the memory at PGlite's floor (128 MB, which pglite.wasm declares; its
// `initialMemory` option can only raise it). Sorts and hashes (work_mem) and an index build
// (maintenance_work_mem) past these spill to temporary files instead of growing the memory.

const SETTINGS = {
  shared_buffers: "16MB",
  wal_buffers: "1MB",
  temp_buffers: "1MB",
  work_mem: "2MB",
  maintenance_work_mem: "16MB",
} as const;

/**
 * `-c name=value` pairs for PostgreSQL's command line (PGlite's startParams), and for initdb
 * (PGlite's initDbStartParams): initdb writes them into the new folder's postgresql.conf, so
 * initdb's own runs and every later open use them.
 */
export const PGLITE_MEMORY_PARAMS: string[] = Object.entries(SETTINGS).flatMap(([name, value]) => [
  "-c",
  `${name}=${value}`,
]);
