import type { ReactNode } from "react";
import { Link } from "react-router";
import { matchPath } from "../../../domain/fixtures/paths.ts";
import { matchCards } from "../../../domain/fixtures/rounds.ts";
import {
  decidedOnPenalties,
  type MatchFixture,
  type MonthGroup,
  outcome,
  outcomeLabel,
  resultTone,
  statusNotice,
} from "../../../domain/fixtures/rules.ts";
import {
  matchTitle,
  orderedPenaltyText,
  orderedScoreText,
  scoreLine,
  teamsInOrder,
} from "../../../domain/fixtures/sides.ts";
import { newsPath } from "../../../domain/news/paths.ts";
import { InTurns } from "../../ui/in-turns.tsx";
import { BallIcon } from "../page-icons/ball.tsx";
import { CalendarIcon } from "../page-icons/calendar.tsx";
import { MapPinIcon } from "../page-icons/map-pin.tsx";
import { TeamCrest } from "../team-crest.tsx";
import { useClub } from "../use-club.ts";
import { useClubDates } from "../use-club-dates.ts";
import { VenueName } from "../venue-link.tsx";
import { OUTCOME_BADGE } from "./recent-form.tsx";

// The match centre's fixture and result cards (rules §2 Fixtures tab, Results tab). The teams
// are named in their order (decisions 36: the opponent first away); the outcome is the club's.

export type { MatchFixture };
export { matchTitle };

export type TableLogos = Readonly<Record<string, string>>;

/** 'AIPF Cup & Shield 25/26 · Quarter-Final' */
export function matchLabel(fixture: Pick<MatchFixture, "type" | "stage">): string {
  return [fixture.type, fixture.stage].filter(Boolean).join(" · ");
}

/** The fixture's date text, 'MON 05 JAN — 14:30', in a <time>. */
export function FixtureDate({ fixture }: { fixture: Pick<MatchFixture, "date" | "timeTbc"> }) {
  const { formatFixtureDate } = useClubDates();
  if (!fixture.date) return null;
  return (
    <time dateTime={fixture.date.toISOString()}>
      {formatFixtureDate({ date: fixture.date, timeTbc: fixture.timeTbc })}
    </time>
  );
}

/**
 * a fixture that is postponed, cancelled, abandoned or rescheduled says so in
 * words (never only colour); a rescheduled one names the kick-off it had.
 */
function FixtureStatusNotice({
  fixture,
  className = "",
}: {
  fixture: Pick<MatchFixture, "status" | "rescheduledFrom" | "timeTbc">;
  className?: string;
}) {
  const { formatFixtureDate } = useClubDates();
  const notice = statusNotice(fixture);
  if (!notice) return null;
  const offTone =
    fixture.status === "scheduled" ? "bg-amber-100 text-amber-950" : "bg-red-100 text-red-950";
  return (
    <p className={`inline-block rounded px-2.5 py-1 text-sm font-bold ${offTone} ${className}`}>
      {notice}
      {fixture.status === "scheduled" && fixture.rescheduledFrom ? (
        <span className="font-normal">
          {" "}
          (was{" "}
          <time dateTime={fixture.rescheduledFrom.toISOString()}>
            {formatFixtureDate({ date: fixture.rescheduledFrom, timeTbc: false })}
          </time>
          )
        </span>
      ) : null}
    </p>
  );
}

/** One fixture's 'Add to calendar' file (rules §10 Feeds). A plain link: it is a download. */
export function AddToCalendarLink({
  fixture,
  tone = "light",
}: {
  fixture: Pick<MatchFixture, "id" | "opponent" | "homeAway">;
  tone?: "light" | "dark";
}) {
  const { teamName } = useClub();
  return (
    <a
      href={`/fixtures/${fixture.id}/calendar.ics`}
      className={`inline-flex min-h-11 items-center gap-2 rounded-md font-semibold underline-offset-4 hover:underline ${
        tone === "dark" ? "text-accent" : "text-club"
      }`}
    >
      <CalendarIcon className="size-5" />
      <span>
        Add to calendar<span className="sr-only">: {matchTitle({ teamName, fixture })}</span>
      </span>
    </a>
  );
}

/** A match's title as the link to its page, in the card's heading (rules §2 Match page). */
const TITLE_LINK =
  "inline-block underline decoration-slate-300 decoration-2 underline-offset-4 hover:decoration-club";

