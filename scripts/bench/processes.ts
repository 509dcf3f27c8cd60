import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import fs from "node:fs";

// Every process the bench starts, and the one way to stop them all (docs/architecture.md, Measuring: "stops every
// process it started"), on success, on an error and on Ctrl-C. Each child gets its own
// process group, so stopping it also stops what it started (Chromium's helpers, nginx's worker).

interface Tracked {
  name: string;
  child: ChildProcess;
  output: string[];
}

const running = new Set<Tracked>();
const cleanups: (() => void)[] = [];

export interface Started {
  name: string;
  child: ChildProcess;
  /** The last lines the process wrote, for error messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export function start({
  name,
  command,
  args,
  options = {},
}: {
  name: string;
  command: string;
  args: string[];
  options?: SpawnOptions;
}): Started {
  const child = spawn(command, args, {
    stdio: ["ignore", "pipe", "pipe"],
    ...options,
    detached: true,
  });
  const tracked: Tracked = { name, child, output: [] };
  const keep = (chunk: Buffer) => {
    tracked.output.push(chunk.toString());
    if (tracked.output.length > 200) tracked.output.splice(0, 100);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  running.add(tracked);
  child.once("exit", () => running.delete(tracked));
  return {
    name,
    child,
    output: () => tracked.output.join("").split("\n").slice(-30).join("\n"),
    stop: () => stop(tracked),
  };
}

async function stop(tracked: Tracked): Promise<void> {
  const { child } = tracked;
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
    running.delete(tracked);
    return;
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  signalGroup(child, "SIGTERM");
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), 8_000);
  await exited;
  clearTimeout(timer);
  // Helpers left in the group (a renderer, a worker) go too.
  signalGroup(child, "SIGKILL");
  running.delete(tracked);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Stops every running child, newest first. */
export async function stopAll(): Promise<void> {
  for (const tracked of [...running].reverse()) await stop(tracked);
}

/** Runs at the very end (temporary folders): after stopAll, also on Ctrl-C. */
export function onCleanup(cleanup: () => void) {
  cleanups.push(cleanup);
}

export function runCleanups() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup();
    } catch {
      // Best effort: the rest still run.
    }
  }
}

export function removeFolderOnCleanup(folder: string) {
  onCleanup(() => fs.rmSync(folder, { recursive: true, force: true }));
}

/** Ctrl-C or a kill: stop the children, remove the temporary folders, exit. */
export function handleSignals() {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      console.error(`\n${signal}: stopping the bench's processes…`);
      await stopAll();
      runCleanups();
      process.exit(130);
    });
  }
  // Last resort if the bench dies some other way: no child outlives it.
  process.on("exit", () => {
    for (const tracked of running) signalGroup(tracked.child, "SIGKILL");
  });
}

/** Runs a command to its end, its output kept; throws with the output's tail when it fails. */
export async function runToEnd({
  name,
  command,
  args,
  options = {},
}: {
  name: string;
  command: string;
  args: string[];
  options?: SpawnOptions;
}): Promise<void> {
  const started = start({ name, command, args, options });
  const code = await new Promise<number | null>((resolve) =>
    started.child.once("exit", (exitCode) => resolve(exitCode)),
  );
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${started.output()}`);
}
