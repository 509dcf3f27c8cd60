import { clubSite as defaults } from "../../config/club-site.ts";
import { processValue } from "../../config/process-wide.ts";
import type { ZoneOffsets } from "../dates/zone-offsets.ts";

// The club's time zone where synchronous code reads it with no argument (ADR 013, ADR 022):
// every date shown or entered (decisions 5) goes through dates/format.ts and
// dates/club-time.ts, which still read it here. The team name is no longer here: it is passed
// (Club details through getClub, useClub in components). This module holds the saved value
// for the process or the page:
// - on the server, `getClub` (club.server.ts) sets it each time it reads the details;
// - in the browser, the root component sets it from the root loader's club data before
//   any page renders, so the server and the browser agree.
// The config value is only the start: before the first read, and in unit tests.

export interface ClubRuntime {
  timeZone: string;
  /** In the browser: the time zone's offsets around today, from the root loader (ADR 008). */
  zoneOffsets?: ZoneOffsets;
}

const runtime = () =>
  processValue<ClubRuntime>("club-runtime", () => ({ timeZone: defaults.timeZone }));

/** The club's IANA time zone, e.g. 'Europe/Dublin' (Club details). */
export function clubTimeZone(): string {
  return runtime().timeZone;
}

/** The club time zone's offsets around today, when the root loader sent them (ADR 008). */
export function clubZoneOffsets(): ZoneOffsets | undefined {
  return runtime().zoneOffsets;
}

/** Sets the saved values (the server after reading the details; the browser from the root). */
export function setClubRuntime(values: ClubRuntime): void {
  const current = runtime();
  current.timeZone = values.timeZone;
  current.zoneOffsets = values.zoneOffsets;
}
