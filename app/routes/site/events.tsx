import { Link } from "react-router";
import { EventCard } from "../../components/site/events/event-card.tsx";
import { PageHero } from "../../components/site/page-hero.tsx";
import { ArrowRightIcon } from "../../components/site/page-icons/arrow-right.tsx";
import { CalendarIcon } from "../../components/site/page-icons/calendar.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { eventsPage } from "../../domain/events/events-page.server.ts";
import type { Route } from "./+types/events";

export const meta: Route.MetaFunction = ({ matches }) => {
  const club = clubFromMatches(matches);
  return pageMeta({
    club,
    title: "Club calendar",
    description: `Training, taster sessions, fundraisers and club meetings of ${club.name}.`,
    path: "/events",
  });
};

// rules §2 Club calendar, ADR 031: the page model (ADR 022).
export async function loader() {
  return eventsPage();
}

export default function Events({ loaderData }: Route.ComponentProps) {
  const { events, calendar } = loaderData;
  return (
    <>
      <PageHero kicker="Off the pitch" title="Club calendar">
        <p>
          Training, taster sessions, fundraisers and the AGM. Matches are in the{" "}
          <Link
            to="/fixtures"
            className="font-semibold text-white underline decoration-accent underline-offset-4"
          >
            match centre
          </Link>
          .
        </p>
      </PageHero>
      <div className="bg-slate-100">
        <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8 sm:py-16">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h2 className="section-title text-slate-900">Coming up</h2>
            <p className="flex flex-wrap gap-3">
              <a href={calendar.subscribe} className="button-secondary">
                <CalendarIcon className="size-5" />
                Subscribe to the calendar
              </a>
              <a href={calendar.download} className="button-secondary">
                Download (.ics)
              </a>
            </p>
          </div>
          {events.length === 0 ? (
            <p className="mt-8 rounded-xl bg-white px-6 py-10 text-center text-lg text-slate-700 ring-1 ring-slate-200">
              No events planned at the moment.
            </p>
          ) : (
            <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {events.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
          )}
          <aside
            aria-labelledby="try-title"
            className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-club p-6 text-club-contrast sm:flex-row sm:items-center sm:justify-between sm:p-8"
          >
            <div>
              <h2 id="try-title" className="font-display text-3xl font-extrabold uppercase">
                New to powerchair football?
              </h2>
              <p className="mt-1 text-white/90">Come to a taster session and have a go.</p>
            </div>
            <Link to="/come-and-try" className="button-accent">
              Come and try
              <ArrowRightIcon className="size-5" />
            </Link>
          </aside>
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
