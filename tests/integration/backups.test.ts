import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { verifyBackup } from "../../app/db/backup.server.ts";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import {
  BACKUP_STATE_REMEMBERED_MS,
  type BackupSettings,
  backupState,
  listBackups,
  rememberedBackupState,
  takeBackup,
  withBackupLock,
  writeBackup,
} from "../../app/domain/backups/files.server.ts";
import { backupFileName } from "../../app/domain/backups/rules.ts";
import { createLogger } from "../../app/logger.server.ts";
import { describeWithDatabases } from "../db.ts";
import { migratedDataDir, startServerProcess } from "../server-process.ts";

// Automatic backups (ADR 027): written, read back and checked, BACKUP_COMMAND, pruning, the
// state the dashboard and /healthz show; and a real server taking one by itself.

const work = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-backups-test-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function capturingLogger() {
  let lines = "";
  const logger = createLogger({
    level: "info",
    destination: {
      write(line: string) {
        lines += line;
      },
    },
  });
  return { logger, lines: () => lines };
}

let folders = 0;
const settingsFor = (extra: Partial<BackupSettings> = {}): BackupSettings => ({
  dir: path.join(work, `dir-${++folders}`),
  keepDaily: 14,
  keepWeekly: 8,
  ...extra,
});

describeWithDatabases("backup files", ({ driver }) => {
  it("writes a complete, checked file with only the owner's permissions, and no partial left", async () => {
    const dir = settingsFor().dir;
    const written = await writeBackup({ handle: getDatabaseHandle(), dir });
    expect(path.basename(written.file)).toMatch(/^clubsite-backup-\d{8}-\d{6}\.jsonl\.gz$/);
    expect(fs.readdirSync(dir)).toEqual([path.basename(written.file)]);
    expect(fs.statSync(written.file).mode & 0o777).toBe(0o600);
    expect(written.bytes).toBe(fs.statSync(written.file).size);
    const { header, summary } = await verifyBackup(written.file);
    expect(header.database).toBe(driver);
    expect(written.tables).toBe(Object.keys(summary.tables).length);
    expect(written.tables).toBeGreaterThan(10);
  });

  it("fails without leaving a file when the folder cannot be written", async () => {
    const blocked = path.join(work, `blocked-${driver}`);
    fs.writeFileSync(blocked, "a file where the folder should be");
    const { logger, lines } = capturingLogger();
    await expect(
      takeBackup({
        handle: getDatabaseHandle(),
        settings: settingsFor({ dir: path.join(blocked, "backups") }),
        timeZone: "UTC",
        logger,
      }),
    ).rejects.toThrow();
    expect(lines()).toContain("backup failed");
  });

  it("runs BACKUP_COMMAND with the file's path, and records nothing to warn of", async () => {
    const copies = path.join(work, `copies-${driver}`);
    fs.mkdirSync(copies);
    const settings = settingsFor({ command: `cp -t ${copies} --` });
    const { logger } = capturingLogger();
    const taken = await takeBackup({
      handle: getDatabaseHandle(),
      settings,
      timeZone: "UTC",
      logger,
    });
    expect(taken.commandFailed).toBeUndefined();
    expect(fs.readdirSync(copies)).toEqual([path.basename(taken.file)]);
    const state = await backupState({ dir: settings.dir });
    expect(state.warning).toBe("none");
    expect(state.newest?.bytes).toBe(taken.bytes);
  });

  it("records a failed BACKUP_COMMAND (its output only in the log), until a good run", async () => {
    const settings = settingsFor({ command: "echo secret-token >&2; exit 3; true" });
    const { logger, lines } = capturingLogger();
    const taken = await takeBackup({
      handle: getDatabaseHandle(),
      settings,
      timeZone: "UTC",
      logger,
    });
    // The file is there and good; the copy elsewhere is not.
    expect(taken.commandFailed).toBe("BACKUP_COMMAND failed (exit code 3)");
    await verifyBackup(taken.file);
    const failed = await backupState({ dir: settings.dir });
    expect(failed.warning).toBe("failed");
    expect(failed.lastFailure?.message).toBe("BACKUP_COMMAND failed (exit code 3)");
    expect(JSON.stringify(failed)).not.toContain("secret-token");
    expect(lines()).toContain("secret-token");

    // Later, the command works again: nothing to warn of.
    await takeBackup({
      handle: getDatabaseHandle(),
      settings: { ...settings, command: "true" },
      timeZone: "UTC",
      logger,
      now: new Date(Date.now() + 2000),
    });
    expect((await backupState({ dir: settings.dir })).warning).toBe("none");
  });

  it("answers /healthz's question from the state it read, again after a backup or once it is old (ADR 033)", async () => {
    const settings = settingsFor();
    const { logger } = capturingLogger();
    const first = await takeBackup({
      handle: getDatabaseHandle(),
      settings,
      timeZone: "UTC",
      logger,
    });
    const readdir = vi.spyOn(fs.promises, "readdir");
    try {
      const now = Date.now();
      const seen = await rememberedBackupState(settings.dir, now);
      expect(seen.newest?.bytes).toBe(first.bytes);
      const reads = readdir.mock.calls.length;
      // Asked again and again within the time it is kept: the folder is not read again.
      for (let i = 0; i < 5; i++) await rememberedBackupState(settings.dir, now + 1000);
      expect(readdir.mock.calls.length).toBe(reads);

      // A backup this process takes is seen at once.
      const second = await takeBackup({
        handle: getDatabaseHandle(),
        settings,
        timeZone: "UTC",
        logger,
        now: new Date(now + 2000),
      });
      expect((await rememberedBackupState(settings.dir, now + 3000)).newest?.createdAt).toEqual(
        second.createdAt,
      );

      // Another process's backup: seen once the kept state is old (read in the background,
      // the kept one answering meanwhile).
      fs.copyFileSync(
        second.file,
        path.join(
          settings.dir,
          backupFileName({ kind: "clubsite-backup", createdAt: new Date(now + 60_000) }),
        ),
      );
      const later = now + 3000 + BACKUP_STATE_REMEMBERED_MS;
      expect((await rememberedBackupState(settings.dir, later)).newest?.createdAt).toEqual(
        second.createdAt,
      );
      await vi.waitFor(async () =>
        expect((await rememberedBackupState(settings.dir, later)).newest?.createdAt.getTime()).toBe(
          Math.floor((now + 60_000) / 1000) * 1000,
        ),
      );
    } finally {
      readdir.mockRestore();
    }
  });

  it("prunes to the newest of 14 days and 8 weeks after each backup", async () => {
    const settings = settingsFor();
    fs.mkdirSync(settings.dir, { recursive: true });
    // Two a day for 100 days before today (as written by earlier runs), and another file.
    const day = 24 * 3600_000;
    for (let i = 1; i <= 100; i++) {
      for (const hours of [3, 15]) {
        const createdAt = new Date(Date.now() - i * day + hours * 3600_000 - 12 * 3600_000);
        fs.writeFileSync(path.join(settings.dir, backupFileName({ createdAt })), "old");
      }
    }
    fs.writeFileSync(path.join(settings.dir, "notes.txt"), "not a backup");
    const { logger } = capturingLogger();
    const taken = await takeBackup({
      handle: getDatabaseHandle(),
      settings,
      timeZone: "UTC",
      logger,
    });
    const left = await listBackups(settings.dir);
    expect(left[0]?.file).toBe(taken.file);
    // One a day (and the last day's all), 14 days and 8 weeks at most; nothing older than 8 weeks.
    expect(left.length).toBeLessThanOrEqual(14 + 8 + 2);
    expect(left.length).toBeGreaterThanOrEqual(14 + 8 - 3);
    const older = left.filter((b) => taken.createdAt.getTime() - b.createdAt.getTime() > day);
    const days = new Set(older.map((b) => b.createdAt.toISOString().slice(0, 10)));
    expect(days.size).toBe(older.length);
    const oldest = left.at(-1)?.createdAt.getTime() ?? 0;
    expect(Date.now() - oldest).toBeLessThan(8 * 7 * day);
    expect(fs.existsSync(path.join(settings.dir, "notes.txt"))).toBe(true);
  });

  it("says when the newest good backup is more than 48 hours old", async () => {
    const settings = settingsFor();
    fs.mkdirSync(settings.dir, { recursive: true });
    const createdAt = new Date(Date.now() - 49 * 3600_000);
    fs.writeFileSync(path.join(settings.dir, backupFileName({ createdAt })), "x".repeat(5000));
    expect((await backupState({ dir: settings.dir })).warning).toBe("old");
    expect((await backupState({ dir: path.join(work, "none") })).warning).toBe("never");
  });

  if (driver === "postgres") {
    it("lets one process at a time take it (an advisory lock)", async () => {
      let inner: { ran: boolean } | undefined;
      const outer = await withBackupLock(getDatabaseHandle(), async () => {
        inner = await withBackupLock(getDatabaseHandle(), async () => "second");
        return "first";
      });
      expect(outer).toEqual({ ran: true, value: "first" });
      expect(inner).toEqual({ ran: false });
      // Released: the next one takes it.
      expect(await withBackupLock(getDatabaseHandle(), async () => 1)).toEqual({
        ran: true,
        value: 1,
      });
    });
  }
});

