import { Link } from "react-router";
import { ChangedBy, type ChangedByValue } from "./activity/changed-by.tsx";
import { rowDomId } from "./resource/ids.ts";
import { RowActions } from "./resource/row-actions.tsx";

/** One round day in Manage Rounds' list (ADR 035). */
export interface RoundRow {
  id: string;
  name: string;
  href: string;
  when: string;
  venue: string | null;
  matches: { id: string; time: string; opponent: string }[];
}

/** Manage Rounds' list: each round with its matches, its public page, Edit and Delete. */
export function RoundList({
  rounds,
  changes,
  editingId,
  screenHref,
  actionHref,
}: {
  rounds: RoundRow[];
  changes: Record<string, ChangedByValue | undefined>;
  editingId: string | null;
  screenHref: string;
  actionHref: string;
}) {
  return (
    <section aria-labelledby="round-list-title">
      <h2
        id="round-list-title"
        className="font-display text-2xl font-bold uppercase text-slate-900"
      >
        All rounds <span className="text-slate-500">({rounds.length})</span>
      </h2>
      {rounds.length === 0 ? (
        <p className="mt-4 rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
          No rounds yet. Add the first with the form.
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {rounds.map((round) => (
            <li key={round.id}>
              <article
                id={rowDomId(round.id)}
                tabIndex={-1}
                aria-labelledby={`round-${round.id}`}
                className={`rounded-xl bg-white p-4 shadow-sm ${editingId === round.id ? "ring-2 ring-club" : "ring-1 ring-slate-200"}`}
              >
                <h3 id={`round-${round.id}`} className="font-semibold text-slate-900">
                  {round.name}
                </h3>
                <p className="mt-0.5 text-sm text-slate-700">
                  {round.when}
                  {round.venue ? ` · ${round.venue}` : ""}
                </p>
                <ol className="mt-2 space-y-0.5 text-sm text-slate-800">
                  {round.matches.map((match) => (
                    <li key={match.id}>
                      <span className="font-semibold tabular-nums">{match.time}</span> v{" "}
                      {match.opponent}
                    </li>
                  ))}
                </ol>
                <p className="mt-1 text-sm">
                  <Link
                    to={round.href}
                    className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4"
                  >
                    Public page<span className="sr-only">: {round.name}</span>
                  </Link>
                </p>
                <ChangedBy change={changes[round.id]} />
                <div className="mt-3">
                  <RowActions
                    id={round.id}
                    label={round.name}
                    editHref={`${screenHref}?edit=${round.id}`}
                    action={editingId === round.id ? screenHref : actionHref}
                  />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
