import { Link, useNavigation } from "react-router";
import placeholder from "../../assets/news-placeholder.svg";
import { newsPath } from "../../domain/news/paths.ts";
import { NEWS_STATUS_LABELS, type NewsStatus } from "../../domain/news/workflow.ts";
import { MediaImage } from "../site/media-image.tsx";
import type { NewsCardItem } from "../site/news-card.tsx";
import { useClubDates } from "../site/use-club-dates.ts";
import { Pagination } from "../ui/pagination.tsx";
import { ChangedBy, type ChangedByValue } from "./activity/changed-by.tsx";
import { rowDomId } from "./resource/ids.ts";
import { RowActions } from "./resource/row-actions.tsx";

// Manage News's list (rules §2; ADR 005): every story newest first, a page at a time, each
// row with its state (ADR 034), Edit, Delete, View (published) or Preview, and Revisions.

/** A row of the list: the card's fields with the item's state and schedule. */
export type AdminNewsRow = NewsCardItem & {
  status: NewsStatus;
  publishAt: Date | null;
  slug: string | null;
};

export function NewsList({
  news,
  changes = {},
  total,
  page,
  pages,
  editingId,
  savedId,
  listPath,
  editPath,
  actionHref,
}: {
  news: AdminNewsRow[];
  /** Who changed each item last (ADR 021). */
  changes?: Record<string, ChangedByValue>;
  total: number;
  page: number;
  pages: number;
  /** The item in the form (?edit=<id>), and the one just saved: both highlighted. */
  editingId: string | null;
  savedId: string | null;
  listPath: (page: number) => string;
  editPath: (id: string) => string;
  /** Where the rows' buttons post (the screen's address without the save's parameters). */
  actionHref: string;
}) {
  const navigation = useNavigation();
  return (
    <section aria-labelledby="news-list-title">
      <h2 id="news-list-title" className="font-display text-2xl font-bold uppercase text-slate-900">
        All news <span className="text-slate-500">({total})</span>
      </h2>
      {pages > 1 ? (
        <p className="mt-1 text-sm text-slate-600">{`Page ${page} of ${pages}, newest first.`}</p>
      ) : null}
      {news.length === 0 ? (
        <p className="mt-4 rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
          No news yet. Write the first story with the form.
        </p>
      ) : (
        <ul className="mt-4 space-y-3" aria-busy={navigation.state !== "idle"}>
          {news.map((item) => (
            <NewsRow
              key={item.id}
              item={item}
              change={changes[item.id]}
              highlighted={editingId === item.id || savedId === item.id}
              editing={editingId === item.id}
              editTo={editPath(item.id)}
              // Deleting the item being edited leaves edit mode: there is nothing to edit.
              action={editingId === item.id ? listPath(page) : actionHref}
            />
          ))}
        </ul>
      )}
      <div className="mt-6">
        <Pagination page={page} pages={pages} hrefFor={listPath} label="News list pages" />
      </div>
    </section>
  );
}

const rowLink =
  "inline-flex min-h-11 items-center px-2 text-sm font-semibold text-club underline-offset-4 hover:underline";

function NewsRow({
  item,
  change,
  highlighted,
  editing,
  editTo,
  action,
}: {
  item: AdminNewsRow;
  change: ChangedByValue | undefined;
  highlighted: boolean;
  editing: boolean;
  editTo: string;
  action: string;
}) {
  const { formatShortDateTime } = useClubDates();
  return (
    <li>
      <article
        id={rowDomId(item.id)}
        tabIndex={-1}
        aria-labelledby={`news-${item.id}`}
        className={`flex gap-4 rounded-xl bg-white p-4 shadow-sm ${highlighted ? "ring-2 ring-club" : "ring-1 ring-slate-200"}`}
      >
        <MediaImage
          src={item.image || placeholder}
          alt=""
          width={96}
          height={54}
          sizes="6rem"
          loading="lazy"
          className="hidden aspect-video w-24 shrink-0 self-start rounded-md bg-club object-cover sm:block"
        />
        <div className="min-w-0 flex-1">
          <h3 id={`news-${item.id}`} className="font-semibold break-words text-slate-900">
            {item.title}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            <span
              className={`font-semibold ${item.status === "published" ? "text-green-800" : "text-amber-900"}`}
            >
              {NEWS_STATUS_LABELS[item.status]}
            </span>
            {item.status === "scheduled" && item.publishAt ? (
              <>
                {" for "}
                <time dateTime={item.publishAt.toISOString()}>
                  {formatShortDateTime(item.publishAt)}
                </time>
              </>
            ) : null}
            {" · "}
            {item.date ? (
              <time dateTime={item.date.toISOString()}>{formatShortDateTime(item.date)}</time>
            ) : (
              "Not published yet"
            )}
            {item.category ? <> · {item.category}</> : null}
            {editing ? <span className="font-semibold text-club"> · Editing</span> : null}
          </p>
          <ChangedBy change={change} />
          <p className="mt-1 line-clamp-2 text-sm break-words text-slate-700">{item.content}</p>
          <div className="mt-3">
            <RowActions id={item.id} label={item.title} editHref={editTo} action={action}>
              {item.status === "published" ? (
                <Link to={newsPath(item)} aria-label={`View: ${item.title}`} className={rowLink}>
                  View
                </Link>
              ) : (
                <Link
                  to={`/admin/news/${item.id}/preview`}
                  aria-label={`Preview: ${item.title}`}
                  className={rowLink}
                >
                  Preview
                </Link>
              )}
              <Link
                to={`/admin/news/${item.id}/revisions`}
                aria-label={`Revisions: ${item.title}`}
                className={rowLink}
              >
                Revisions
              </Link>
            </RowActions>
          </div>
        </div>
      </article>
    </li>
  );
}
