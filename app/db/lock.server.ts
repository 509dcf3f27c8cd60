import fs from "node:fs";
import path from "node:path";

// PGlite has no lock of its own and a second process on the same folder silently loses
// writes (docs/architecture.md), so every process that opens DATA_DIR takes this lock first.
// The lock file records the holder's pid and start time; a lock whose holder is gone
// (killed, crashed) is stale and taken over.

export const LOCK_FILE = "clubsite.lock";

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly holderPid: number;

  constructor(dataDir: string, holderPid: number) {
    super(
      `The data folder ${dataDir} is already in use by another process (pid ${holderPid}). ` +
        "Stop that process first, or set DATA_DIR to another folder.",
    );
    this.name = "DataDirLockedError";
    this.dataDir = dataDir;
    this.holderPid = holderPid;
  }
}

interface LockRecord {
  pid: number;
  startTime: string | null;
}

/** The kernel's start time of a process (Linux), to tell a live holder from a reused pid. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime) counted after the ")" that ends the command name.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** A killed process that its parent has not reaped yet is a zombie: it holds nothing. */
function isZombie(pid: number): boolean {
  try {
    return /^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

function isAlive(record: LockRecord): boolean {
  try {
    process.kill(record.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  if (isZombie(record.pid)) return false;
  const startTime = processStartTime(record.pid);
  return record.startTime === null || startTime === null || startTime === record.startTime;
}

function readRecord(file: string): LockRecord | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<LockRecord>;
    return typeof parsed.pid === "number"
      ? { pid: parsed.pid, startTime: parsed.startTime ?? null }
      : null;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  release(): void;
}

/** Takes the folder's lock, creating the folder if needed, or throws DataDirLockedError. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const record: LockRecord = { pid: process.pid, startTime: processStartTime(process.pid) };

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // "wx" creates the file only if it does not exist: the atomic step of the lock.
      fs.writeFileSync(file, JSON.stringify(record), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readRecord(file)?.pid === process.pid) fs.rmSync(file, { force: true });
        process.off("exit", release);
      };
      process.on("exit", release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readRecord(file);
      // Our own pid with our own start time: this process holds it already. Our pid with
      // another start time: a previous process that had the same pid (a restarted
      // container gets the same small pid again, and the file survives in the volume).
      if (holder && isAlive(holder)) throw new DataDirLockedError(dataDir, holder.pid);
      // Stale (holder gone) or unreadable (holder died while writing it): take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on the data folder ${dataDir}.`);
}
