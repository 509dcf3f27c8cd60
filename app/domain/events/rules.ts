import type { ClubEventKind } from "../../db/schema.ts";
import { clubDates } from "../dates/format.ts";

// The club's events (ADR 031, rules §2 Club calendar): training, taster sessions,
// fundraisers, the AGM. Pure: the time zone is passed (ADR 022).

export type { ClubEventKind };

export const EVENT_KINDS = ["training", "taster", "fundraiser", "agm", "social", "other"] as const;

/** rules §2 Club calendar: each kind in words (the badge on the page, the admin's list). */
export const EVENT_KIND_LABELS: Record<ClubEventKind, string> = {
  training: "Training",
  taster: "Taster session",
  fundraiser: "Fundraiser",
  agm: "AGM",
  social: "Social",
  other: "Club event",
};

/** How long an event without an end lasts in a calendar: a training session. */
export const DEFAULT_EVENT_MINUTES = 120;

export interface TimedEvent {
  startsAt: Date;
  endsAt: Date | null;
}

/** The end of an event: its own, or its start plus the default length. */
export function eventEnd(event: TimedEvent): Date {
  return event.endsAt ?? new Date(event.startsAt.getTime() + DEFAULT_EVENT_MINUTES * 60_000);
}

/**
 * rules §2 Club calendar: the events still to come (or still going on) at `now`, soonest
 * first.
 */
export function upcomingEvents<Event extends TimedEvent>({
  events,
  now,
}: {
  events: readonly Event[];
  now: Date;
}): Event[] {
  return events
    .filter((event) => eventEnd(event).getTime() > now.getTime())
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/**
 * rules §2 Club calendar: when an event is, in the club's zone: "Sat 14 Mar 2026, 10:00–12:00",
 * or its start alone when it has no end ("Sat 14 Mar 2026, 19:30").
 */
export function eventWhenText({
  event,
  timeZone,
}: {
  event: TimedEvent;
  timeZone: string;
}): string {
  const { formatInClubZone } = clubDates({ timeZone });
  const day = formatInClubZone({ date: event.startsAt, pattern: "EEE d MMM yyyy" });
  const start = formatInClubZone({ date: event.startsAt, pattern: "HH:mm" });
  if (!event.endsAt) return `${day}, ${start}`;
  const sameDay =
    formatInClubZone({ date: event.endsAt, pattern: "yyyy-MM-dd" }) ===
    formatInClubZone({ date: event.startsAt, pattern: "yyyy-MM-dd" });
  const end = formatInClubZone({
    date: event.endsAt,
    pattern: sameDay ? "HH:mm" : "EEE d MMM yyyy, HH:mm",
  });
  return `${day}, ${start}–${end}`;
}
