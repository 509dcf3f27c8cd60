import { getClub } from "../../domain/club/club.server.ts";
import { calendarClubEvents } from "../../domain/events/events-page.server.ts";
import { buildCalendar } from "../../domain/fixtures/calendar.ts";
import { listFixtures } from "../../domain/fixtures/fixtures.server.ts";
import type { Route } from "./+types/fixtures-calendar";
import { calendarResponse } from "./calendar-response.server.ts";

// rules §10 Feeds: every fixture and every club event (ADR 031) as an iCalendar feed at a
// stable address, for subscribing (webcal://…/fixtures/calendar.ics) or importing.
export async function loader({ request }: Route.LoaderArgs) {
  const [club, fixtures, clubEvents] = await Promise.all([
    getClub(),
    listFixtures(),
    calendarClubEvents(),
  ]);
  return calendarResponse({
    request,
    body: buildCalendar({ site: club.details, fixtures, clubEvents }),
  });
}