/**
 * Month-and-year sections (rules §2), each with its heading in capitals and a list of cards.
 * The cards are `list-card`s (app.css): drawn only near the screen; `cardHeight` is the
 * Tailwind class giving their usual height on a phone, for the space kept until then.
 */
/** Months of cards per piece of the server's render: about a dozen cards (ADR 030). */
const MONTHS_PER_TURN = 3;

export function MonthSections<T extends MatchFixture>({
  groups,
  idPrefix,
  cardHeight,
  rounds = {},
  roundCard,
  children,
}: {
  groups: MonthGroup<T>[];
  idPrefix: string;
  cardHeight: "[--list-card-height:14.5rem]" | "[--list-card-height:21rem]";
  /** ADR 035: the rounds of the fixtures shown; a round's matches are one card (`roundCard`). */
  rounds?: Readonly<Record<string, unknown>>;
  roundCard?: (roundId: string, matches: T[]) => ReactNode;
  children: (fixture: T) => ReactNode;
}) {
  return (
    <div className="space-y-10">
      {/* ADR 030: a season's months rendered a few at a time on the server (<InTurns>). */}
      <InTurns
        items={groups}
        size={MONTHS_PER_TURN}
        render={(group) => (
          <section key={group.key} aria-labelledby={`${idPrefix}-${group.key}`}>
            <h3
              id={`${idPrefix}-${group.key}`}
              className="flex items-center gap-4 font-display text-2xl font-extrabold tracking-wide text-slate-900"
            >
              {group.heading}
              <span aria-hidden="true" className="h-0.5 flex-1 bg-slate-300" />
            </h3>
            <ul className={`mt-4 space-y-3 ${cardHeight}`}>
              {matchCards({ fixtures: group.fixtures, rounds: roundCard ? rounds : {} }).map(
                (card) => (
                  <li key={card.key} className="list-card">
                    {card.kind === "fixture"
                      ? children(card.fixture)
                      : roundCard?.(card.roundId, card.matches)}
                  </li>
                ),
              )}
            </ul>
          </section>
        )}
      />
    </div>
  );
}

export function UpcomingFixtureCard({
  fixture,
  tableLogos,
}: {
  fixture: MatchFixture;
  tableLogos: TableLogos;
}) {
  const { teamName } = useClub();
  const { first, second } = teamsInOrder({ teamName, fixture });
  return (
    <article
      aria-labelledby={`fixture-${fixture.id}`}
      className="grid gap-4 rounded-xl bg-white p-5 wrap-anywhere shadow-sm ring-1 ring-slate-200 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:items-center sm:gap-5 sm:p-6"
    >
      <div className="hidden shrink-0 -space-x-3 sm:flex">
        <TeamCrest team={first} tableLogos={tableLogos} />
        <TeamCrest team={second} tableLogos={tableLogos} />
      </div>
      <div className="min-w-0">
        <div className="flex items-center justify-between gap-3">
          <p className="font-display text-lg font-bold tracking-wide text-club">
            <FixtureDate fixture={fixture} />
          </p>
          <div className="flex shrink-0 -space-x-2 sm:hidden">
            <TeamCrest team={first} tableLogos={tableLogos} size="sm" />
            <TeamCrest team={second} tableLogos={tableLogos} size="sm" />
          </div>
        </div>
        <h4
          id={`fixture-${fixture.id}`}
          className="font-display text-2xl font-extrabold uppercase leading-tight text-slate-900"
        >
          <Link to={matchPath(fixture.id)} className={TITLE_LINK}>
            {matchTitle({ teamName, fixture })}
          </Link>
        </h4>
        <p className="mt-1 text-sm font-medium text-slate-600">{matchLabel(fixture)}</p>
        <FixtureStatusNotice fixture={fixture} className="mt-2" />
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700">
          <MapPinIcon className="size-4 shrink-0 text-slate-500" />
          <VenueName name={fixture.location} />
        </p>
      </div>
      <div className="-mb-2 sm:mb-0 sm:text-right">
        <AddToCalendarLink fixture={fixture} />
      </div>
    </article>
  );
}

// rules §2 Results: green win, red loss, grey draw or missing penalties (the words say it too).
const EDGE = {
  win: "border-[#16a34a]",
  loss: "border-[#dc2626]",
  neutral: "border-[#94a3b8]",
} as const;