it("a fresh installation backs itself up at start; /healthz and the dashboard show its age and a failed BACKUP_COMMAND", async () => {
  const backups = path.join(work, "server-backups");
  const admin = { ADMIN_EMAIL: "keeper@club.example", ADMIN_PASSWORD: "amber-kettle-river-42" };
  const server = await startServerProcess({
    DATA_DIR: migratedDataDir(),
    BACKUP_DIR: backups,
    BACKUP_COMMAND: "exit 7;",
    ...admin,
  });
  try {
    let health: { backup?: { ageSeconds: number | null; warning: string } } = {};
    // Until BACKUP_COMMAND's failure is recorded: the file is there a moment before (on a busy
    // machine more than a second before, when its age already shows).
    for (let i = 0; i < 300 && health.backup?.warning !== "failed"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      health = await (await fetch(`${server.url}/healthz`)).json();
    }
    expect(fs.readdirSync(backups).filter((name) => name.endsWith(".jsonl.gz"))).toHaveLength(1);
    expect(health.backup?.warning).toBe("failed");
    expect(health.backup?.ageSeconds).toBeLessThan(120);
    // No path, no command, no error text in the public answer.
    expect(JSON.stringify(health)).not.toContain(backups);
    expect(JSON.stringify(health)).not.toContain("exit");
    expect(server.output()).toContain("backup written, but BACKUP_COMMAND failed (exit code 7)");
    expect(server.output()).toContain("the last backup failed");

    const login = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
    });
    const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
    const dashboard = await (await fetch(`${server.url}/admin`, { headers: { cookie } })).text();
    expect(dashboard).toContain("The last backup failed: BACKUP_COMMAND failed (exit code 7).");
    expect(dashboard).toMatch(/Last backup: today \d\d:\d\d, \d+ KB\./);
  } finally {
    expect(await server.stop()).toBe(0);
  }
}, 180_000);
