import type { FormBadge } from "../../../domain/fixtures/score.ts";

// rules §4 Recent form: five badges, newest first, W green, L red, D and '-' grey. Each badge
// shows its letter and, for screen readers, the words (colour is never the only signal), as
// the page model worked them out (score.ts, formBadge).

/** A result's colours (win, loss, draw or not played), here and on the result cards. */
export const OUTCOME_BADGE = {
  win: "bg-[#15803d] text-white",
  loss: "bg-[#b91c1c] text-white",
  neutral: "bg-[#475569] text-white",
} as const;

export function RecentForm({ entries }: { entries: FormBadge[] }) {
  return (
    <section
      aria-labelledby="recent-form-title"
      className="rounded-xl bg-white px-5 py-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2
        id="recent-form-title"
        className="font-display text-lg font-extrabold uppercase tracking-wide text-slate-900"
      >
        Recent form
      </h2>
      <p id="recent-form-hint" className="text-sm text-slate-600">
        Last 5 results, newest first
      </p>
      <ol aria-describedby="recent-form-hint" className="mt-3 flex gap-2">
        {entries.map((entry) => (
          <li
            key={entry.key}
            title={entry.detail}
            className={`flex size-11 items-center justify-center rounded-md font-display text-xl font-extrabold ${OUTCOME_BADGE[entry.tone]}`}
          >
            <span aria-hidden="true">{entry.letter}</span>
            <span className="sr-only">{entry.detail}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
