import { describe, expect, it } from "vitest";
import {
  describeValue,
  readBoolean,
  readNumber,
  readText,
  readTimestamp,
  TIMESTAMP_INVALID,
} from "./values.ts";

const at = (value: unknown) => {
  const read = readTimestamp(value);
  if (!read.ok) throw new Error(read.reason);
  return read.value?.toISOString() ?? null;
};

describe("readTimestamp (ADR 009: every shape the export tools write)", () => {
  const instant = "2025-03-01T14:30:05.250Z";
  const seconds = Date.parse(instant) / 1000 - 0.25;

  it("reads {_seconds, _nanoseconds}, {seconds, nanoseconds} and the __datatype__ wrapper alike", () => {
    expect(at({ _seconds: seconds, _nanoseconds: 250_000_000 })).toBe(instant);
    expect(at({ seconds, nanoseconds: 250_000_000 })).toBe(instant);
    expect(
      at({ __datatype__: "timestamp", value: { _seconds: seconds, _nanoseconds: 250_000_000 } }),
    ).toBe(instant);
    expect(at({ __datatype__: "timestamp", value: instant })).toBe(instant);
  });

  it("reads seconds written as text, and no nanoseconds as 0", () => {
    expect(at({ _seconds: String(seconds) })).toBe("2025-03-01T14:30:05.000Z");
  });

  it("reads ISO dates with an offset as that instant", () => {
    expect(at(instant)).toBe(instant);
    expect(at("2025-03-01T15:30:05.25+01:00")).toBe(instant);
    expect(at("2025-03-01T09:30:05.250-0500")).toBe(instant);
  });

  it("reads an ISO date without an offset in the club's time zone (Europe/Dublin)", () => {
    // Summer time: 14:30 in Dublin is 13:30 UTC.
    expect(at("2025-07-01T14:30")).toBe("2025-07-01T13:30:00.000Z");
    expect(at("2025-01-10 14:30:00")).toBe("2025-01-10T14:30:00.000Z");
    expect(at("2025-07-01")).toBe("2025-06-30T23:00:00.000Z");
  });

  it("reads missing as null", () => {
    expect(at(undefined)).toBeNull();
    expect(at(null)).toBeNull();
    expect(at("")).toBeNull();
  });

  it("refuses anything else with the message listing the shapes", () => {
    for (const bad of [
      "yesterday",
      "2025-02-30T10:00:00Z",
      "2025-02-30",
      "2025-13-01",
      1_700_000_000,
      { _seconds: "soon" },
      { value: 3 },
      [2025, 3, 1],
      true,
    ]) {
      expect(readTimestamp(bad), JSON.stringify(bad)).toEqual({
        ok: false,
        reason: TIMESTAMP_INVALID,
      });
    }
  });
});

describe("readNumber, readBoolean, readText (ADR 009: numbers as text, missing fields)", () => {
  it("turns numbers written as text into numbers and leaves other text for the schema to refuse", () => {
    expect(readNumber("3")).toBe(3);
    expect(readNumber(" 12 ")).toBe(12);
    expect(readNumber(4)).toBe(4);
    expect(readNumber("three")).toBe("three");
    expect(readNumber("")).toBeUndefined();
    expect(readNumber(null)).toBeUndefined();
  });

  it("reads flags written as text or numbers", () => {
    expect(readBoolean("true")).toBe(true);
    expect(readBoolean("FALSE")).toBe(false);
    expect(readBoolean(1)).toBe(true);
    expect(readBoolean(0)).toBe(false);
    expect(readBoolean(undefined)).toBeUndefined();
    expect(readBoolean("maybe")).toBe("maybe");
  });

  it("reads a number in a text field as its digits", () => {
    expect(readText(7)).toBe("7");
    expect(readText(null)).toBeUndefined();
    expect(readText("x")).toBe("x");
  });

  it("shows a value short and on one line", () => {
    expect(describeValue(undefined)).toBe("(missing)");
    expect(describeValue(25)).toBe("25");
    expect(describeValue("a\nb")).toBe('"a\\nb"');
    expect(describeValue("x".repeat(500))).toHaveLength(120);
  });
});
