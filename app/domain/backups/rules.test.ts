import { describe, expect, it } from "vitest";
import {
  backupCreatedAt,
  backupFileName,
  backupsToKeep,
  backupWarning,
  describeBackup,
  formatBackupSize,
  isBackupDue,
  nextBackupDue,
} from "./rules.ts";

const at = (iso: string) => new Date(iso);

describe("nextBackupDue", () => {
  it("is 03:15 on the club's wall clock, today when it is still ahead, else tomorrow", () => {
    // Dublin in winter is UTC.
    expect(nextBackupDue({ now: at("2026-11-28T01:00:00Z"), timeZone: "Europe/Dublin" })).toEqual(
      at("2026-11-28T03:15:00Z"),
    );
    expect(nextBackupDue({ now: at("2026-11-28T03:15:00Z"), timeZone: "Europe/Dublin" })).toEqual(
      at("2026-11-29T03:15:00Z"),
    );
    // Summer time: 03:15 in Dublin is 02:15 UTC.
    expect(nextBackupDue({ now: at("2026-07-01T12:00:00Z"), timeZone: "Europe/Dublin" })).toEqual(
      at("2026-07-02T02:15:00Z"),
    );
    // Another zone, across a month's end.
    expect(nextBackupDue({ now: at("2026-11-30T12:00:00Z"), timeZone: "America/Halifax" })).toEqual(
      at("2026-12-01T07:15:00Z"),
    );
  });

  it("keeps to the wall clock across a clock change", () => {
    // Dublin goes to summer time on 29 March 2026 at 01:00 UTC.
    expect(nextBackupDue({ now: at("2026-03-28T12:00:00Z"), timeZone: "Europe/Dublin" })).toEqual(
      at("2026-03-29T02:15:00Z"),
    );
    // In a zone whose clocks jump from 02:00 over 03:15 the backup runs after the jump.
    expect(
      nextBackupDue({
        now: at("2026-03-08T00:00:00Z"),
        timeZone: "America/New_York",
        at: { hours: 2, minutes: 30 },
      }).getTime(),
    ).toBe(at("2026-03-08T07:30:00Z").getTime());
  });
});

describe("isBackupDue", () => {
  const now = at("2026-11-28T12:00:00Z");
  it("is due with no backup, or one older than the limit", () => {
    expect(isBackupDue({ newest: undefined, now, maxAgeMs: 3600_000 })).toBe(true);
    expect(isBackupDue({ newest: at("2026-11-28T10:59:00Z"), now, maxAgeMs: 3600_000 })).toBe(true);
    expect(isBackupDue({ newest: at("2026-11-28T11:30:00Z"), now, maxAgeMs: 3600_000 })).toBe(
      false,
    );
  });
});

