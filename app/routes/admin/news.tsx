import { data } from "react-router";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import {
  NEWS_IMAGE_FILE,
  NewsForm,
  newsFormHeadingId,
  newsFormId,
} from "../../components/admin/news-form.tsx";
import { NewsList } from "../../components/admin/news-list.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { latestChanges } from "../../domain/activity/activity.server.ts";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { getFixture } from "../../domain/fixtures/fixtures.server.ts";
import {
  newsActorOf,
  newsFormRecord,
  openableNews,
  publishAtOf,
  scheduleErrors,
} from "../../domain/news/manage-news.server.ts";
import { listMatchReportChoices } from "../../domain/news/match-report-choices.server.ts";
import { FIXTURE_INVALID, newsFormSchema, newsPageSchema } from "../../domain/news/news.schema.ts";
import {
  getAdminNews,
  listAdminNewsPage,
  listNewsCategories,
  removeNews,
  restoreNews,
} from "../../domain/news/news.server.ts";
import { type NewsActor, saveNewsItem } from "../../domain/news/news-workflow.server.ts";
import { ADMIN_NEWS_PAGE_SIZE, newsPagePath } from "../../domain/news/rules.ts";
import { refuseChange, statusChoices } from "../../domain/news/workflow.ts";
import { newsRecipients } from "../../domain/subscribers/admin.server.ts";
import type { Route } from "./+types/news";

// Manage News (rules §2, §4 Edit modes; ADR 005, built on the admin resource module): the
// form (add, or update with ?edit=<id>) with the item's state (rules §3 News states,
// decisions 32, ADR 034), the list a page at a time. A Contributor sees and edits their own.

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

export async function loader({ request }: Route.LoaderArgs) {
  const actor = newsActorOf(await requireAccess(request, "news"));
  const url = new URL(request.url);
  const requested = newsPageSchema.safeParse(url.searchParams.get("page") || undefined);
  if (!requested.success) throw data(null, { status: 404 });
  const editId = url.searchParams.get("edit");
  const item = await openableNews(actor, editId);
  if (editId && !item) throw data(null, { status: 404 });
  const editing = item ? await newsFormRecord(item) : null;
  const authorId = actor.canPublish ? undefined : actor.id;
  let page = requested.data;
  let list = await listAdminNewsPage({ page, pageSize: ADMIN_NEWS_PAGE_SIZE, authorId });
  // After deleting the last item of the last page, show the page before it.
  if (page > list.pages) {
    page = list.pages;
    list = await listAdminNewsPage({ page, pageSize: ADMIN_NEWS_PAGE_SIZE, authorId });
  }
  return {
    page,
    pages: list.pages,
    total: list.total,
    news: list.items,
    changes: await latestChanges({ screen: "news", ids: list.items.map((item) => item.id) }),
    editing,
    canPublish: actor.canPublish,
    statuses: statusChoices({ canPublish: actor.canPublish, current: editing?.status ?? null }),
    categories: await listNewsCategories(),
    matches: await listMatchReportChoices({ linked: editing?.fixtureId ?? null }),
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
    recipients: await newsRecipients(),
  };
}

// The session is checked first (adminAction checks it again): the saves need the person.
export async function action(args: Route.ActionArgs) {
  return newsAction(newsActorOf(await requireAccess(args.request, "news")))(args);
}

const newsAction = (actor: NewsActor) =>
  adminAction({
    screen: "news",
    form: {
      fields: newsFormSchema,
      schema: newsFormSchema,
      uploads: [{ field: "image", file: NEWS_IMAGE_FILE, kind: "photo" }],
      // the match must exist (it may have been deleted since the form loaded); a schedule
      // time must be ahead (rules §3 News states).
      check: async (value) => {
        if (value.fixtureId && !(await getFixture({ id: value.fixtureId }))) {
          return { fixtureId: [FIXTURE_INVALID] };
        }
        return scheduleErrors(value, await publishAtOf(value), new Date());
      },
      // rules §2 Manage News: publishing queues the e-mails in the same transaction.
      create: async ({ id: _, noEmail, status, publishDay, publishTime, ...input }) =>
        (await saveNewsItem({
          input,
          to: status,
          publishAt: await publishAtOf({ publishDay, publishTime }),
          actor,
          noEmail,
        })) ?? { refused: MESSAGES.gone },
      update: async ({ id, noEmail: _, status, publishDay, publishTime, ...input }) =>
        saveNewsItem({
          id,
          input,
          to: status,
          publishAt: await publishAtOf({ publishDay, publishTime }),
          actor,
        }),
    },
    // decisions 32: a Contributor deletes only their own drafts.
    remove: async ({ id }) => {
      const item = await getAdminNews({ id });
      const refused =
        item &&
        refuseChange({
          canPublish: actor.canPublish,
          isAuthor: item.authorId === actor.id,
          from: item.status,
          to: "draft",
        });
      if (refused) return { refused };
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
  const {
    page,
    pages,
    total,
    news,
    changes,
    editing,
    canPublish,
    statuses,
    categories,
    matches,
    saved,
    recipients,
  } = loaderData;
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
        intro={
          canPublish
            ? "Only published stories are on the website, newest first; the three newest are on the home page. Drafts, stories waiting for review and scheduled ones are listed first."
            : "Write a story as a draft, then send it for review: an Editor publishes it."
        }
        screen={screen}
      />

      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
        <NewsForm
          key={screen.formKey}
          editing={editing}
          statuses={statuses}
          categories={categories}
          matches={matches}
          recipients={recipients}
          lastResult={screen.lastResult}
          action={screen.actionHref}
          cancelTo={listPath(page)}
        />

        <NewsList
          news={news}
          changes={changes}
          total={total}
          page={page}
          pages={pages}
          editingId={editing?.id ?? null}
          savedId={saved?.id ?? null}
          listPath={listPath}
          editPath={editPath}
          actionHref={screen.actionHref}
        />
      </div>
    </>
  );
}
