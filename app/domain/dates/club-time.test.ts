import { describe, expect, it } from "vitest";
import { clubTimeInstants } from "./club-time.ts";

const DUBLIN = "Europe/Dublin";

// Europe/Dublin (the default club time zone): clocks go forward at 01:00 UTC on the last
// Sunday of March and back at 01:00 UTC on the last Sunday of October.
const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe("club wall-clock times around the clock changes", () => {
  it("an ordinary time is one instant, in winter and in summer", () => {
    expect(iso(clubTimeInstants({ day: "2026-01-05", time: "14:30", timeZone: DUBLIN }))).toEqual([
      "2026-01-05T14:30:00.000Z",
    ]);
    expect(iso(clubTimeInstants({ day: "2026-07-05", time: "14:30", timeZone: DUBLIN }))).toEqual([
      "2026-07-05T13:30:00.000Z",
    ]);
  });

  it("01:30 on the spring-forward day does not exist; 00:59 and 02:00 do", () => {
    expect(clubTimeInstants({ day: "2026-03-29", time: "01:30", timeZone: DUBLIN })).toEqual([]);
    expect(clubTimeInstants({ day: "2026-03-29", time: "01:00", timeZone: DUBLIN })).toEqual([]);
    expect(iso(clubTimeInstants({ day: "2026-03-29", time: "00:59", timeZone: DUBLIN }))).toEqual([
      "2026-03-29T00:59:00.000Z",
    ]);
    expect(iso(clubTimeInstants({ day: "2026-03-29", time: "02:00", timeZone: DUBLIN }))).toEqual([
      "2026-03-29T01:00:00.000Z",
    ]);
  });

  it("01:30 on the fall-back day happens twice: summer time first, then winter time", () => {
    expect(iso(clubTimeInstants({ day: "2026-10-25", time: "01:30", timeZone: DUBLIN }))).toEqual([
      "2026-10-25T00:30:00.000Z",
      "2026-10-25T01:30:00.000Z",
    ]);
    expect(iso(clubTimeInstants({ day: "2026-10-25", time: "02:00", timeZone: DUBLIN }))).toEqual([
      "2026-10-25T02:00:00.000Z",
    ]);
    expect(iso(clubTimeInstants({ day: "2026-10-25", time: "00:59", timeZone: DUBLIN }))).toEqual([
      "2026-10-24T23:59:00.000Z",
    ]);
  });
});
