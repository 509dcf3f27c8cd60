import { afterEach, describe, expect, it } from "vitest";
import { club as defaults } from "../../config/club.ts";
import { fromClubDateTime } from "../dates/club-time.ts";
import { formatShortDateTime } from "../dates/format.ts";
import { clubFormDefaults, clubFormSchema, defaultClubDetails } from "./club.schema.ts";
import { clubTimeZone, setClubRuntime } from "./runtime.ts";
import { isTimeZone } from "./time-zones.ts";

// ADR 013: the saved time zone reaches the synchronous date code.

afterEach(() => setClubRuntime({ timeZone: defaults.timeZone }));

describe("the club's run-time details", () => {
  it("start from the defaults and follow what Club details saved", () => {
    expect(clubTimeZone()).toBe("Europe/Dublin");
    expect(formatShortDateTime(new Date("2026-07-05T14:30:00Z"))).toBe("5 Jul 2026, 15:30");
    setClubRuntime({ timeZone: "America/New_York" });
    // The formatter made for Dublin is made again for the new zone.
    expect(formatShortDateTime(new Date("2026-07-05T14:30:00Z"))).toBe("5 Jul 2026, 10:30");
    expect(fromClubDateTime({ day: "2026-07-05", time: "10:30" }).toISOString()).toBe(
      "2026-07-05T14:30:00.000Z",
    );
  });

  it("accept only IANA time zones", () => {
    expect(isTimeZone("Europe/Dublin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Europe/Atlantis")).toBe(false);
    expect(isTimeZone("GMT+1")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});

describe("Club details' time zone, team name and videos", () => {
  const form = (changes: Record<string, unknown>) => ({
    ...clubFormDefaults({
      id: "5f0c2a56-8f8e-4d55-a8d6-1e1a4f3b9d11",
      details: defaultClubDetails(),
    }),
    ...changes,
  });

  it("refuse a zone that is not in the list, and an empty team name", () => {
    const parsed = clubFormSchema.safeParse(form({ timeZone: "Mars/Olympus", teamName: "" }));
    expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([["teamName"], ["timeZone"]]);
  });

  it("take a video without a thumbnail and refuse a video number that is not digits", () => {
    const ok = clubFormSchema.parse(
      form({ shortVideos: [{ id: "7401234567890123459", title: "Cup final", thumbnail: "" }] }),
    );
    expect(ok.shortVideos).toEqual([{ id: "7401234567890123459", title: "Cup final" }]);
    const bad = clubFormSchema.safeParse(
      form({ shortVideos: [{ id: "https://tiktok.com/x", title: "Cup final", thumbnail: "" }] }),
    );
    expect(bad.error?.issues[0]?.path).toEqual(["shortVideos", 0, "id"]);
  });
});
