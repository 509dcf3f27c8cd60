import { getClub } from "../club/club.server.ts";
import type { CalendarClubEvent } from "../fixtures/calendar.ts";
import { venuesById } from "../venues/venue-page.server.ts";
import { type ClubEvent, listEvents, listUpcomingEvents } from "./events.server.ts";
import { EVENT_KIND_LABELS, eventEnd, eventWhenText } from "./rules.ts";
import type { ClubEventView } from "./view.ts";

// The club calendar's page model (ADR 022, ADR 031): what /events shows, and the taster
// sessions "Come and try" lists. Events are never fixtures: nothing here reads the match
// centre's data, and the match centre reads nothing of this.

/** How many events the calendar page lists at most. */
const CALENDAR_EVENTS_MAX = 50;

async function eventViews(events: ClubEvent[]): Promise<ClubEventView[]> {
  if (events.length === 0) return [];
  const [venues, { details: club }] = await Promise.all([venuesById(), getClub()]);
  return events.map((event) => {
    const venue = event.venueId ? venues.get(event.venueId) : undefined;
    return {
      id: event.id,
      kind: event.kind,
      kindLabel: EVENT_KIND_LABELS[event.kind],
      title: event.title,
      startsAt: event.startsAt.toISOString(),
      when: eventWhenText({ event, timeZone: club.timeZone }),
      venue: venue ?? null,
      notes: event.notes,
      bookingUrl: event.bookingUrl,
    };
  });
}

/** rules §2 Club calendar: the events to come, soonest first, and the calendar's addresses. */
export async function eventsPage({ now = new Date() }: { now?: Date } = {}) {
  const { details: club } = await getClub();
  const events = await eventViews(await listUpcomingEvents({ now, limit: CALENDAR_EVENTS_MAX }));
  return {
    events,
    calendar: {
      subscribe: `webcal://${new URL(club.url).host}/fixtures/calendar.ics`,
      download: "/fixtures/calendar.ics",
    },
  };
}

/** rules §2 Come and try: the next taster sessions (at most `limit`). */
export async function nextTasterSessions({
  now = new Date(),
  limit = 3,
}: {
  now?: Date;
  limit?: number;
} = {}): Promise<ClubEventView[]> {
  return eventViews(await listUpcomingEvents({ now, kind: "taster", limit }));
}

/**
 * rules §10 Feeds, ADR 031: every event as the calendar feed holds it (its own VEVENT beside
 * the fixtures'), linking to the club calendar or its booking page.
 */
export async function calendarClubEvents(): Promise<CalendarClubEvent[]> {
  const [events, venues, { details: club }] = await Promise.all([
    listEvents(),
    venuesById(),
    getClub(),
  ]);
  return events.map((event) => ({
    id: event.id,
    title: event.title,
    kindLabel: EVENT_KIND_LABELS[event.kind],
    startsAt: event.startsAt,
    endsAt: eventEnd(event),
    location: (event.venueId && venues.get(event.venueId)?.name) || "",
    notes: event.notes,
    url: event.bookingUrl ?? new URL("/events", club.url).toString(),
    updatedAt: event.updatedAt,
    sequence: event.sequence,
  }));
}
