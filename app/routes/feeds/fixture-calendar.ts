import { data } from "react-router";
import { z } from "zod";
import { getClub } from "../../domain/club/club.server.ts";
import { buildCalendar, calendarFileName, eventSummary } from "../../domain/fixtures/calendar.ts";
import { getFixture } from "../../domain/fixtures/fixtures.server.ts";
import type { Route } from "./+types/fixture-calendar";
import { calendarResponse } from "./calendar-response.server.ts";

// rules §10 Feeds: one fixture's 'Add to calendar' file.
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = z.uuid().safeParse(params.id);
  const fixture = id.success ? await getFixture({ id: id.data }) : null;
  if (!fixture?.date) throw data(null, { status: 404 });
  const { details: site } = await getClub();
  return calendarResponse({
    request,
    body: buildCalendar({
      site,
      fixtures: [fixture],
      name: eventSummary({ fixture, teamName: site.teamName }),
    }),
    download: calendarFileName({ fixture, teamName: site.teamName }),
  });
}
