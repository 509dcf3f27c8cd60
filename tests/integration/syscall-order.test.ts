import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileCacheEnv, migratedDataDir, TEST_NODE_OPTIONS } from "../server-process.ts";

// ADR 026: a write is acknowledged only once its WAL is on stable storage. Seen from the
// operating system, under strace: between the start of the write and its acknowledgement,
// the last write to a WAL segment (pg_wal/…) is followed by an fsync or fdatasync of that
// segment, before the acknowledgement's write(2). The same check on PGlite as it comes finds
// no sync at all, which shows the check can fail.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface Call {
  name: string;
  fd: number;
  file: string;
  text: string;
}

/** The traced calls in order, each with the file its descriptor was opened on. */
function parseTrace(trace: string): Call[] {
  const open = new Map<number, string>();
  const calls: Call[] = [];
  for (const line of trace.split("\n")) {
    // "1234  openat(AT_FDCWD, "/…/pg_wal/0000…", O_RDWR) = 42"; resumed halves carry no name.
    const call = /^(?:\d+\s+)?(\w+)\((.*)$/.exec(line);
    if (!call) continue;
    const [, name = "", rest = ""] = call;
    if (name === "openat") {
      const opened = /^[^,]+, "([^"]*)".*= (\d+)/.exec(rest);
      if (opened) open.set(Number(opened[2]), String(opened[1]));
      continue;
    }
    const fd = Number(/^(\d+)/.exec(rest)?.[1] ?? -1);
    calls.push({ name, fd, file: open.get(fd) ?? "", text: rest });
  }
  return calls;
}

async function traceOneWrite(mode: "site" | "plain"): Promise<Call[]> {
  const dir = migratedDataDir("clubsite-syscalls-");
  dirs.push(dir);
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-strace-")), "trace");
  dirs.push(path.dirname(log));
  const script = new URL("./fixtures/acknowledge-write.ts", import.meta.url).pathname;
  const child = spawn(
    "strace",
    [
      "-f",
      "-qq",
      "-s",
      "64",
      "-e",
      "trace=pwrite64,write,fsync,fdatasync,openat",
      "-o",
      log,
      process.execPath,
      ...TEST_NODE_OPTIONS,
      script,
      dir,
      mode,
    ],
    { env: { ...process.env, ...compileCacheEnv() }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code, output).toBe(0);
  expect(output).toContain("acknowledged");
  return parseTrace(fs.readFileSync(log, "utf8"));
}

const isWal = (call: Call) => /\/pg_wal\/[0-9A-F]{24}$/.test(call.file);
const marker = (calls: Call[], text: string) =>
  calls.findIndex((c) => c.name === "write" && c.fd === 1 && c.text.includes(`"${text}\\n"`));

/** The WAL writes and syncs between "writing" and "acknowledged", in order. */
function walBetweenMarkers(calls: Call[]) {
  const start = marker(calls, "writing");
  const end = marker(calls, "acknowledged");
  expect(start).toBeGreaterThanOrEqual(0);
  expect(end).toBeGreaterThan(start);
  const window = calls.slice(start + 1, end);
  const lastWalWrite = window.findLastIndex((c) => c.name === "pwrite64" && isWal(c));
  expect(lastWalWrite, "the commit writes its WAL record").toBeGreaterThanOrEqual(0);
  const walFile = window[lastWalWrite]?.file;
  const syncedAfter = window
    .slice(lastWalWrite + 1)
    .filter((c) => (c.name === "fsync" || c.name === "fdatasync") && c.file === walFile);
  return { walFile, syncedAfter };
}

describe("the order of system calls around an acknowledged write", () => {
  it("syncs the WAL segment after writing it and before acknowledging", async () => {
    expect(spawnSync("strace", ["-V"]).status, "strace is needed (apt-get install strace)").toBe(0);
    const { walFile, syncedAfter } = walBetweenMarkers(await traceOneWrite("site"));
    expect(walFile).toMatch(/pg_wal/);
    expect(syncedAfter.length).toBeGreaterThanOrEqual(1);
  });

  it("finds no sync between the WAL write and the acknowledgement on PGlite as it comes", async () => {
    const { syncedAfter } = walBetweenMarkers(await traceOneWrite("plain"));
    expect(syncedAfter).toEqual([]);
  });
});
