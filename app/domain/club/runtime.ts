import { clubSite as defaults } from "../../config/club-site.ts";
import type { ZoneOffsets } from "../dates/zone-offsets.ts";

// The club's details that synchronous code reads where no loader data reaches it (ADR 013):
// the time zone (every date shown or entered, decisions 5) and the team name (fixture cards,
// the table, calendars, structured data). They are Club details like the others; this module
// holds the saved values for the process or the page:
// - on the server, `getClub` (club.server.ts) sets them each time it reads the details;
// - in the browser, the root component sets them from the root loader's club data before
//   any page renders, so the server and the browser agree.
// The config values are only the start: before the first read, and in unit tests.

export interface ClubRuntime {
  timeZone: string;
  teamName: string;
  /** In the browser: the time zone's offsets around today, from the root loader (ADR 008). */
  zoneOffsets?: ZoneOffsets;
}

// globalThis: the host (server/) and the built app each load their own copy of this module.
const holder = globalThis as { __clubsiteRuntime?: ClubRuntime };
holder.__clubsiteRuntime ??= { timeZone: defaults.timeZone, teamName: defaults.teamName };
const runtime = holder.__clubsiteRuntime;

/** The club's IANA time zone, e.g. 'Europe/Dublin' (Club details). */
export function clubTimeZone(): string {
  return runtime.timeZone;
}

/** The club's team: the home team in every fixture (rules §3), as Club details names it. */
export function clubTeamName(): string {
  return runtime.teamName;
}

/** The club time zone's offsets around today, when the root loader sent them (ADR 008). */
export function clubZoneOffsets(): ZoneOffsets | undefined {
  return runtime.zoneOffsets;
}

/** Sets the saved values (the server after reading the details; the browser from the root). */
export function setClubRuntime(values: ClubRuntime): void {
  runtime.timeZone = values.timeZone;
  runtime.teamName = values.teamName;
  runtime.zoneOffsets = values.zoneOffsets;
}
