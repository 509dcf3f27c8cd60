import { tz } from "@date-fns/tz";
import { format, formatDistance } from "date-fns";
import { club } from "../../config/club.ts";

// The one place dates become text. Every instant is shown in the club's time zone
// (DECISIONS 5), so the server and the browser render the same words.

const inClubZone = tz(club.timeZone);

/** A date-fns pattern applied in the club's time zone. */
export function formatInClubZone({ date, pattern }: { date: Date; pattern: string }): string {
  return format(date, pattern, { in: inClubZone });
}

/** Short date and 24-hour time for admin lists, e.g. '5 Jan 2026, 14:30'. */
export function formatShortDateTime(date: Date): string {
  return formatInClubZone({ date, pattern: "d MMM yyyy, HH:mm" });
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
