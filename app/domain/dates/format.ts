import { tableOffset, type ZoneOffsets } from "./zone-offsets.ts";

// The one place dates become text. Every instant is shown in the club's time zone
// (decisions 5), so the server and the browser agree. Patterns are date-fns patterns (the
// formats rules §9 gives), but this module runs in every visitor's browser, so it reads the
// club's wall clock through the browser's own Intl (time zone data included) instead of
// shipping a date library and its locale data to each page (the page-weight budget, rules §11).
// Its output is checked against date-fns itself in format.test.ts. Form text becoming dates
// is in club-time.ts; relative ages ('3 days ago') in relative-age.ts (server side).
// Pure (ADR 022): the time zone is passed, `clubDates(zone)`, never read from a global; on
// the server from Club details (getClub), in the browser from the root loader's club data
// (useClubDates).

// Made on first use, once per zone: the browser loads its time zone data for it (tens of
// milliseconds on a phone), which pages that show no date should not pay while they start.
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
const zoneFormatOf = (zone: string) => {
  let format = zoneFormats.get(zone);
  if (!format) {
    format = zoneFormat(zone);
    zoneFormats.set(zone, format);
  }
  return format;
};
/** Year, month, day, hour and minute in `zone` (24-hour clock); also the server's offset table's source. */
export const zoneFormat = (zone: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  });

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The club's time zone (Club details) and, in the browser, its offsets around today (ADR 008). */
interface ClubZone {
  timeZone: string;
  zoneOffsets?: ZoneOffsets;
}

function wallClock(date: Date, zone: ClubZone): WallClock {
  // In the browser, inside the root loader's table of offsets (zone-offsets.ts): no Intl.
  const offset = tableOffset(zone.zoneOffsets, zone.timeZone, date.getTime());
  if (offset !== undefined) {
    const shifted = new Date(date.getTime() + offset * 60_000);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
    };
  }
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0 };
  for (const part of zoneFormatOf(zone.timeZone).formatToParts(date)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  return clock;
}

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

// The date-fns tokens the product uses; anything else is a programming error.
const TOKENS: Record<string, (clock: WallClock) => string> = {
  yyyy: (c) => pad(c.year, 4),
  MMMM: (c) => MONTHS[c.month - 1] ?? "",
  MMM: (c) => (MONTHS[c.month - 1] ?? "").slice(0, 3),
  MM: (c) => pad(c.month),
  dd: (c) => pad(c.day),
  d: (c) => String(c.day),
  EEE: (c) => WEEKDAYS[new Date(Date.UTC(c.year, c.month - 1, c.day)).getUTCDay()] ?? "",
  HH: (c) => pad(c.hour),
  mm: (c) => pad(c.minute),
};
const TOKEN = /yyyy|MMMM|MMM|MM|dd|d|EEE|HH|mm|[A-Za-z]|[^A-Za-z]+/g;

/**
 * decisions 5, rules §9 Date display: the product's date texts in the club's time zone `zone`.
 * Every instant shown anywhere goes through one of these.
 */
export function clubDates(zone: ClubZone) {
  /** A date-fns pattern (the tokens above) applied in the club's time zone. */
  const formatInClubZone = ({ date, pattern }: { date: Date; pattern: string }): string => {
    const clock = wallClock(date, zone);
    return pattern.replace(TOKEN, (token) => {
      if (!/[A-Za-z]/.test(token)) return token;
      const format = TOKENS[token];
      if (!format) throw new Error(`Unsupported date pattern token "${token}" in "${pattern}"`);
      return format(clock);
    });
  };
  return {
    formatInClubZone,
    /** Short date and 24-hour time for admin lists, e.g. '5 Jan 2026, 14:30'. */
    formatShortDateTime: (date: Date): string =>
      formatInClubZone({ date, pattern: "d MMM yyyy, HH:mm" }),
    /** rules §9 Date display: 'MON 05 JAN — 14:30' (en-GB, 24-hour), 'TBC' in place of the time. */
    formatFixtureDate: ({
      date,
      timeTbc,
      withYear = false,
    }: {
      date: Date;
      timeTbc: boolean;
      /** Admin lists span seasons, so they add the year: 'MON 05 JAN 2026 — 14:30'. */
      withYear?: boolean;
    }): string => {
      const day = formatInClubZone({
        date,
        pattern: withYear ? "EEE dd MMM yyyy" : "EEE dd MMM",
      });
      const time = timeTbc ? "TBC" : formatInClubZone({ date, pattern: "HH:mm" });
      return `${day.toUpperCase()} — ${time}`;
    },
    /** rules §2 Match centre: month-and-year headings in capitals, e.g. 'JANUARY 2026'. */
    formatMonthHeading: (date: Date): string =>
      formatInClubZone({ date, pattern: "MMMM yyyy" }).toUpperCase(),
    /** The club-time month an instant falls in, as 'yyyy-MM' (for grouping). */
    clubMonthKey: (date: Date): string => formatInClubZone({ date, pattern: "yyyy-MM" }),
    /** The club-time calendar day as a date input's value, 'yyyy-MM-dd'. */
    toDateInputValue: (date: Date): string => formatInClubZone({ date, pattern: "yyyy-MM-dd" }),
    /** The club-time wall clock as a time input's value, 'HH:mm'. */
    toTimeInputValue: (date: Date): string => formatInClubZone({ date, pattern: "HH:mm" }),
    /** The club-time calendar day in iCalendar's DATE form, 'yyyyMMdd'. */
    toCalendarDate: (date: Date): string => formatInClubZone({ date, pattern: "yyyyMMdd" }),
    /** rules §2 Home 'Latest News': a news card's date, e.g. '5 January 2026'; none without a date. */
    newsCardDate: (date: Date | null): string | undefined =>
      date ? formatInClubZone({ date, pattern: "d MMMM yyyy" }) : undefined,
    /** A news item's date on its detail page (rules §2 News detail), in the club's time zone. */
    formatNewsDate: (date: Date | null | undefined): string =>
      date ? formatInClubZone({ date, pattern: NEWS_DATE_PATTERN }) : NEWS_DATE_MISSING,
  };
}

/** The date texts of one time zone (clubDates). */
export type ClubDates = ReturnType<typeof clubDates>;

/** rules §9 News detail date format, e.g. '5 January 2026, 14:30'. */
export const NEWS_DATE_PATTERN = "d MMMM yyyy, HH:mm";
/** rules §8 News date missing, on the detail page. */
const NEWS_DATE_MISSING = "Date not available";

/** Whether 'yyyy-MM-dd' names a real calendar day (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return (
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === day
  );
}
