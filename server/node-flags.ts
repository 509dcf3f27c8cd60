// ADR 029: the flags the server's Node runs with, in `npm start` (package.json), the systemd
// unit (deploy/clubsite.service) and the bench; server/node-flags.test.ts keeps them equal.
//
// --liftoff-only: PGlite's PostgreSQL is WebAssembly. V8 compiles it with its baseline
// compiler (Liftoff) and recompiles hot functions with its optimising one (TurboFan); one of
// them (about 100 KB of code, PostgreSQL's biggest function) took 600 MB for two seconds to
// optimise, so every start peaked above 1 GB, and the optimised code held 100 MB more.
// Queries run somewhat slower on baseline code; pages come from the page cache.
//
// --max-semi-space-size=8: V8's young generation grew to 128 MB while the server loaded its
// modules and never gave it back; 8 MB semi-spaces bound it (more frequent, short scavenges).
//
// --max-old-space-size=256 (ADR 047): the old generation V8 gives itself on a 1 GB server (a
// quarter of the memory). On a machine with more, V8 lets the heap grow up to four times its
// live size between collections: 50 connections' renders took the server from 210 to 410-490
// MB with 44 MB of it live. Sized as on the small server, it stayed at 270-280 MB, here too.

export const NODE_MEMORY_FLAGS = [
  "--liftoff-only",
  "--max-semi-space-size=8",
  "--max-old-space-size=256",
] as const;

/** The flags missing from this process's command line (the server warns when any are). */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return NODE_MEMORY_FLAGS.filter((flag) => !execArgv.includes(flag));
}
