import { TZDate } from "@date-fns/tz";

// Form text becoming instants, in the club's time zone (decisions 5). Only the admin's
// forms and the server need this, so the date library stays off the public pages. Pure: the
// time zone is passed (ADR 022).

/**
 * decisions 5: a day ('yyyy-MM-dd') and a wall-clock time ('HH:mm') entered in the club's
 * time zone, as the UTC instant to store. On the spring clock change a time that does not
 * exist (01:30 in Dublin) moves forward an hour; on the autumn change an hour that happens
 * twice means its second occurrence.
 */
export function fromClubDateTime({
  day,
  time,
  timeZone,
}: {
  day: string;
  time: string;
  /** The club's IANA time zone (Club details). */
  timeZone: string;
}): Date {
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
      timeZone,
    ).getTime(),
  );
}

/** Minutes to add to the club's wall clock to get UTC at this instant (Date's convention). */
function offsetAt(instant: number, timeZone: string): number {
  return new TZDate(instant, timeZone).getTimezoneOffset();
}

/**
 * the instants a wall-clock time in the club's time zone can mean. None on
 * the spring clock change (01:30 in Dublin does not exist), two on the autumn change (01:30
 * happens twice, first in summer time), one otherwise. Earliest first.
 */
export function clubTimeInstants({
  day,
  time,
  timeZone,
}: {
  day: string;
  time: string;
  timeZone: string;
}): Date[] {
  const [year, month, date] = day.split("-").map(Number);
  const [hours, minutes] = time.split(":").map(Number);
  const naive = Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1, hours ?? 0, minutes ?? 0);
  const offsets = new Set([
    offsetAt(naive - 12 * 3600_000, timeZone),
    offsetAt(naive + 12 * 3600_000, timeZone),
  ]);
  const instants = [...offsets]
    .map((offset) => naive + offset * 60_000)
    .filter((instant) => naive + offsetAt(instant, timeZone) * 60_000 === instant);
  return [...new Set(instants)].sort((a, b) => a - b).map((instant) => new Date(instant));
}
