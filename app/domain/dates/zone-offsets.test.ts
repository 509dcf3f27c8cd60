import { describe, expect, it } from "vitest";
import { clubDates } from "./format.ts";
import { zoneOffsetsAround } from "./zone-offsets.server.ts";
import { tableOffset } from "./zone-offsets.ts";

const NOW = Date.UTC(2026, 10, 23, 21, 0);
const PATTERN = "yyyy-MM-dd HH:mm EEE";

describe("the root loader's table of offsets (ADR 008)", () => {
  // Zones with two changes a year, half-hour and 45-minute offsets, a 30-minute change
  // (Lord Howe), none at all, and the southern hemisphere.
  for (const zone of [
    "Europe/Dublin",
    "America/New_York",
    "Australia/Lord_Howe",
    "Asia/Kolkata",
    "Pacific/Chatham",
    "America/Sao_Paulo",
    "UTC",
  ]) {
    it(`shows the same wall clock as Intl in ${zone}`, () => {
      const table = zoneOffsetsAround({ zone, now: NOW });
      expect(table.until - (table.from[0] ?? 0)).toBeGreaterThan(3.9 * 365 * 86_400_000);
      // Every 613 minutes across the table (the step walks through every hour of the day and
      // most minutes over the four years), and each minute around each change, where the
      // table and Intl could disagree.
      const instants: number[] = [];
      for (let t = table.from[0] ?? 0; t < table.until; t += 613 * 60_000) instants.push(t);
      for (const change of table.from.slice(1))
        for (let m = -3; m <= 3; m++) instants.push(change + m * 60_000 + 30_000);
      const intl = clubDates({ timeZone: zone });
      const byIntl = instants.map((t) =>
        intl.formatInClubZone({ date: new Date(t), pattern: PATTERN }),
      );
      const tabled = clubDates({ timeZone: zone, zoneOffsets: table });
      const byTable = instants.map((t) =>
        tabled.formatInClubZone({ date: new Date(t), pattern: PATTERN }),
      );
      expect(byTable).toEqual(byIntl);
      expect(instants.every((t) => tableOffset(table, zone, t) !== undefined)).toBe(true);
    });
  }

  it("finds Dublin's clock changes to the minute, and covers nothing outside it or another zone", () => {
    const table = zoneOffsetsAround({ zone: "Europe/Dublin", now: NOW });
    expect(table.from).toContain(Date.UTC(2026, 2, 29, 1, 0));
    expect(table.from).toContain(Date.UTC(2026, 9, 25, 1, 0));
    expect(tableOffset(table, "Europe/Dublin", Date.UTC(2026, 6, 1))).toBe(60);
    expect(tableOffset(table, "Europe/Dublin", Date.UTC(2026, 0, 1))).toBe(0);
    expect(tableOffset(table, "Europe/London", Date.UTC(2026, 0, 1))).toBeUndefined();
    expect(tableOffset(table, "Europe/Dublin", Date.UTC(2020, 0, 1))).toBeUndefined();
    expect(tableOffset(table, "Europe/Dublin", table.until)).toBeUndefined();
    expect(tableOffset(undefined, "Europe/Dublin", NOW)).toBeUndefined();
  });

  it("falls back to Intl outside the table", () => {
    const table = zoneOffsetsAround({ zone: "Europe/Dublin", now: NOW });
    const { formatInClubZone } = clubDates({ timeZone: "Europe/Dublin", zoneOffsets: table });
    expect(formatInClubZone({ date: new Date("2012-07-01T12:00:00Z"), pattern: "HH:mm" })).toBe(
      "13:00",
    );
  });
});
