import { data, Link, useNavigation } from "react-router";
import placeholder from "../../assets/news-placeholder.svg";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import {
  NEWS_IMAGE_FILE,
  NewsForm,
  newsFormHeadingId,
  newsFormId,
} from "../../components/admin/news-form.tsx";
import { rowDomId } from "../../components/admin/resource/ids.ts";
import { RowActions } from "../../components/admin/resource/row-actions.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { MediaImage } from "../../components/site/media-image.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { Pagination } from "../../components/ui/pagination.tsx";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAdministrator } from "../../domain/auth/session.server.ts";
import { clubTeamName } from "../../domain/club/runtime.ts";
import { formatShortDateTime } from "../../domain/dates/format.ts";
import { getFixture, listScoredFixtures } from "../../domain/fixtures/fixtures.server.ts";
import { FIXTURE_INVALID, newsFormSchema, newsPageSchema } from "../../domain/news/news.schema.ts";
import {
  createNews,
  getNews,
  listNewsCategories,
  listNewsPage,
  type NewsItem,
  removeNews,
  restoreNews,
  updateNews,
} from "../../domain/news/news.server.ts";
import { ADMIN_NEWS_PAGE_SIZE, matchReportLabel, newsPagePath } from "../../domain/news/rules.ts";
import type { Route } from "./+types/news";

// Manage News (rules §2, §4 Edit modes; ADR 005, built on the admin resource module): the
// form (add, or update with ?edit=<id>), the list newest first a page at a time.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Manage News | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const SCREEN = "/admin/news";

const MESSAGES = {
  created: "News item created.",
  updated: "News item updated.",
  gone: "This news item no longer exists: it may have been deleted. Nothing was saved.",
  expired: "This news item can no longer be restored.",
};

const quoted = (title: string) => `“${title}”`;

/** How many results the "Match report for" list offers, newest first. */
const REPORTABLE_MATCHES = 200;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdministrator(request);
  const url = new URL(request.url);
  const requested = newsPageSchema.safeParse(url.searchParams.get("page") || undefined);
  if (!requested.success) throw data(null, { status: 404 });
  const editId = url.searchParams.get("edit");
  const editing = editId ? await getNews({ id: editId }) : null;
  if (editId && !editing) throw data(null, { status: 404 });
  let page = requested.data;
  let list = await listNewsPage({ page, pageSize: ADMIN_NEWS_PAGE_SIZE });
  // After deleting the last item of the last page, show the page before it.
  if (page > list.pages) {
    page = list.pages;
    list = await listNewsPage({ page, pageSize: ADMIN_NEWS_PAGE_SIZE });
  }
  return {
    page,
    pages: list.pages,
    total: list.total,
    news: list.items,
    editing,
    categories: await listNewsCategories(),
    matches: await reportableMatches(editing?.fixtureId ?? null),
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
  };
}

/** The results offered, plus the edited item's own match if it is older than the list. */
async function reportableMatches(linked: string | null) {
  const scored = await listScoredFixtures({ limit: REPORTABLE_MATCHES });
  if (linked && !scored.some((fixture) => fixture.id === linked)) {
    const fixture = await getFixture({ id: linked });
    if (fixture) scored.push(fixture);
  }
  return scored.map((fixture) => ({
    value: fixture.id,
    label: matchReportLabel({ teamName: clubTeamName(), fixture }),
  }));
}

export const action = adminAction({
  form: {
    fields: newsFormSchema,
    schema: newsFormSchema,
    uploads: [{ field: "image", file: NEWS_IMAGE_FILE, kind: "photo" }],
    // the match must exist (it may have been deleted since the form loaded).
    check: async ({ fixtureId }) =>
      fixtureId && !(await getFixture({ id: fixtureId })) ? { fixtureId: [FIXTURE_INVALID] } : null,
    create: ({ id: _, ...input }) => createNews(input),
    update: ({ id, ...input }) => updateNews({ id, input }),
  },
  remove: async ({ id }) => {
    const deleted = await removeNews({ id });
    return deleted && { token: deleted.token, label: quoted(deleted.item.title) };
  },
  restore: async ({ token }) => {
    const restored = await restoreNews({ token });
    return restored && { id: restored.id, label: quoted(restored.title) };
  },
  // A new item is first on page 1; an updated one stays on the page it was edited from.
  listHref: (url, mode) =>
    newsPagePath({
      page: mode === "created" ? 1 : Number(url.searchParams.get("page") ?? 1) || 1,
      base: SCREEN,
    }),
  messages: MESSAGES,
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function ManageNews({ loaderData, actionData }: Route.ComponentProps) {
  const { page, pages, total, news, editing, categories, matches, saved } = loaderData;
  const navigation = useNavigation();
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: editing?.id ?? null,
    formId: newsFormId(editing?.id),
    formHeadingId: newsFormHeadingId(editing?.id),
  });
  const listPath = (n: number) => newsPagePath({ page: n, base: SCREEN });
  const editPath = (id: string) => `${SCREEN}?${page > 1 ? `page=${page}&` : ""}edit=${id}`;

  return (
    <>
      <AdminPageHeader
        title="Manage News"
        intro="Stories appear on the website at once, newest first. The three newest are on the home page."
        screen={screen}
      />

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
        <NewsForm
          key={screen.formKey}
          editing={editing}
          categories={categories}
          matches={matches}
          lastResult={screen.lastResult}
          action={screen.actionHref}
          cancelTo={listPath(page)}
        />

        <section aria-labelledby="news-list-title">
          <h2
            id="news-list-title"
            className="font-display text-2xl font-bold uppercase text-slate-900"
          >
            All news <span className="text-slate-500">({total})</span>
          </h2>
          {pages > 1 ? (
            <p className="mt-1 text-sm text-slate-600">
              {`Page ${page} of ${pages}, newest first.`}
            </p>
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
                  highlighted={editing?.id === item.id || saved?.id === item.id}
                  editing={editing?.id === item.id}
                  editTo={editPath(item.id)}
                  // Deleting the item being edited leaves edit mode: there is nothing to edit.
                  action={editing?.id === item.id ? listPath(page) : screen.actionHref}
                />
              ))}
            </ul>
          )}
          <div className="mt-6">
            <Pagination page={page} pages={pages} hrefFor={listPath} label="News list pages" />
          </div>
        </section>
      </div>
    </>
  );
}

function NewsRow({
  item,
  highlighted,
  editing,
  editTo,
  action,
}: {
  item: NewsItem;
  highlighted: boolean;
  editing: boolean;
  editTo: string;
  action: string;
}) {
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
            {item.date ? (
              <time dateTime={item.date.toISOString()}>{formatShortDateTime(item.date)}</time>
            ) : (
              "No date"
            )}
            {item.category ? <> · {item.category}</> : null}
            {editing ? <span className="font-semibold text-club"> · Editing</span> : null}
          </p>
          <p className="mt-1 line-clamp-2 text-sm break-words text-slate-700">{item.content}</p>
          <div className="mt-3">
            <RowActions id={item.id} label={item.title} editHref={editTo} action={action}>
              <Link
                to={`/news/${item.id}`}
                aria-label={`View: ${item.title}`}
                className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-club underline-offset-4 hover:underline"
              >
                View
              </Link>
            </RowActions>
          </div>
        </div>
      </article>
    </li>
  );
}
