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

export const NODE_MEMORY_FLAGS = ["--liftoff-only", "--max-semi-space-size=8"] as const;

/** The flags missing from this process's command line (the server warns when any are). */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return NODE_MEMORY_FLAGS.filter((flag) => !execArgv.includes(flag));
}