describe("backupsToKeep", () => {
  // One backup a day at 03:15 UTC for 120 days, plus an extra one on the last day.
  const daily = Array.from({ length: 120 }, (_, i) => ({
    name: `day ${i}`,
    createdAt: new Date(Date.UTC(2026, 7, 1 + i, 3, 15)),
  }));
  const extra = { name: "before import", createdAt: at("2026-11-28T15:00:00Z") };
  const all = [...daily, extra];

  it("keeps the newest of each of 14 days and of 8 weeks", () => {
    const kept = backupsToKeep({ backups: all, timeZone: "UTC" });
    const names = [...kept].map((b) => b.name);
    // The last day's newest is the extra one; its 03:15 backup is kept as less than a day older.
    expect(names).toContain("before import");
    expect(names).toContain("day 119");
    // The 13 days before it.
    for (let i = 106; i <= 118; i++) expect(names).toContain(`day ${i}`);
    expect(names).not.toContain("day 105");
    // Weeks: Sundays are the newest of their week (1 Aug 2026 is a Saturday; day 1 a Sunday).
    const sundays = [...kept].filter((b) => b.createdAt.getUTCDay() === 0).length;
    expect(sundays).toBeGreaterThanOrEqual(7);
    // 28 November 2026 is a Saturday: three of the eight weeks' newest are among the 14 days.
    expect(kept.size).toBe(14 + 8 - 3 + 1);
    // Nothing older than 8 weeks.
    const oldest = Math.min(...[...kept].map((b) => b.createdAt.getTime()));
    expect(oldest).toBeGreaterThan(extra.createdAt.getTime() - 8 * 7 * 24 * 3600_000);
  });

  it("follows the settings, and always keeps the newest", () => {
    expect(
      backupsToKeep({ backups: all, keep: { daily: 3, weekly: 0 }, timeZone: "UTC" }).size,
    ).toBe(4);
    // With none by day or week: the backups of the newest's last 24 hours.
    expect([
      ...backupsToKeep({ backups: all, keep: { daily: 0, weekly: 0 }, timeZone: "UTC" }),
    ]).toEqual([extra, daily[119]]);
    expect(backupsToKeep({ backups: [], timeZone: "UTC" }).size).toBe(0);
  });

  it("counts days on the club's wall clock", () => {
    // 10:30 and 12:00 UTC on 27 November are one day in UTC, two in Auckland (23:30 on the
    // 27th, 01:00 on the 28th); the newest is days later.
    const backups = [
      { name: "a", createdAt: at("2026-11-27T10:30:00Z") },
      { name: "b", createdAt: at("2026-11-27T12:00:00Z") },
      { name: "c", createdAt: at("2026-11-29T12:00:00Z") },
    ];
    const names = (timeZone: string) =>
      [...backupsToKeep({ backups, keep: { daily: 3, weekly: 0 }, timeZone })].map((b) => b.name);
    expect(names("UTC")).toEqual(["c", "b"]);
    expect(names("Pacific/Auckland")).toEqual(["c", "b", "a"]);
  });
});

describe("file names", () => {
  it("carry the kind and the time, and are read back", () => {
    const createdAt = at("2026-11-28T03:15:07Z");
    const name = backupFileName({ createdAt });
    expect(name).toBe("clubsite-backup-20261128-031507.jsonl.gz");
    expect(backupCreatedAt(name)).toEqual(createdAt);
    expect(backupCreatedAt(backupFileName({ kind: "before-import", createdAt }))).toEqual(
      createdAt,
    );
    expect(backupCreatedAt(`${name}.partial`)).toBeUndefined();
    expect(backupCreatedAt("backup-status.json")).toBeUndefined();
  });
});

describe("backupWarning", () => {
  const now = at("2026-11-28T12:00:00Z");
  it("warns of no backup, one older than 48 hours, or a failure since the last good one", () => {
    expect(backupWarning({ newest: undefined, lastFailureAt: undefined, now })).toBe("never");
    expect(
      backupWarning({ newest: at("2026-11-28T03:15:00Z"), lastFailureAt: undefined, now }),
    ).toBe("none");
    expect(
      backupWarning({ newest: at("2026-11-26T11:00:00Z"), lastFailureAt: undefined, now }),
    ).toBe("old");
    expect(
      backupWarning({
        newest: at("2026-11-28T03:15:00Z"),
        lastFailureAt: at("2026-11-28T03:15:00Z"),
        now,
      }),
    ).toBe("failed");
    expect(
      backupWarning({
        newest: at("2026-11-28T03:15:00Z"),
        lastFailureAt: at("2026-11-27T03:15:00Z"),
        now,
      }),
    ).toBe("none");
  });
});

describe("describeBackup", () => {
  const now = at("2026-11-28T12:00:00Z");
  it("says when on the club's wall clock, and how large", () => {
    const base = { now, timeZone: "Europe/Dublin" };
    expect(
      describeBackup({ ...base, createdAt: at("2026-11-28T03:15:00Z"), bytes: 2.1 * 1024 * 1024 }),
    ).toBe("today 03:15, 2.1 MB");
    expect(describeBackup({ ...base, createdAt: at("2026-11-27T03:15:00Z"), bytes: 348_160 })).toBe(
      "yesterday 03:15, 340 KB",
    );
    expect(describeBackup({ ...base, createdAt: at("2026-11-20T03:15:00Z"), bytes: 100 })).toBe(
      "20/11/2026 03:15, 1 KB",
    );
    expect(formatBackupSize(10 * 1024 * 1024)).toBe("10.0 MB");
  });
});
