import { describe, expect, it } from "vitest";
import {
  formatInClubZone,
  formatNewsDate,
  formatRelativeAge,
  formatShortDateTime,
} from "./format.ts";

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
