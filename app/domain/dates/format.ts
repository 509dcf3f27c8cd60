import { TZDate, tz } from "@date-fns/tz";
import { format, formatDistance } from "date-fns";
import { enGB } from "date-fns/locale/en-GB";
import { club } from "../../config/club.ts";

// The one place dates become text, and form text becomes dates. Every instant is shown and
// entered in the club's time zone (DECISIONS 5), so the server and the browser agree.

const inClubZone = tz(club.timeZone);

/** A date-fns pattern applied in the club's time zone. */
export function formatInClubZone({ date, pattern }: { date: Date; pattern: string }): string {
  return format(date, pattern, { in: inClubZone, locale: enGB });
}

/** Short date and 24-hour time for admin lists, e.g. '5 Jan 2026, 14:30'. */
export function formatShortDateTime(date: Date): string {
  return formatInClubZone({ date, pattern: "d MMM yyyy, HH:mm" });
}

/** SPEC §9 Date display: 'MON 05 JAN — 14:30' (en-GB, 24-hour), 'TBC' in place of the time. */
export function formatFixtureDate({
  date,
  timeTbc,
  withYear = false,
}: {
  date: Date;
  timeTbc: boolean;
  /** Admin lists span seasons, so they add the year: 'MON 05 JAN 2026 — 14:30'. */
  withYear?: boolean;
}): string {
  const day = formatInClubZone({ date, pattern: withYear ? "EEE dd MMM yyyy" : "EEE dd MMM" });
  const time = timeTbc ? "TBC" : formatInClubZone({ date, pattern: "HH:mm" });
  return `${day.toUpperCase()} — ${time}`;
}

/** SPEC §2 Match centre: month-and-year headings in capitals, e.g. 'JANUARY 2026'. */
export function formatMonthHeading(date: Date): string {
  return formatInClubZone({ date, pattern: "MMMM yyyy" }).toUpperCase();
}

/** The club-time month an instant falls in, as 'yyyy-MM' (for grouping). */
export function clubMonthKey(date: Date): string {
  return formatInClubZone({ date, pattern: "yyyy-MM" });
}

/** The club-time calendar day as a date input's value, 'yyyy-MM-dd'. */
export function toDateInputValue(date: Date): string {
  return formatInClubZone({ date, pattern: "yyyy-MM-dd" });
}

/** The club-time wall clock as a time input's value, 'HH:mm'. */
export function toTimeInputValue(date: Date): string {
  return formatInClubZone({ date, pattern: "HH:mm" });
}

/** The club-time calendar day in iCalendar's DATE form, 'yyyyMMdd'. */
export function toCalendarDate(date: Date): string {
  return formatInClubZone({ date, pattern: "yyyyMMdd" });
}

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

/**
 * DECISIONS 5: a day ('yyyy-MM-dd') and a wall-clock time ('HH:mm') entered in the club's
 * time zone, as the UTC instant to store. On the spring clock change a time that does not
 * exist (01:30 in Dublin) moves forward an hour; on the autumn change an hour that happens
 * twice means its second occurrence.
 */
export function fromClubDateTime({ day, time }: { day: string; time: string }): Date {
  const [year, month, date] = day.split("-").map(Number);
  const [hours, minutes] = time.split(":").map(Number);
  return new Date(
    new TZDate(
      year ?? 0,
      (month ?? 1) - 1,
      date ?? 1,
      hours ?? 0,
      minutes ?? 0,
      0,
      club.timeZone,
    ).getTime(),
  );
}

/** SPEC §9 News detail date format, e.g. '5 January 2026, 14:30'. */
export const NEWS_DATE_PATTERN = "d MMMM yyyy, HH:mm";
/** SPEC §8 News date missing, on the detail page. */
export const NEWS_DATE_MISSING = "Date not available";
/** SPEC §8 News date missing, on the list. */
export const RELATIVE_AGE_MISSING = "Unknown";

/** A news item's date on its detail page (SPEC §2 News detail), in the club's time zone. */
export function formatNewsDate(date: Date | null | undefined): string {
  return date ? formatInClubZone({ date, pattern: NEWS_DATE_PATTERN }) : NEWS_DATE_MISSING;
}

/**
 * How long ago a date was ('3 days ago', 'about 2 months ago'; SPEC §2 News list), or
 * 'Unknown'. `now` is passed in: the server computes the text once and the browser shows the
 * same words, so a page never changes while it hydrates.
 */
export function formatRelativeAge({
  date,
  now,
}: {
  date: Date | null | undefined;
  now: Date;
}): string {
  return date ? formatDistance(date, now, { addSuffix: true }) : RELATIVE_AGE_MISSING;
}
