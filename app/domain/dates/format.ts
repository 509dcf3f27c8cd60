import { tz } from "@date-fns/tz";
import { format } from "date-fns";
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
