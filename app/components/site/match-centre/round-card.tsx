import { Link } from "react-router";
import { roundFactsView, roundMatchViews } from "../../../domain/fixtures/round-view.ts";
import type { RoundBrief } from "../../../domain/fixtures/rounds.ts";
import type { MatchFixture } from "../../../domain/fixtures/rules.ts";
import { useClub } from "../use-club.ts";
import { RoundFacts, RoundMatches } from "./round-parts.tsx";

// A round day (rules §2 Rounds, ADR 035): ONE card in the match centre with its matches in
// kick-off order, the day, the venue (linked to its page) and the arrival time. Server HTML,
// like the rest of the tab: no code in the browser (ADR 028).

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
  const { teamName, timeZone } = useClub();
  const count = `${matches.length} ${matches.length === 1 ? "match" : "matches"}`;
  return (
    <article
      aria-labelledby={`round-${id}`}
      className="rounded-xl border-l-8 border-club bg-white p-5 wrap-anywhere shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="text-xs font-bold uppercase tracking-wider text-club">
            Round day · {count}
          </p>
          <h4
            id={`round-${id}`}
            className="font-display text-2xl font-extrabold uppercase leading-tight text-slate-900"
          >
            {round.name}
          </h4>
          <div className="mt-1 text-sm text-slate-700">
            <RoundFacts facts={roundFactsView({ round, timeZone })} />
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
        <RoundMatches matches={roundMatchViews({ matches, teamName, timeZone })} level={5} />
      </div>
    </article>
  );
}
