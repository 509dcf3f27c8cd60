import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { enGB } from "date-fns/locale/en-GB";
import { describe, expect, it } from "vitest";
import { club } from "../../config/club.ts";
import { fromClubDateTime } from "./club-time.ts";
import { clubDates, isCalendarDay } from "./format.ts";
import { formatRelativeAge } from "./relative-age.ts";

const DUBLIN = "Europe/Dublin";
const {
  clubMonthKey,
  formatFixtureDate,
  formatInClubZone,
  formatMonthHeading,
  formatNewsDate,
  formatShortDateTime,
  toCalendarDate,
  toDateInputValue,
  toTimeInputValue,
} = clubDates({ timeZone: DUBLIN });

describe("club time zone formatting (Europe/Dublin)", () => {
  it("shows winter instants at UTC+0 and summer instants at UTC+1", () => {
    expect(formatShortDateTime(new Date("2026-01-05T14:30:00Z"))).toBe("5 Jan 2026, 14:30");
    expect(formatShortDateTime(new Date("2026-07-05T14:30:00Z"))).toBe("5 Jul 2026, 15:30");
  });

  it("follows the clock change on the last Sunday of March", () => {
    expect(formatInClubZone({ date: new Date("2026-03-29T00:59:00Z"), pattern: "HH:mm" })).toBe(
      "00:59",
    );
    expect(formatInClubZone({ date: new Date("2026-03-29T01:00:00Z"), pattern: "HH:mm" })).toBe(
      "02:00",
    );
  });

  it("does not depend on the machine's own time zone", () => {
    expect(process.env.TZ === undefined || typeof process.env.TZ === "string").toBe(true);
    expect(formatShortDateTime(new Date("2026-10-25T00:30:00Z"))).toBe("25 Oct 2026, 01:30");
    expect(formatShortDateTime(new Date("2026-10-25T01:30:00Z"))).toBe("25 Oct 2026, 01:30");
  });
});

describe("fixture date display (rules §9)", () => {
  it("shows 'MON 05 JAN — 14:30' in capitals, 24-hour, in club time", () => {
    expect(formatFixtureDate({ date: new Date("2026-01-05T14:30:00Z"), timeTbc: false })).toBe(
      "MON 05 JAN — 14:30",
    );
    expect(formatFixtureDate({ date: new Date("2026-07-04T19:05:00Z"), timeTbc: false })).toBe(
      "SAT 04 JUL — 20:05",
    );
  });

  it("shows TBC in place of the time", () => {
    expect(formatFixtureDate({ date: new Date("2026-01-05T00:00:00Z"), timeTbc: true })).toBe(
      "MON 05 JAN — TBC",
    );
  });

  it("adds the year for admin lists", () => {
    expect(
      formatFixtureDate({ date: new Date("2026-01-05T14:30:00Z"), timeTbc: false, withYear: true }),
    ).toBe("MON 05 JAN 2026 — 14:30");
  });

  it("uses the club's day, not UTC's, around midnight in summer", () => {
    // 23:30 UTC on 31 May is 00:30 on 1 June in Dublin.
    const date = new Date("2026-05-31T23:30:00Z");
    expect(formatFixtureDate({ date, timeTbc: false })).toBe("MON 01 JUN — 00:30");
    expect(formatMonthHeading(date)).toBe("JUNE 2026");
    expect(clubMonthKey(date)).toBe("2026-06");
  });
});

describe("form values in club time (decisions 5)", () => {
  it("turns a club-time day and time into the UTC instant, winter and summer", () => {
    expect(
      fromClubDateTime({ day: "2026-01-05", time: "14:30", timeZone: DUBLIN }).toISOString(),
    ).toBe("2026-01-05T14:30:00.000Z");
    expect(
      fromClubDateTime({ day: "2026-07-05", time: "14:30", timeZone: DUBLIN }).toISOString(),
    ).toBe("2026-07-05T13:30:00.000Z");
  });

  it("handles the last Sunday of March: midnight is GMT, afternoon is IST, 01:30 does not exist", () => {
    expect(
      fromClubDateTime({ day: "2026-03-29", time: "00:00", timeZone: DUBLIN }).toISOString(),
    ).toBe("2026-03-29T00:00:00.000Z");
    expect(
      fromClubDateTime({ day: "2026-03-29", time: "14:30", timeZone: DUBLIN }).toISOString(),
    ).toBe("2026-03-29T13:30:00.000Z");
    // The clocks jump from 01:00 to 02:00: 01:30 moves forward to 02:30 IST.
    expect(
      fromClubDateTime({ day: "2026-03-29", time: "01:30", timeZone: DUBLIN }).toISOString(),
    ).toBe("2026-03-29T01:30:00.000Z");
  });

  it("handles the last Sunday of October: midnight is IST, afternoon is GMT", () => {
    expect(
      fromClubDateTime({ day: "2026-10-25", time: "00:00", timeZone: DUBLIN }).toISOString(),
    ).toBe("2026-10-24T23:00:00.000Z");
    expect(
      fromClubDateTime({ day: "2026-10-25", time: "14:30", timeZone: DUBLIN }).toISOString(),
    ).toBe("2026-10-25T14:30:00.000Z");
  });

  it("round-trips through the form's date and time values", () => {
    for (const [day, time] of [
      ["2026-03-29", "00:00"],
      ["2026-03-29", "15:00"],
      ["2026-10-25", "00:00"],
      ["2026-10-25", "23:59"],
      ["2025-12-31", "23:30"],
    ] as const) {
      const instant = fromClubDateTime({ day, time, timeZone: DUBLIN });
      expect(toDateInputValue(instant)).toBe(day);
      expect(toTimeInputValue(instant)).toBe(time);
    }
  });

  it("knows real calendar days", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-13-01")).toBe(false);
    expect(isCalendarDay("5 Jan 2026")).toBe(false);
    expect(isCalendarDay("")).toBe(false);
  });

  it("gives iCalendar's DATE form of the club-time day", () => {
    expect(toCalendarDate(new Date("2026-05-31T23:30:00Z"))).toBe("20260601");
  });
});

