import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/open.server.ts";
import { news } from "../../app/db/schema.ts";
import { compileCacheEnv, migratedDataDir, TEST_NODE_OPTIONS } from "../server-process.ts";

// ADR 026. A SIGKILL ends the process but not the operating system, whose cache keeps every
// write the process made: this loop proves the database always opens again after a crash at
// any point and that recovery keeps what was acknowledged, not that the writes reached the
// disk (syscall-order.test.ts proves that).

// A copy of the migrated, empty data folder: the writers skip initdb (tests/server-process.ts).
const dir = migratedDataDir("clubsite-durable-");
// A writer left running (a test that timed out) would write forever: killed here.
const writers = new Set<ChildProcess>();
afterAll(() => {
  for (const writer of writers) writer.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts the writer, kills it with SIGKILL `delay` ms after its first acknowledged write, and
 * resolves with the rows it found when it opened and the ids it acknowledged.
 */
async function writeThenKill(delay: number): Promise<{ opened: number; ids: string[] }> {
  const script = new URL("./fixtures/write-forever.ts", import.meta.url);
  const child = spawn(process.execPath, [...TEST_NODE_OPTIONS, script.pathname, dir], {
    env: { ...process.env, ...compileCacheEnv() },
    stdio: ["ignore", "pipe", "inherit"],
  });
  writers.add(child);
  child.on("exit", () => writers.delete(child));
  const ids: string[] = [];
  let opened = -1;
  let buffer = "";
  await new Promise<void>((resolve, reject) => {
    child.on("exit", (code, signal) =>
      signal === "SIGKILL" ? resolve() : reject(new Error(`writer exited early (${code})`)),
    );
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        if (line.startsWith("OPEN ")) opened = Number(line.slice(5));
        if (!line.startsWith("ACK ")) continue;
        ids.push(line.slice(4));
        if (ids.length === 1) setTimeout(() => child.kill("SIGKILL"), delay);
      }
    });
  });
  return { opened, ids };
}

describe("PGlite durability", () => {
  it("opens after a SIGKILL at any point of a write loop, with every acknowledged write", async () => {
    const acknowledged: string[] = [];
    // Random points: in a commit, between statements, during a checkpoint.
    const delays = Array.from({ length: 5 }, () => Math.floor(Math.random() * 400));
    for (const delay of delays) {
      const { opened, ids } = await writeThenKill(delay);
      // The database opened, and found at least every write acknowledged before.
      expect(opened, `after kills at ${delays.join(", ")} ms`).toBeGreaterThanOrEqual(
        acknowledged.length,
      );
      acknowledged.push(...ids);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(delays.length);

    // Reopening also proves the killed writer's lock does not block the next start.
    const handle = await openDatabase({ dataDir: dir });
    try {
      const stored = new Set((await handle.db.select({ id: news.id }).from(news)).map((r) => r.id));
      const lost = acknowledged.filter((id) => !stored.has(id));
      expect(lost, `after kills at ${delays.join(", ")} ms`).toEqual([]);
    } finally {
      await handle.close();
    }
    // Six processes one after the other: slow on a busy two-core machine.
  }, 240_000);
});
