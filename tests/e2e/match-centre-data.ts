import { randomUUID } from "node:crypto";
import { test } from "@playwright/test";
import ICAL from "ical.js";
import { buildFixture, type FixtureRow } from "../../scripts/factories.ts";
import { deleteRows, findRows, insertRows } from "./fixtures.ts";

// Helpers for the match-centre specs (public match centre, Manage Fixtures, Manage League
// Table). Every record a test makes has a unique name, so a test never mistakes another's
// records (run earlier on the same worker's server) for its own.

export const CLUB = "Shannonside Storm";
export const CLUB_DOMAIN = "shannonside-storm.example";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The accessible name of a control whose record is named in visually hidden text, e.g.
 * 'Edit: Cork Comets' (browsers may put a space before the colon: the hidden text is a box).
 */
export function named(action: string, record: string): RegExp {
  return new RegExp(`^${escapeRegExp(action)} ?: ${escapeRegExp(record)}`);
}

/** A unique team name, e.g. 'Kestrels 3f9a1c2b'. */
export function uniqueTeam(prefix = "Visitors"): string {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

/**
 * A year in [from, to] of this test's project alone: the same test at the other widths runs
 * later on the same worker's server, and must not find its own earlier fixtures in the month.
 */
export function projectYear(from: number, to: number): number {
  const { config, project } = test.info();
  const year = from + config.projects.findIndex((p) => p.name === project.name);
  if (year > to) throw new Error(`no year left in ${from}-${to} for project ${project.name}`);
  return year;
}

const DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const MONTH_NAMES = [
  "JANUARY",
  "FEBRUARY",
  "MARCH",
  "APRIL",
  "MAY",
  "JUNE",
  "JULY",
  "AUGUST",
  "SEPTEMBER",
  "OCTOBER",
  "NOVEMBER",
  "DECEMBER",
];

/** rules §9 date text for a club-time day and time, e.g. 'WED 15 JUL — 19:45'. */
export function dateText({
  year,
  month,
  day,
  time,
}: {
  year: number;
  month: number;
  day: number;
  time: string;
}) {
  const weekday = DAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${String(day).padStart(2, "0")} ${MONTHS[month - 1]} — ${time}`;
}

export function monthHeading({ year, month }: { year: number; month: number }): string {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** A date input's value, 'yyyy-MM-dd'. */
export function dateInput({ year, month, day }: { year: number; month: number; day: number }) {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Today's date in the club's time zone, plus `days`, as { year, month, day }. */
export function clubDay(days = 0): { year: number; month: number; day: number } {
  const at = new Date(Date.now() + days * 24 * 3600 * 1000);
  const [year, month, day] = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Dublin" })
    .format(at)
    .split("-")
    .map(Number);
  return { year: year ?? 0, month: month ?? 1, day: day ?? 1 };
}

/** Inserts a fixture straight into the test server's database; returns its id. */
export async function insertFixture({
  date,
  ...fixture
}: Omit<Partial<FixtureRow>, "date"> & { opponent: string; date: string | null }): Promise<string> {
  const [row] = await insertRows("fixtures", [
    buildFixture({ ...fixture, date: date === null ? null : new Date(date) }),
  ]);
  if (!row) throw new Error("insert failed");
  return row.id;
}

export async function deleteFixturesAgainst(opponent: string): Promise<void> {
  await deleteRows("fixtures", { opponent });
}

export async function fixtureRow(opponent: string) {
  const [row] = await findRows("fixtures", { opponent });
  return row;
}

export async function deleteTeam(team: string): Promise<void> {
  await deleteRows("leagueTable", { team });
}

/** The events of an iCalendar text, parsed as calendar apps do (ical.js). */
export function calendarEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
}