describe("news dates", () => {
  it("formats the detail date as 'd MMMM yyyy, HH:mm' in the club's time zone", () => {
    expect(formatNewsDate(new Date("2026-01-05T14:30:00Z"))).toBe("5 January 2026, 14:30");
    // Summer time: UTC+1, and the day can change with it.
    expect(formatNewsDate(new Date("2026-07-05T14:30:00Z"))).toBe("5 July 2026, 15:30");
    expect(formatNewsDate(new Date("2026-06-30T23:30:00Z"))).toBe("1 July 2026, 00:30");
  });

  it("follows the clock change on the last Sunday of October", () => {
    expect(formatNewsDate(new Date("2026-10-25T00:59:00Z"))).toBe("25 October 2026, 01:59");
    expect(formatNewsDate(new Date("2026-10-25T01:00:00Z"))).toBe("25 October 2026, 01:00");
  });

  it("says 'Date not available' when the date is missing", () => {
    expect(formatNewsDate(null)).toBe("Date not available");
    expect(formatNewsDate(undefined)).toBe("Date not available");
  });

  it("gives the relative age in words", () => {
    const now = new Date("2026-05-20T12:00:00Z");
    const ago = (ms: number) => formatRelativeAge({ date: new Date(now.getTime() - ms), now });
    const hour = 3600 * 1000;
    expect(ago(10 * 1000)).toBe("less than a minute ago");
    expect(ago(5 * 60 * 1000)).toBe("5 minutes ago");
    expect(ago(2 * hour)).toBe("about 2 hours ago");
    expect(ago(3 * 24 * hour)).toBe("3 days ago");
    expect(ago(45 * 24 * hour)).toBe("about 2 months ago");
    expect(ago(400 * 24 * hour)).toBe("about 1 year ago");
  });

  it("counts days across a clock change as the visitor does", () => {
    // Three calendar days before 31 March 2026 noon in Dublin, across the spring change
    // (only 71 hours passed).
    const now = new Date("2026-03-31T11:00:00Z");
    const threeDaysEarlier = new Date("2026-03-28T12:00:00Z");
    expect(formatRelativeAge({ date: threeDaysEarlier, now })).toBe("3 days ago");
  });

  it("says 'Unknown' when the date is missing", () => {
    expect(formatRelativeAge({ date: null, now: new Date() })).toBe("Unknown");
    expect(formatRelativeAge({ date: undefined, now: new Date() })).toBe("Unknown");
  });
});

describe("the browser-side formatter agrees with date-fns", () => {
  // Every pattern the product uses, over 600 instants spread across twelve years, and the
  // minutes around both clock changes of 2026 and 2027.
  const patterns = [
    "d MMM yyyy, HH:mm",
    "EEE dd MMM",
    "EEE dd MMM yyyy",
    "HH:mm",
    "MMMM yyyy",
    "yyyy-MM",
    "yyyy-MM-dd",
    "yyyyMMdd",
    "d MMMM yyyy, HH:mm",
    "d MMMM yyyy",
  ];
  const instants: Date[] = [];
  const start = Date.UTC(2020, 0, 1);
  const span = Date.UTC(2032, 0, 1) - start;
  // A fixed pseudo-random walk (the same every run), so a failure can be reproduced.
  let seed = 20261121;
  for (let i = 0; i < 600; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    instants.push(new Date(start + (seed / 2 ** 31) * span));
  }
  for (const change of [
    "2026-03-29T01:00:00Z",
    "2026-10-25T01:00:00Z",
    "2027-03-28T01:00:00Z",
    "2027-10-31T01:00:00Z",
  ]) {
    const at = new Date(change).getTime();
    // Every minute of the hour either side of the change, then every ten up to 90 minutes.
    for (let minute = -90; minute <= 90; minute += Math.abs(minute) <= 60 ? 1 : 10) {
      instants.push(new Date(at + minute * 60_000));
    }
  }

  it.each(patterns)("'%s'", (pattern) => {
    const inZone = tz(club.timeZone);
    for (const date of instants) {
      expect(formatInClubZone({ date, pattern })).toBe(
        format(date, pattern, { in: inZone, locale: enGB }),
      );
    }
  });

  it("refuses a token it does not know, rather than printing it", () => {
    expect(() => formatInClubZone({ date: new Date(), pattern: "yyyy QQQ" })).toThrow(/QQQ|Q/);
  });
});

describe("the time zone is passed (ADR 022)", () => {
  it("shows and reads dates in the zone it is given, whatever was used before", () => {
    const instant = new Date("2026-07-05T14:30:00Z");
    expect(formatShortDateTime(instant)).toBe("5 Jul 2026, 15:30");
    expect(clubDates({ timeZone: "America/New_York" }).formatShortDateTime(instant)).toBe(
      "5 Jul 2026, 10:30",
    );
    // The Dublin formatter is unchanged by the other zone.
    expect(formatShortDateTime(instant)).toBe("5 Jul 2026, 15:30");
    expect(
      fromClubDateTime({ day: "2026-07-05", time: "10:30", timeZone: "America/New_York" }),
    ).toEqual(instant);
  });
});
