// The function's own module: the package's index loads every function and locale, about
// 250 MB of resident memory in the server (docs/architecture.md, Measuring).
import { formatDistance } from "date-fns/formatDistance";

// Relative ages of news ('3 days ago'), worked out on the server (loaders), so the date
// library never loads in a visitor's browser and the words do not change while a page hydrates.

/** rules §8 News date missing, on the list. */
const RELATIVE_AGE_MISSING = "Unknown";

/**
 * How long ago a date was ('3 days ago', 'about 2 months ago'; rules §2 News list), or
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
