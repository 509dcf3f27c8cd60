import { Form, Link } from "react-router";
import type { DiffPart } from "../../../domain/news/word-diff.ts";
import { useClubDates } from "../../site/use-club-dates.ts";
import { buttonStyles } from "../form-fields.tsx";

// ADR 034: a news item's revisions, newest first, each with Compare and Restore; and one
// revision compared with the current text, word by word.

export interface RevisionRow {
  id: string;
  title: string;
  savedAt: Date;
  savedBy: string;
  /** The same text as the item now. */
  current: boolean;
}

export function RevisionList({
  revisions,
  comparing,
  compareHref,
}: {
  revisions: RevisionRow[];
  comparing: string | null;
  compareHref: (id: string) => string;
}) {
  const { formatShortDateTime } = useClubDates();
  if (revisions.length === 0) {
    return <p className="mt-4 text-slate-600">No revisions yet: one is kept at each save.</p>;
  }
  return (
    <ol className="mt-4 space-y-2">
      {revisions.map((revision) => {
        const name = `${formatShortDateTime(revision.savedAt)} by ${revision.savedBy}`;
        return (
          <li
            key={revision.id}
            className={`flex flex-wrap items-center gap-3 rounded-lg bg-white p-3 ring-1 ${comparing === revision.id ? "ring-2 ring-club" : "ring-slate-200"}`}
          >
            <span className="min-w-0 flex-1">
              <time dateTime={revision.savedAt.toISOString()} className="font-semibold">
                {formatShortDateTime(revision.savedAt)}
              </time>{" "}
              by {revision.savedBy}
              {revision.current ? <span className="text-slate-600"> (current text)</span> : null}
              <span className="block text-sm break-words text-slate-600">{revision.title}</span>
            </span>
            {revision.current ? null : (
              <>
                <Link
                  to={compareHref(revision.id)}
                  aria-label={`Compare the revision of ${name} with the current text`}
                  className={buttonStyles.secondary}
                >
                  Compare
                </Link>
                <Form method="post">
                  <input type="hidden" name="revision" value={revision.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="restore"
                    aria-label={`Restore the revision of ${name}`}
                    className={buttonStyles.secondary}
                  >
                    Restore
                  </button>
                </Form>
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The differences, marked for the eye (colour, strike-through) and for screen readers (words). */
export function WordDiff({ parts }: { parts: DiffPart[] }) {
  return (
    <p className="whitespace-pre-wrap break-words">
      {parts.map((part, index) => {
        // The parts of one comparison never move: their position is their identity.
        const key = `${index}-${part.kind}`;
        if (part.kind === "same") return <span key={key}>{part.text}</span>;
        return part.kind === "added" ? (
          <ins key={key} className="bg-green-100 text-green-950 underline">
            <span className="sr-only">[added: </span>
            {part.text}
            <span className="sr-only">]</span>
          </ins>
        ) : (
          <del key={key} className="bg-red-100 text-red-950 line-through">
            <span className="sr-only">[removed: </span>
            {part.text}
            <span className="sr-only">]</span>
          </del>
        );
      })}
    </p>
  );
}
