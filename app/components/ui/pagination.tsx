import { Link } from "react-router";
import { pageLinks } from "../../domain/news/rules.ts";

// Page links under a long list (the news list, Manage News). Plain links, so they work
// without JavaScript; with it they navigate on the client. Targets are at least 44 px.

const base =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 font-semibold tabular-nums";
const idle = `${base} text-club ring-1 ring-slate-300 bg-white hover:bg-slate-100 hover:ring-club`;
const current = `${base} bg-club text-club-contrast ring-1 ring-club`;

export function Pagination({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  /** Names the navigation landmark, e.g. 'News pages'. */
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" className={idle}>
              <span aria-hidden="true">←</span>
              <span className="ml-1">
                Previous<span className="sr-only"> page</span>
              </span>
            </Link>
          </li>
        ) : null}
        {pageLinks({ page, pages }).map((link) =>
          link.kind === "gap" ? (
            <li key={link.key} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={link.page}>
              <Link
                to={hrefFor(link.page)}
                aria-current={link.page === page ? "page" : undefined}
                className={link.page === page ? current : idle}
              >
                <span className="sr-only">Page </span>
                {link.page}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className={idle}>
              <span className="mr-1">
                Next<span className="sr-only"> page</span>
              </span>
              <span aria-hidden="true">→</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
