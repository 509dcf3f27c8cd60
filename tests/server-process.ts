import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { NODE_MEMORY_FLAGS } from "../server/node-flags.ts";

// The host and the scripts as real processes (`node build/host/index.js`, `node scripts/…`),
// for the scale-out and backup suites.

const root = path.resolve(import.meta.dirname, "..");

/** The host as `npm start` runs it: server/index.ts compiled by `npm run build` (ADR 041). */
export const HOST_ENTRY = path.join(root, "build/host/index.js");

/**
 * A new DATA_DIR holding a copy of the migrated, empty data folder the global setup made:
 * a server or script started on it skips initdb and the migrations (~4 CPU-s a start) and
 * still finds no content and no administrator, as on a first start. Tests about a start on
 * a folder that does not exist yet use a new empty folder instead.
 */
export function migratedDataDir(
  prefix = "clubsite-data-",
  dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix)),
): string {
  fs.cpSync(inject("dataDirTemplate"), dir, { recursive: true });
  return dir;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
}

/**
 * For every process the tests start: Node's compile cache, shared by the run's processes, so
 * that only the first one compiles the host's modules (a server start: ~4 CPU-s without,
 * ~3 with).
 */
export const compileCacheEnv = () => ({ NODE_COMPILE_CACHE: inject("compileCache") });

/**
 * Node's options for every process the tests start, before the script. `--liftoff-only`: V8
 * compiles PGlite's WebAssembly (9 MB) with its baseline compiler only. A process of the tests
 * lives a few seconds and runs a few queries, too short for the optimised code that V8 would
 * otherwise compile in the background to pay for itself (a server start on a migrated folder:
 * ~3.3 CPU-s without, ~2.6 with). What the process does is the same. They are the flags
 * `npm start` passes (ADR 029, server/node-flags.ts), so a test's server runs as a real one.
 */
export const TEST_NODE_OPTIONS: readonly string[] = NODE_MEMORY_FLAGS;

const baseEnv = () => ({
  ...compileCacheEnv(),
  PATH: process.env.PATH ?? "",
  NODE_ENV: "production",
  LOG_LEVEL: "info",
  SEED_DEMO: "0",
  WEB_CONCURRENCY: "1",
  // The suite's cheaper password hashes (vitest.config.ts), in the processes it starts too.
  ...(process.env.PASSWORD_HASH_COST ? { PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST } : {}),
});

/** Starts the compiled host on a free port and waits until /healthz answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...TEST_NODE_OPTIONS, HOST_ENTRY], {
    cwd: root,
    env: {
      ...baseEnv(),
      PORT: String(port),
      // Automatic backups (ADR 027) go to a folder of this server's own unless a test names one.
      BACKUP_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-backups-")),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const started: ServerProcess = {
    url,
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
  // Up to two minutes: a first start migrates and seeds, slow on a busy machine.
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return started;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not become healthy:\n${output}`);
}

/** Runs `node scripts/<name>` to its end, in `cwd` (where it writes ./backups). */
export async function runScript({
  name,
  args,
  env,
  cwd,
}: {
  name: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    [...TEST_NODE_OPTIONS, path.join(root, "scripts", name), ...args],
    {
      cwd,
      env: { ...baseEnv(), ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, stdout, stderr };
}

/** The connection URL behind an open PostgreSQL test database. */
export function urlOf(pool: unknown): string {
  return String((pool as { options: { connectionString: string } }).options.connectionString);
}
