import { useEffect, useRef } from "react";
import { data, Link, redirect } from "react-router";
import { z } from "zod";
import { keepFormClientAction } from "../../browser/outbox-action.ts";
import { RevisionList, WordDiff } from "../../components/admin/news/revision-list.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { db, withTransactionScope } from "../../db/database.server.ts";
import { withActivityContext } from "../../domain/activity/activity.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { newsActorOf, openableNews } from "../../domain/news/manage-news.server.ts";
import {
  getNewsRevision,
  listNewsRevisions,
  restoreNewsRevision,
} from "../../domain/news/news-workflow.server.ts";
import { wordDiff } from "../../domain/news/word-diff.ts";
import type { Route } from "./+types/news-revisions";

// A news item's revisions (ADR 034): who saved each and when, any one compared with the
// current text word by word (?compare=<id>), and restored (itself a new revision).

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Revisions | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

async function openItem(request: Request, id: string) {
  const administrator = await requireAccess(request, "news-revisions");
  const actor = newsActorOf(administrator);
  const item = await openableNews(actor, id);
  if (!item) throw data(null, { status: 404 });
  return { administrator, actor, item };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { item } = await openItem(request, params.id);
  const url = new URL(request.url);
  const compareId = url.searchParams.get("compare");
  const revision = compareId ? await getNewsRevision({ newsId: item.id, id: compareId }) : null;
  if (compareId && !revision) throw data(null, { status: 404 });
  return {
    id: item.id,
    title: item.title,
    // The newest revision is the current text unless an autosave changed the draft since.
    revisions: (await listNewsRevisions({ newsId: item.id })).map(
      ({ content, byline, ...revision }) => ({
        ...revision,
        current:
          revision.title === item.title &&
          content === item.content &&
          (byline ?? null) === (item.byline ?? null),
      }),
    ),
    restored: url.searchParams.has("restored"),
    comparison: revision
      ? {
          id: revision.id,
          title: wordDiff(revision.title, item.title),
          content: wordDiff(revision.content, item.content),
        }
      : null,
  };
}

const restoreSchema = z.object({ intent: z.literal("restore"), revision: z.uuid() });

export async function action({ request, params }: Route.ActionArgs) {
  const { administrator, actor, item } = await openItem(request, params.id);
  const parsed = restoreSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data(null, { status: 400 });
  const { revision } = parsed.data;
  // ADR 021: the restore and its record are one transaction.
  const outcome = await db().transaction((tx) =>
    withTransactionScope(tx, () =>
      withActivityContext({ actor: administrator, screen: "news" }, () =>
        restoreNewsRevision({ newsId: item.id, revisionId: revision, actor }),
      ),
    ),
  );
  if (!outcome) throw data(null, { status: 404 });
  if ("refused" in outcome) return { refused: outcome.refused };
  return redirect(`/admin/news/${item.id}/revisions?restored`);
}

// ADR 023: a restore is made with the server or not at all (never the outbox).
export const clientAction = (args: Route.ClientActionArgs) => keepFormClientAction(args);

export default function NewsRevisions({ loaderData, actionData }: Route.ComponentProps) {
  const { id, title, revisions, restored, comparison } = loaderData;
  // A rule's refusal, or the connection's (ADR 023: nothing was restored).
  const refusal = actionData
    ? "refused" in actionData
      ? actionData.refused
      : actionData.message
    : null;
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus follows the change: to the comparison when one is opened.
  useEffect(() => {
    if (comparison) heading.current?.focus();
  }, [comparison]);
  return (
    <>
      <h1 className="font-display text-3xl font-extrabold uppercase text-slate-900">Revisions</h1>
      <p className="mt-1 text-slate-600">
        {`“${title}”: every save is kept (the last 50). Compare one with the current text, or restore it.`}{" "}
        <Link to={`/admin/news?edit=${id}`} className="font-semibold text-club underline">
          Back to editing
        </Link>
      </p>
      <div role="status" className="mt-3 font-semibold text-green-800">
        {restored ? "Revision restored: it is now the current text." : null}
      </div>
      {refusal ? (
        <p role="alert" className="mt-3 font-semibold text-red-700">
          {refusal}
        </p>
      ) : null}
      {comparison ? (
        <section
          aria-labelledby="comparison-title"
          className="mt-6 rounded-xl bg-white p-5 ring-1 ring-slate-200"
        >
          <h2
            id="comparison-title"
            ref={heading}
            tabIndex={-1}
            className="font-display text-xl font-bold uppercase text-slate-900"
          >
            Changes since this revision
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Added words are underlined on green, removed ones struck through on red.
          </p>
          <h3 className="mt-4 font-semibold">Title</h3>
          <WordDiff parts={comparison.title} />
          <h3 className="mt-4 font-semibold">Text</h3>
          <WordDiff parts={comparison.content} />
        </section>
      ) : null}
      <RevisionList
        revisions={revisions}
        comparing={comparison?.id ?? null}
        compareHref={(revisionId) => `/admin/news/${id}/revisions?compare=${revisionId}`}
      />
    </>
  );
}
