import { describe, expect, it } from "vitest";
import { isTimeZone } from "./time-zones.ts";

describe("the club's time zone (Club details, decisions 5)", () => {
  it("accepts only IANA time zones", () => {
    expect(isTimeZone("Europe/Dublin")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Europe/Atlantis")).toBe(false);
    expect(isTimeZone("GMT+1")).toBe(false);
    expect(isTimeZone("")).toBe(false);
  });
});
