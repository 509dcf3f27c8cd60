import { TZDate } from "@date-fns/tz";
import { club } from "../../config/club.ts";

// Form text becoming instants, in the club's time zone (decisions 5). Only the admin's
// forms and the server need this, so the date library stays off the public pages.

/**
 * decisions 5: a day ('yyyy-MM-dd') and a wall-clock time ('HH:mm') entered in the club's
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
