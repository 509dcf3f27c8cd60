import { describe, expect, it } from "vitest";
import { formatInClubZone, formatShortDateTime } from "./format.ts";

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
