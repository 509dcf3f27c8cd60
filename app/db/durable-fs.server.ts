import fs from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { PGLITE_MEMORY_PARAMS } from "./pglite-memory.server.ts";

// ADR 026: the embedded database's writes reach stable storage before they are acknowledged.
//
// PGlite starts PostgreSQL with `-F` (fsync off), and its Node file layer (Emscripten's NODEFS)
// has no fsync: a commit's WAL stayed in the operating system's cache. Here PostgreSQL runs
// with fsync on and `wal_sync_method=fsync`, and NODEFS gets the fsync it lacks, on the real
// file in the data folder. PostgreSQL then does its own ordering, as on a server: a commit
// fsyncs its WAL before the query returns (so before any response that follows it); a new WAL
// segment is fsynced with its folder; a checkpoint fsyncs every data file it wrote before it
// lets go of the WAL that covers them; recovery after a crash fsyncs the folder first.
//
// `fsync` and not the default `fdatasync`: Emscripten's fdatasync returns without calling the
// file layer, its fsync calls it. The file layer then uses fdatasync for WAL segments (created
// at their full size and fsynced, so only their data and its blocks change: fdatasync writes
// the blocks' allocation too) and fsync for every other file.
//
// ADR 033: `wal_init_zero=off`. PostgreSQL runs on this thread, so filling each new 16 MB WAL
// segment with zeroes (2,048 writes, then an fsync) stopped every other request for 0.1-0.5 s
// in the middle of an import. Off, a new segment is made by writing its last byte, as
// PostgreSQL's documentation offers for this; each commit's WAL is still fsynced before the
// commit returns.

/** NODEFS's stream, as far as the fsync below needs it. */
interface NodefsStream {
  nfd?: number;
  node: unknown;
}

interface EmscriptenModule {
  NODEFS: {
    stream_ops: Record<string, unknown>;
    realPath(node: unknown): string;
    tryFSOperation<T>(operation: () => T): T;
  };
}

/** Whether a file under PostgreSQL's data folder is a WAL segment (pg_wal/0000…). */
function isWalSegment(file: string): boolean {
  return (
    path.basename(path.dirname(file)) === "pg_wal" && /^[0-9A-F]{24}$/.test(path.basename(file))
  );
}

class SyncingNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS["init"]>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (module: EmscriptenModule) => {
        const nodefs = module.NODEFS;
        nodefs.stream_ops.fsync = (stream: NodefsStream) =>
          // A failed fsync throws: PostgreSQL stops (PANIC) rather than go on believing the
          // data is safe, as it does on a server (data_sync_retry = off).
          nodefs.tryFSOperation(() => {
            const real = nodefs.realPath(stream.node);
            if (stream.nfd === undefined) {
              const fd = fs.openSync(real, "r");
              try {
                fs.fsyncSync(fd);
              } finally {
                fs.closeSync(fd);
              }
            } else if (isWalSegment(real)) fs.fdatasyncSync(stream.nfd);
            else fs.fsyncSync(stream.nfd);
            return 0;
          });
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }
}

/** PGlite's options for a data folder whose commits are on disk when they return (ADR 026). */
export function durablePgliteOptions(pgdata: string): PGliteOptions {
  return {
    fs: new SyncingNodeFS(pgdata),
    startParams: [
      ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
      "-c",
      "fsync=on",
      "-c",
      "wal_sync_method=fsync",
      "-c",
      "synchronous_commit=on",
      "-c",
      "full_page_writes=on",
      "-c",
      "wal_init_zero=off",
      // ADR 029: small caches (PGlite's memory never shrinks).
      ...PGLITE_MEMORY_PARAMS,
    ],
    initDbStartParams: PGLITE_MEMORY_PARAMS,
  };
}

/**
 * fsyncs every file and folder under PostgreSQL's folder, children before their folder, and
 * the folder holding it. At each open: the files initdb wrote (PGlite runs it without syncing)
 * and anything an earlier version of the site left in the operating system's cache reach the
 * disk before the first acknowledged write.
 */
export function syncDataFolder(pgdata: string): void {
  syncTree(pgdata);
  syncPath(path.dirname(pgdata));
}

function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(child);
    else if (entry.isFile()) syncPath(child);
  }
  syncPath(dir);
}

function syncPath(file: string): void {
  const fd = fs.openSync(file, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