/** A result (rules §2 Results): score, penalties, scorers, and the outcome in colour and words. */
export function ResultCard({
  fixture,
  tableLogos,
  report,
}: {
  fixture: MatchFixture;
  tableLogos: TableLogos;
  /** the news item reporting this match, if any. */
  report?: { id: string; title: string; slug?: string | null } | undefined;
}) {
  const { teamName } = useClub();
  const notice = statusNotice(fixture);
  // An abandoned, postponed or cancelled match has no outcome to colour (its words say why).
  const result = notice ? null : outcome(fixture);
  const tone = resultTone(result);
  // decisions 36: the score reads in the teams' order; the outcome stays the club's.
  const { first, second } = teamsInOrder({ teamName, fixture });
  const score = orderedScoreText(fixture);
  const pens = decidedOnPenalties(fixture) ? orderedPenaltyText(fixture) : null;
  return (
    <article
      aria-labelledby={`result-${fixture.id}`}
      className={`rounded-xl border-l-8 bg-white p-5 wrap-anywhere shadow-sm ring-1 ring-slate-200 sm:p-6 ${EDGE[tone]}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="font-display text-lg font-bold uppercase tracking-wide text-slate-700">
          <FixtureDate fixture={fixture} />
          <span className="text-slate-500"> · {matchLabel(fixture)}</span>
        </p>
        <p
          className={`rounded px-2.5 py-1 font-display text-sm font-bold uppercase tracking-wider ${OUTCOME_BADGE[tone]}`}
        >
          {notice ?? outcomeLabel(result)}
        </p>
      </div>
      <h4 id={`result-${fixture.id}`} className="sr-only">
        {scoreLine({ teamName, fixture })}
      </h4>
      <div
        aria-hidden="true"
        className="mt-4 grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-3 sm:gap-6"
      >
        <div className="flex min-w-0 flex-col items-center gap-2 text-center sm:flex-row sm:justify-end sm:text-right">
          <span className="order-2 font-display text-lg font-extrabold uppercase leading-tight text-slate-900 sm:order-1 sm:text-2xl">
            {first}
          </span>
          <span className="order-1 sm:order-2">
            <TeamCrest team={first} tableLogos={tableLogos} />
          </span>
        </div>
        <span className="rounded-lg bg-slate-900 px-3 py-2 font-display text-3xl font-extrabold tabular-nums text-white sm:px-5 sm:text-4xl">
          {score ?? "v"}
        </span>
        <div className="flex min-w-0 flex-col items-center gap-2 text-center sm:flex-row sm:text-left">
          <TeamCrest team={second} tableLogos={tableLogos} />
          <span className="font-display text-lg font-extrabold uppercase leading-tight text-slate-900 sm:text-2xl">
            {second}
          </span>
        </div>
      </div>
      {pens ? (
        <p className="mt-3 text-center font-semibold text-slate-800">Penalties: {pens}</p>
      ) : null}
      <div className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4 text-sm text-slate-700 sm:flex-row sm:items-start sm:justify-between">
        {fixture.scorers.length > 0 ? (
          <div className="flex min-w-0 items-start gap-2">
            <BallIcon className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <div className="min-w-0">
              <h5 className="sr-only">Scorers</h5>
              <ul className="flex flex-wrap gap-x-3 gap-y-1">
                {fixture.scorers.map((scorer, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a player can score twice in one minute
                  <li key={`${scorer.name}-${scorer.minute}-${index}`}>
                    <span className="font-semibold text-slate-900">{scorer.name}</span>
                    <span className="sr-only">, minute</span> {scorer.minute}
                    <span aria-hidden="true">′</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        ) : (
          <span />
        )}
        <p className="flex items-center gap-1.5">
          <MapPinIcon className="size-4 shrink-0 text-slate-500" />
          <VenueName name={fixture.location} />
        </p>
      </div>
      <p className="mt-3 flex flex-wrap gap-x-6 text-sm">
        <Link
          to={matchPath(fixture.id)}
          className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4"
        >
          Match page<span className="sr-only">: {scoreLine({ teamName, fixture })}</span>
        </Link>
        {report ? (
          <Link
            to={newsPath(report)}
            className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4"
          >
            Match report: {report.title}
          </Link>
        ) : null}
      </p>
    </article>
  );
}
