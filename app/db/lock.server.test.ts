import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from "./lock.server.ts";

const folders: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-lock-"));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A child process that takes the lock and waits; resolves once it holds it. */
function holder(dir: string) {
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { acquireDataDirLock } from ${JSON.stringify(new URL("./lock.server.ts", import.meta.url).href)};
       acquireDataDirLock(${JSON.stringify(dir)}); console.log("LOCKED"); setInterval(() => {}, 1000);`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("LOCKED")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return { child, ready };
}

describe("data folder lock", () => {
  it("creates the folder, including parents, and releases the lock", () => {
    const dir = path.join(tempDir(), "a", "b");
    const lock = acquireDataDirLock(dir);
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it("refuses a folder another live process holds, naming the folder", async () => {
    const dir = tempDir();
    const { child, ready } = holder(dir);
    try {
      await ready;
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`The data folder ${dir} is already in use`);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("takes over a lock left by a killed process", async () => {
    const dir = tempDir();
    const { child, ready } = holder(dir);
    await ready;
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    const lock = acquireDataDirLock(dir);
    lock.release();
  });

  it("takes over an unreadable lock file (a holder that died while writing it)", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE), "");
    acquireDataDirLock(dir).release();
  });

  it("takes over a lock with its own pid but another start time (a restarted container)", () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE);
    fs.writeFileSync(file, JSON.stringify({ pid: process.pid, startTime: "1" }));
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(file, "utf8")).startTime).not.toBe("1");
    // The same process asking again is still refused: it holds the folder now.
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
  });

  it("takes over a lock whose holder was killed but not yet reaped (a zombie)", async () => {
    const dir = tempDir();
    // The shell becomes `sleep`, which never reaps the holder: once killed, it stays a zombie.
    const script = `import { acquireDataDirLock } from ${JSON.stringify(new URL("./lock.server.ts", import.meta.url).href)};
       acquireDataDirLock(${JSON.stringify(dir)}); console.log("LOCKED"); setInterval(() => {}, 1000);`;
    const parent = spawn(
      "sh",
      ["-c", `"$0" --input-type=module -e "$1" & exec sleep 60`, process.execPath, script],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve) =>
        parent.stdout.on("data", (chunk: Buffer) => {
          if (chunk.toString().includes("LOCKED")) resolve();
        }),
      );
      const { pid } = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")) as {
        pid: number;
      };
      process.kill(pid, "SIGKILL");
      const status = () => fs.readFileSync(`/proc/${pid}/status`, "utf8");
      while (!/^State:\s+Z/m.test(status())) await new Promise((r) => setTimeout(r, 20));
      acquireDataDirLock(dir).release();
    } finally {
      parent.kill("SIGKILL");
    }
  });
});
