import { TZDate } from "@date-fns/tz";
import { clubSite } from "../../config/club-site.ts";

// Reading the old site's values as its export tools write them (ADR 009): timestamps in
// four shapes, numbers and booleans that arrive as text, missing optional fields. Pure.

/** What a reader makes of a value: the value, or why it cannot be read. */
export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

export const TIMESTAMP_INVALID =
  'Not a timestamp: expected {"_seconds", "_nanoseconds"}, {"seconds", "nanoseconds"}, ' +
  '{"__datatype__": "timestamp", "value": …} or an ISO date such as 2025-03-01T14:30:00Z.';

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const wholeNumber = (value: unknown): number | null => {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isFinite(number) ? number : null;
};

/**
 * ADR 009: a timestamp as the old site's export tools write it. Missing (absent, null or
 * empty text) is null. An ISO date without an offset is read in the club's time zone
 * (decisions 5), as the old site's admin typed it; a day alone is midnight there.
 */
export function readTimestamp(
  value: unknown,
  /** The club's time zone (Club details; passed, ADR 022). The default: a new club's. */
  { timeZone }: { timeZone: string } = { timeZone: clubSite.timeZone },
): Read<Date | null> {
  if (value === undefined || value === null || value === "") return { ok: true, value: null };
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? { ok: false, reason: TIMESTAMP_INVALID }
      : { ok: true, value };
  }
  if (typeof value === "string") return readIsoDate(value.trim(), timeZone);
  if (!isRecord(value)) return { ok: false, reason: TIMESTAMP_INVALID };
  if (value.__datatype__ === "timestamp" && "value" in value)
    return readTimestamp(value.value, { timeZone });
  const seconds = wholeNumber(value._seconds ?? value.seconds);
  const nanos = wholeNumber(value._nanoseconds ?? value.nanoseconds ?? 0);
  if (seconds === null || nanos === null) return { ok: false, reason: TIMESTAMP_INVALID };
  const date = new Date(seconds * 1000 + Math.floor(nanos / 1_000_000));
  return Number.isNaN(date.getTime())
    ? { ok: false, reason: TIMESTAMP_INVALID }
    : { ok: true, value: date };
}

function readIsoDate(text: string, timeZone: string): Read<Date> {
  const match = ISO.exec(text);
  if (!match) return { ok: false, reason: TIMESTAMP_INVALID };
  const [, year, month, day, hours = "0", minutes = "0", seconds = "0", fraction = "", zone] =
    match;
  const milliseconds = Number(fraction.padEnd(3, "0").slice(0, 3));
  const parts = [year, month, day, hours, minutes, seconds].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const [y, mo, d, h, mi, s] = parts;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) {
    return { ok: false, reason: TIMESTAMP_INVALID };
  }
  let date: Date;
  if (zone) {
    const offsetMinutes =
      zone === "Z"
        ? 0
        : (zone.startsWith("-") ? -1 : 1) *
          (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
    const wall = Date.UTC(y, mo - 1, d, h, mi, s, milliseconds);
    // 2025-02-30 rolls over into March: not a real date.
    if (new Date(wall).getUTCDate() !== d) return { ok: false, reason: TIMESTAMP_INVALID };
    date = new Date(wall - offsetMinutes * 60_000);
  } else {
    date = new Date(new TZDate(y, mo - 1, d, h, mi, s, milliseconds, timeZone).getTime());
    if (!sameDay(date, { y, mo, d }, timeZone)) return { ok: false, reason: TIMESTAMP_INVALID };
  }
  return Number.isNaN(date.getTime())
    ? { ok: false, reason: TIMESTAMP_INVALID }
    : { ok: true, value: date };
}

function sameDay(date: Date, day: { y: number; mo: number; d: number }, timeZone: string): boolean {
  const local = new TZDate(date.getTime(), timeZone);
  return (
    local.getFullYear() === day.y && local.getMonth() + 1 === day.mo && local.getDate() === day.d
  );
}

/**
 * ADR 009: numbers that arrive as text ("3") become numbers; absent or empty is
 * undefined; anything else is passed on unchanged, for the domain's schema to refuse with
 * its own message.
 */
export function readNumber(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") {
    const text = value.trim();
    if (text === "") return undefined;
    const number = Number(text);
    return Number.isFinite(number) ? number : value;
  }
  return value;
}

/** ADR 009: a flag written as true/false, "true"/"false", "yes"/"no", 1/0; absent is undefined. */
export function readBoolean(value: unknown): unknown {
  if (value === null || value === undefined || value === "") return undefined;
  if (typeof value === "boolean") return value;
  const text = String(value).trim().toLowerCase();
  if (["true", "yes", "1"].includes(text)) return true;
  if (["false", "no", "0"].includes(text)) return false;
  return value;
}

/** Text fields: text as is, a number as its digits, absent or null undefined; anything else unchanged. */
export function readText(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return value;
}

/** How a value is shown in a problem line of the report: short, on one line. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "(missing)";
  let text: string;
  try {
    text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? "");
  } catch {
    text = String(value);
  }
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}
