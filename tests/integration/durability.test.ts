import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/open.server.ts";
import { news } from "../../app/db/schema.ts";
import { compileCacheEnv, migratedDataDir, TEST_NODE_OPTIONS } from "../server-process.ts";

// A copy of the migrated, empty data folder: the writers skip initdb (tests/server-process.ts).
const dir = migratedDataDir("clubsite-durable-");
// A writer left running (a test that timed out) would write forever: killed here.
const writers = new Set<ChildProcess>();
afterAll(() => {
  for (const writer of writers) writer.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs the writer until it has acknowledged `acks` writes, then kills it with SIGKILL. */
async function writeThenKill(acks: number): Promise<string[]> {
  const script = new URL("./fixtures/write-forever.ts", import.meta.url);
  const child = spawn(process.execPath, [...TEST_NODE_OPTIONS, script.pathname, dir], {
    env: { ...process.env, ...compileCacheEnv() },
    stdio: ["ignore", "pipe", "inherit"],
  });
  writers.add(child);
  child.on("exit", () => writers.delete(child));
  const ids: string[] = [];
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
        if (line.startsWith("ACK ")) ids.push(line.slice(4));
        // Kill the moment the last wanted write is acknowledged.
        if (ids.length === acks) child.kill("SIGKILL");
      }
    });
  });
  return ids;
}

describe("PGlite durability", () => {
  it("keeps every acknowledged write when the process is killed with SIGKILL", async () => {
    const first = await writeThenKill(25);
    const second = await writeThenKill(25);
    const acknowledged = [...first, ...second];
    expect(acknowledged.length).toBeGreaterThanOrEqual(50);

    // Reopening also proves the killed writer's lock does not block the next start.
    const handle = await openDatabase({ dataDir: dir });
    try {
      const stored = new Set((await handle.db.select({ id: news.id }).from(news)).map((r) => r.id));
      const lost = acknowledged.filter((id) => !stored.has(id));
      expect(lost).toEqual([]);
    } finally {
      await handle.close();
    }
    // Two writer processes, one after the other: slow on a busy two-core machine.
  }, 240_000);
});
