import { Link } from "react-router";
import { type RoundBrief, roundDayText } from "../../../domain/fixtures/rounds.ts";
import {
  type MatchFixture,
  outcome,
  outcomeLabel,
  penaltyScoreText,
  resultTone,
  scoreText,
  statusNotice,
} from "../../../domain/fixtures/rules.ts";
import { CalendarIcon } from "../page-icons/calendar.tsx";
import { ClockIcon } from "../page-icons/clock.tsx";
import { MapPinIcon } from "../page-icons/map-pin.tsx";
import { useClub } from "../use-club.ts";
import { useClubDates } from "../use-club-dates.ts";
import { VenueName } from "../venue-link.tsx";
import { AddToCalendarLink, matchLabel, matchTitle } from "./fixture-cards.tsx";
import { OUTCOME_BADGE } from "./recent-form.tsx";

// A round day (rules §2 Rounds, ADR 035): ONE card in the match centre with its matches in
// kick-off order, the day, the venue (linked to its page) and the arrival time; the round's
// own page lists the same matches (RoundMatches). Server HTML, no code in the browser (ADR 028).

type Level = 3 | 5;

/** The round's day, venue and arrival time, as the card and the round's page show them. */
export function RoundFacts({
  round,
  tone = "light",
}: {
  round: RoundBrief;
  tone?: "light" | "dark";
}) {
  const { formatInClubZone } = useClubDates();
  const muted = tone === "dark" ? "text-accent" : "text-slate-500";
  return (
    <ul className="space-y-1">
      <li className="flex items-start gap-1.5">
        <CalendarIcon className={`mt-0.5 size-4 shrink-0 ${muted}`} />
        <time dateTime={round.day}>{roundDayText(round.day)}</time>
      </li>
      {round.venue ? (
        <li className="flex items-start gap-1.5">
          <MapPinIcon className={`mt-0.5 size-4 shrink-0 ${muted}`} />
          <VenueName name={round.venue} tone={tone} />
        </li>
      ) : null}
      {round.arrivesAt ? (
        <li className="flex items-start gap-1.5">
          <ClockIcon className={`mt-0.5 size-4 shrink-0 ${muted}`} />
          <span>
            Arrive by{" "}
            <time dateTime={round.arrivesAt.toISOString()} className="font-semibold">
              {formatInClubZone({ date: round.arrivesAt, pattern: "HH:mm" })}
            </time>
          </span>
        </li>
      ) : null}
    </ul>
  );
}

/** The round's matches in kick-off order: time, teams, competition, then the score once known. */
export function RoundMatches({ matches, level }: { matches: MatchFixture[]; level: Level }) {
  const { teamName } = useClub();
  const { formatInClubZone } = useClubDates();
  const Heading = `h${level}` as "h3" | "h5";
  return (
    <ol className="divide-y divide-slate-200">
      {matches.map((match) => {
        const notice = statusNotice(match);
        const score = scoreText(match);
        const pens = penaltyScoreText(match);
        const result = score && !notice ? outcome(match) : null;
        return (
          <li
            key={match.id}
            className="grid gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[4.5rem_minmax(0,1fr)_auto] sm:items-center"
          >
            <p className="font-display text-xl font-bold tabular-nums text-club">
              {match.date ? (
                <time dateTime={match.date.toISOString()}>
                  {match.timeTbc ? "TBC" : formatInClubZone({ date: match.date, pattern: "HH:mm" })}
                </time>
              ) : (
                "TBC"
              )}
            </p>
            <div className="min-w-0">
              <Heading
                id={`round-match-${match.id}`}
                className="font-display text-lg font-extrabold uppercase leading-tight text-slate-900"
              >
                {score
                  ? `${teamName} ${score} ${match.opponent}`
                  : matchTitle({ teamName, fixture: match })}
              </Heading>
              <p className="text-sm text-slate-600">
                {matchLabel(match)}
                {pens ? ` · Penalties ${pens}` : ""}
              </p>
              {match.scorers.length > 0 ? (
                <p className="text-sm text-slate-700">
                  <span className="font-semibold">Scorers:</span>{" "}
                  {match.scorers.map((scorer) => `${scorer.name} ${scorer.minute}′`).join(", ")}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap items-center gap-x-3 sm:justify-end">
              {notice || score ? (
                <p
                  className={`rounded px-2.5 py-1 font-display text-sm font-bold uppercase tracking-wider ${OUTCOME_BADGE[resultTone(result)]}`}
                >
                  {notice ?? outcomeLabel(result)}
                </p>
              ) : (
                <AddToCalendarLink fixture={match} />
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** rules §2 Match centre, ADR 035: a round day as one card of a list. */
export function RoundCard({
  id,
  round,
  matches,
}: {
  id: string;
  round: RoundBrief;
  matches: MatchFixture[];
}) {
  return (
    <article
      aria-labelledby={`round-${id}`}
      className="rounded-xl border-l-8 border-club bg-white p-5 wrap-anywhere shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="text-xs font-bold uppercase tracking-wider text-club">
            Round day · {matches.length} {matches.length === 1 ? "match" : "matches"}
          </p>
          <h4
            id={`round-${id}`}
            className="font-display text-2xl font-extrabold uppercase leading-tight text-slate-900"
          >
            {round.name}
          </h4>
          <div className="mt-1 text-sm text-slate-700">
            <RoundFacts round={round} />
          </div>
        </div>
        <Link
          to={round.href}
          className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4"
        >
          Round page<span className="sr-only">: {round.name}</span>
        </Link>
      </div>
      <div className="mt-4 border-t border-slate-200 pt-4">
        <RoundMatches matches={matches} level={5} />
      </div>
    </article>
  );
}
