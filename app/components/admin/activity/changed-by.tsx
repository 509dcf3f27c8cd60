// "Changed by … 3 days ago" under a record of an admin list (ADR 021): who changed it last,
// in words worked out on the server, with the exact time in the <time> element's title.

export interface ChangedByValue {
  actor: string;
  /** ISO instant. */
  at: string;
  /** '3 days ago'. */
  ago: string;
  /** '28 November 2026, 14:30', in the club's time zone. */
  full: string;
}

export function ChangedBy({ change }: { change: ChangedByValue | undefined }) {
  if (!change) return null;
  return (
    <p className="mt-0.5 text-sm break-words text-slate-600">
      Changed by {change.actor}{" "}
      <time dateTime={change.at} title={change.full}>
        {change.ago}
      </time>
      <span className="sr-only"> ({change.full})</span>
    </p>
  );
}
