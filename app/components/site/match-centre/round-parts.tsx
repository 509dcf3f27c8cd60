import type { RoundFactsView, RoundMatchView } from "../../../domain/fixtures/round-view.ts";
import { CalendarIcon } from "../page-icons/calendar.tsx";
import { ClockIcon } from "../page-icons/clock.tsx";
import { MapPinIcon } from "../page-icons/map-pin.tsx";
import { VenueName } from "../venue-link.tsx";

// A round day's facts and matches (rules §2 Rounds, ADR 035), drawn from words the server
// worked out (round-view.ts): the match centre's round card and the round's page share them,
// and the page sends no date or score code to the browser (ADR 008).

// rules §2 Results: the outcome's colours, as the result cards' (the words say it too).
const BADGE = {
  win: "bg-[#15803d] text-white",
  loss: "bg-[#b91c1c] text-white",
  neutral: "bg-[#475569] text-white",
} as const;

/** The round's day, venue (linked to its page) and arrival time. */
export function RoundFacts({
  facts,
  tone = "light",
}: {
  facts: RoundFactsView;
  tone?: "light" | "dark";
}) {
  const icon = `mt-0.5 size-4 shrink-0 ${tone === "dark" ? "text-accent" : "text-slate-500"}`;
  return (
    <ul className="space-y-1">
      <li className="flex items-start gap-1.5">
        <CalendarIcon className={icon} />
        <time dateTime={facts.day}>{facts.dayText}</time>
      </li>
      {facts.venue ? (
        <li className="flex items-start gap-1.5">
          <MapPinIcon className={icon} />
          <VenueName name={facts.venue} tone={tone} />
        </li>
      ) : null}
      {facts.arrival ? (
        <li className="flex items-start gap-1.5">
          <ClockIcon className={icon} />
          <span>
            Arrive by{" "}
            <time dateTime={facts.arrival.at} className="font-semibold">
              {facts.arrival.text}
            </time>
          </span>
        </li>
      ) : null}
    </ul>
  );
}

/** The round's matches in kick-off order: time, teams, competition, then the score once known. */
export function RoundMatches({ matches, level }: { matches: RoundMatchView[]; level: 3 | 5 }) {
  const Heading = `h${level}` as "h3" | "h5";
  return (
    <ol className="divide-y divide-slate-200">
      {matches.map((match) => (
        <li
          key={match.id}
          className="grid gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[4.5rem_minmax(0,1fr)_auto] sm:items-center"
        >
          <p className="font-display text-xl font-bold tabular-nums text-club">
            {match.kickOff.at ? (
              <time dateTime={match.kickOff.at}>{match.kickOff.text}</time>
            ) : (
              match.kickOff.text
            )}
          </p>
          <div className="min-w-0">
            <Heading className="font-display text-lg font-extrabold uppercase leading-tight text-slate-900">
              {/* rules §2 Match page: each match of the round day has its own. */}
              <a
                href={match.href}
                className="inline-block py-1 underline decoration-slate-300 decoration-2 underline-offset-4 hover:decoration-club"
              >
                {match.title}
              </a>
            </Heading>
            <p className="text-sm text-slate-600">{match.label}</p>
            {match.scorers ? (
              <p className="text-sm text-slate-700">
                <span className="font-semibold">Scorers:</span> {match.scorers}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-x-3 sm:justify-end">
            {match.badge ? (
              <p
                className={`rounded px-2.5 py-1 font-display text-sm font-bold uppercase tracking-wider ${BADGE[match.badge.tone]}`}
              >
                {match.badge.text}
              </p>
            ) : null}
            {match.calendarHref ? (
              <a
                href={match.calendarHref}
                className="inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-club underline-offset-4 hover:underline"
              >
                <CalendarIcon className="size-5" />
                <span>
                  Add to calendar<span className="sr-only">: {match.title}</span>
                </span>
              </a>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
