import { useMemo } from "react";
import { type ClubDates, clubDates } from "../../domain/dates/format.ts";
import { useClubData } from "./use-club.ts";

// A module of its own: only the pages that show dates load the formatter (ADR 008).

/**
 * decisions 5, ADR 022: the date texts in the club's time zone, from the root loader's club
 * data (with its offsets around today, so the browser needs no Intl time-zone data while the
 * page hydrates, ADR 008). The server renders with the same data, so both agree.
 */
export function useClubDates(): ClubDates {
  const { club, zoneOffsets } = useClubData();
  const { timeZone } = club;
  return useMemo(() => clubDates({ timeZone, zoneOffsets }), [timeZone, zoneOffsets]);
}
