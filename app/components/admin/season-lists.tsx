import { Form, Link } from "react-router";
import { clubDates } from "../../domain/dates/format.ts";
import type { UnmatchedScorer } from "../../domain/seasons/rules.ts";
import { useClubDates } from "../site/use-club-dates.ts";
import { ChangedBy, type ChangedByValue } from "./activity/changed-by.tsx";
import { buttonStyles } from "./form-fields.tsx";
import { rowDomId } from "./resource/ids.ts";

// The lists of the Seasons screen (ADR 016): the scorers matching no one in the squad, and the
// archived seasons with Lock/Unlock and the ways to their table and player figures.

// A calendar day is the same in every time zone: shown as noon UTC, in UTC.
const calendarDays = clubDates({ timeZone: "UTC" });

/** '1 August 2026' for a 'yyyy-MM-dd' day. */
export const seasonDay = (value: string) =>
  calendarDays.formatInClubZone({ date: new Date(`${value}T12:00:00Z`), pattern: "d MMMM yyyy" });

const linkStyle =
  "inline-flex min-h-6 items-center font-semibold text-club underline underline-offset-4";

export function UnmatchedScorers({
  unmatched,
}: {
  unmatched: (Omit<UnmatchedScorer, "fixtures"> & {
    fixtures: { id: string; opponent: string; date: Date | string | null }[];
  })[];
}) {
  const { formatInClubZone } = useClubDates();
  return (
    <section
      aria-labelledby="unmatched-title"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2
        id="unmatched-title"
        className="font-display text-2xl font-extrabold uppercase text-slate-900"
      >
        Unmatched scorers
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Scorers on this season's results whose names match no one in the squad: their goals count
        for no player. Add them to the squad, or correct the name on the result. 'Own Goal' and
        'Unknown' never count for a player.
      </p>
      {unmatched.length === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 px-4 py-6 text-center text-slate-700">
          Every scorer this season is in the squad.
        </p>
      ) : (
        <ul aria-labelledby="unmatched-title" className="mt-4 space-y-3">
          {unmatched.map((scorer) => (
            <li key={scorer.name} className="rounded-lg border border-slate-200 p-4">
              <p className="font-bold text-slate-900">
                {scorer.name}{" "}
                <span className="font-normal text-slate-700">
                  ({scorer.goals} {scorer.goals === 1 ? "goal" : "goals"})
                </span>
              </p>
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm">
                <Link
                  to={`/admin/team?name=${encodeURIComponent(scorer.name)}`}
                  className={linkStyle}
                >
                  Add {scorer.name} to the squad
                </Link>
                {scorer.fixtures.map((fixture) => (
                  <Link
                    key={fixture.id}
                    to={`/admin/fixtures?edit=${fixture.id}`}
                    className={linkStyle}
                  >
                    Edit the result against {fixture.opponent}
                    {fixture.date
                      ? ` (${formatInClubZone({ date: new Date(fixture.date), pattern: "d MMM yyyy" })})`
                      : ""}
                  </Link>
                ))}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export interface ArchivedSeason {
  id: string;
  /** Who changed it last (ADR 021). */
  changedBy?: ChangedByValue | undefined;
  label: string;
  slug: string;
  startsOn: string;
  endsOn: string;
  locked: boolean;
}

export function ArchivedSeasons({
  archived,
  action,
}: {
  archived: ArchivedSeason[];
  /** Where Lock/Unlock post. */
  action: string;
}) {
  return (
    <section
      aria-labelledby="archived-title"
      className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2
        id="archived-title"
        className="font-display text-2xl font-extrabold uppercase text-slate-900"
      >
        Archived seasons
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Locked seasons are read-only. Unlock one to correct its results, its league table or its
        players' figures, then lock it again.
      </p>
      {archived.length === 0 ? (
        <p className="mt-4 text-slate-700">No archived seasons yet.</p>
      ) : (
        <ul aria-labelledby="archived-title" className="mt-4 space-y-3">
          {archived.map((season) => (
            <li key={season.id}>
              <article
                id={rowDomId(season.id)}
                tabIndex={-1}
                aria-labelledby={`season-${season.id}`}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-4"
              >
                <div>
                  <h3 id={`season-${season.id}`} className="text-lg font-bold text-slate-900">
                    {season.label}
                  </h3>
                  <p className="text-sm text-slate-700">
                    {seasonDay(season.startsOn)} to {seasonDay(season.endsOn)} ·{" "}
                    {season.locked ? "Locked: read-only" : "Unlocked: can be changed"}
                  </p>
                  <ChangedBy change={season.changedBy} />
                  <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    <Link
                      to={`/admin/table?season=${encodeURIComponent(season.slug)}`}
                      className={linkStyle}
                    >
                      League table<span className="sr-only"> of {season.label}</span>
                    </Link>
                    <Link
                      to={`/admin/seasons/${encodeURIComponent(season.slug)}`}
                      className={linkStyle}
                    >
                      Player figures<span className="sr-only"> of {season.label}</span>
                    </Link>
                    <Link
                      to={`/fixtures?tab=results&season=${encodeURIComponent(season.slug)}`}
                      className={linkStyle}
                    >
                      Results<span className="sr-only"> of {season.label}</span>
                    </Link>
                  </p>
                </div>
                <Form method="post" action={action}>
                  <input type="hidden" name="id" value={season.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={season.locked ? "unlock" : "lock"}
                    className={buttonStyles.secondary}
                  >
                    {season.locked ? "Unlock" : "Lock"}
                    <span className="sr-only"> {season.label}</span>
                  </button>
                </Form>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
