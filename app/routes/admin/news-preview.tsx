import { data, Link } from "react-router";
import { z } from "zod";
import { keepFormClientAction } from "../../browser/outbox-action.ts";
import { PreviewLinks } from "../../components/admin/news/preview-links.tsx";
import { NewsArticle } from "../../components/site/news-item/news-article.tsx";
import { PreviewBar } from "../../components/site/news-item/preview-bar.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { recordedWrite } from "../../domain/activity/activity.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { newsActorOf, openableNews } from "../../domain/news/manage-news.server.ts";
import { itemPage } from "../../domain/news/news-item-page.server.ts";
import {
  createPreviewLink,
  listPreviewLinks,
  withdrawPreviewLink,
} from "../../domain/news/news-preview.server.ts";
import { previewLinkPath } from "../../domain/news/paths.ts";
import { NEWS_STATUS_LABELS } from "../../domain/news/workflow.ts";
import type { Route } from "./+types/news-preview";

// A news item as the public will see it, under a "Preview" bar, with its preview links
// (ADR 034): an Editor sees any item's, a Contributor their own; anyone else gets 404.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Preview | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

async function openItem(request: Request, id: string) {
  const administrator = await requireAccess(request, "news-preview");
  const item = await openableNews(newsActorOf(administrator), id);
  if (!item) throw data(null, { status: 404 });
  return { administrator, item };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { item } = await openItem(request, params.id);
  return {
    id: item.id,
    status: NEWS_STATUS_LABELS[item.status],
    page: await itemPage(item),
    links: await listPreviewLinks({ newsId: item.id }),
  };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("share") }),
  z.object({ intent: z.literal("withdraw"), link: z.string().regex(/^[0-9a-f]{64}$/) }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  const { administrator, item } = await openItem(request, params.id);
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(null, { status: 400 });
  const entry = (action: string) => ({
    actor: administrator,
    screen: "news",
    action,
    recordId: item.id,
    label: item.title,
  });
  if (parsed.data.intent === "share") {
    const { token } = await recordedWrite(
      () => createPreviewLink({ newsId: item.id, createdBy: administrator.email }),
      () => entry("preview-link"),
    );
    return { shared: new URL(previewLinkPath(token), request.url).toString() };
  }
  const link = parsed.data.link;
  const withdrawn = await recordedWrite(
    () => withdrawPreviewLink({ newsId: item.id, id: link }),
    (done) => (done ? entry("withdraw-preview-link") : null),
  );
  return { shared: null, withdrawn };
}

// ADR 023: a link is made with the server or not at all (never the outbox).
export const clientAction = (args: Route.ClientActionArgs) => keepFormClientAction(args);

export default function NewsPreviewScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { id, status, page, links } = loaderData;
  return (
    <>
      <PreviewBar status={status}>
        <Link
          to={`/admin/news?edit=${id}`}
          className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
        >
          Back to editing
        </Link>
      </PreviewBar>
      <PreviewLinks
        links={links}
        shared={actionData && "shared" in actionData ? actionData.shared : null}
      />
      {actionData && "message" in actionData ? (
        <p role="alert" className="mt-3 font-semibold text-red-700">
          {actionData.message}
        </p>
      ) : null}
      <div className="mt-6 overflow-hidden rounded-xl ring-1 ring-slate-200">
        <NewsArticle page={page} />
      </div>
    </>
  );
}
