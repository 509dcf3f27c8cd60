import { Link } from "react-router";
import type { ClubEventView } from "../../../domain/events/view.ts";
import { ExternalLink } from "../external-link.tsx";
import { CalendarIcon } from "../page-icons/calendar.tsx";
import { MapPinIcon } from "../page-icons/map-pin.tsx";

// One club event (rules §2 Club calendar, ADR 031): its kind, title, when, where (linked to
// the venue's page and its access guide), notes and booking link. Never a fixture's card.

const KIND_TONE: Record<ClubEventView["kind"], string> = {
  training: "bg-club text-club-contrast",
  taster: "bg-accent text-accent-contrast",
  fundraiser: "bg-emerald-700 text-white",
  agm: "bg-slate-800 text-white",
  social: "bg-fuchsia-800 text-white",
  other: "bg-slate-700 text-white",
};

export function EventCard({
  event,
  headingLevel = 3,
}: {
  event: ClubEventView;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      aria-labelledby={`event-${event.id}`}
      className="flex h-full flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <p>
        <span
          className={`inline-block rounded px-2.5 py-1 font-display text-sm font-bold uppercase tracking-wider ${KIND_TONE[event.kind]}`}
        >
          {event.kindLabel}
        </span>
      </p>
      <Heading
        id={`event-${event.id}`}
        className="mt-3 font-display text-2xl font-extrabold uppercase leading-tight text-slate-900"
      >
        {event.title}
      </Heading>
      <p className="mt-2 flex items-start gap-2 font-semibold text-slate-800">
        <CalendarIcon className="mt-0.5 size-5 shrink-0 text-club" />
        <time dateTime={event.startsAt}>{event.when}</time>
      </p>
      {event.venue ? (
        <p className="mt-1 flex items-start gap-2 text-slate-800">
          <MapPinIcon className="mt-0.5 size-5 shrink-0 text-club" />
          <Link
            to={event.venue.path}
            className="font-semibold text-club underline underline-offset-4"
          >
            {event.venue.name}
            <span className="sr-only">: venue and access guide</span>
          </Link>
        </p>
      ) : null}
      {event.notes ? (
        <p className="mt-3 whitespace-pre-line text-slate-700">{event.notes}</p>
      ) : null}
      {event.bookingUrl ? (
        <p className="mt-auto pt-4">
          <ExternalLink href={event.bookingUrl} className="button-primary">
            Book a place<span className="sr-only">: {event.title}</span>
          </ExternalLink>
        </p>
      ) : null}
    </article>
  );
}
