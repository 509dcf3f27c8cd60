import { data, Link, useNavigation } from "react-router";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import {
  PageTextForm,
  pageTextFormHeadingId,
  pageTextFormId,
} from "../../components/admin/page-text-form.tsx";
import { rowDomId } from "../../components/admin/resource/ids.ts";
import { RowActions } from "../../components/admin/resource/row-actions.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { useClubDates } from "../../components/site/use-club-dates.ts";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { pageTextFormSchema } from "../../domain/pages/pages.schema.ts";
import { getPageTextById, listPageTexts, updatePageText } from "../../domain/pages/pages.server.ts";
import { PAGE_TEXTS } from "../../domain/pages/rules.ts";
import type { Route } from "./+types/pages";

// Pages (ADR 005, built on the admin resource module): the About
// sections, the home page's welcome and the legal pages, edited as sanitised rich text with a
// preview. A legal page's 'Last updated' is the day of its last save. Texts are not added or
// deleted: each belongs to a fixed place on the site.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Pages | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const SCREEN = "/admin/pages";

const MESSAGES = {
  created: "Page text saved.",
  updated: "Page text saved.",
  gone: "This page text no longer exists. Nothing was saved.",
  expired: "This page text can no longer be restored.",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "pages");
  const url = new URL(request.url);
  const texts = await listPageTexts();
  const editId = url.searchParams.get("edit");
  const editing = editId ? await getPageTextById({ id: editId }) : null;
  if (editId && !editing) throw data(null, { status: 404 });
  return {
    texts: texts.map((text) => ({ ...text, ...PAGE_TEXTS[text.key] })),
    editing: editing && { ...editing, ...PAGE_TEXTS[editing.key] },
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
  };
}

export const action = adminAction({
  screen: "pages",
  form: {
    fields: pageTextFormSchema,
    schema: pageTextFormSchema,
    // Every text exists from the start (listPageTexts writes the defaults): never created here.
    create: async () => {
      throw data({ kind: "refused", message: MESSAGES.gone }, { status: 400 });
    },
    update: ({ id, html }) => updatePageText({ id, html }),
  },
  remove: async () => null,
  restore: async () => null,
  listHref: () => SCREEN,
  messages: MESSAGES,
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function Pages({ loaderData, actionData }: Route.ComponentProps) {
  const { formatShortDateTime } = useClubDates();

  const { texts, editing, saved } = loaderData;
  const navigation = useNavigation();
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: editing?.id ?? null,
    formId: editing ? pageTextFormId(editing.id) : "",
    formHeadingId: editing ? pageTextFormHeadingId(editing.id) : "",
  });
  return (
    <>
      <AdminPageHeader
        title="Pages"
        intro="The texts of the About page, the home page's welcome and the legal pages. A change shows on the website at once."
        screen={screen}
      />
      {editing ? (
        <div className="mt-6">
          <PageTextForm
            key={screen.formKey}
            text={editing}
            lastResult={screen.lastResult}
            action={screen.actionHref}
            previewAction={`${SCREEN}/preview`}
            cancelTo={SCREEN}
            headings={editing.legal}
          />
        </div>
      ) : null}
      <ul className="mt-6 space-y-3" aria-busy={navigation.state !== "idle"}>
        {texts.map((text) => (
          <li key={text.id}>
            <article
              id={rowDomId(text.id)}
              tabIndex={-1}
              aria-labelledby={`page-${text.id}`}
              className={`rounded-xl bg-white p-4 shadow-sm ${editing?.id === text.id || saved?.id === text.id ? "ring-2 ring-club" : "ring-1 ring-slate-200"}`}
            >
              <h2 id={`page-${text.id}`} className="font-semibold text-slate-900">
                {text.label}
              </h2>
              <p className="mt-0.5 text-sm text-slate-600">
                {/* ADR 039: a text nobody saved is the default, not "Saved". */}
                {text.savedAt ? (
                  <>
                    {text.legal ? "Last updated " : "Saved "}
                    <time dateTime={text.savedAt.toISOString()}>
                      {formatShortDateTime(text.savedAt)}
                    </time>
                  </>
                ) : (
                  "Default text, not saved yet"
                )}
                {editing?.id === text.id ? (
                  <span className="font-semibold text-club"> · Editing</span>
                ) : null}
              </p>
              <div className="mt-3">
                <RowActions
                  id={text.id}
                  label={text.label}
                  editHref={`${SCREEN}?edit=${text.id}`}
                  action={screen.actionHref}
                  deletable={false}
                >
                  <Link
                    to={text.path}
                    aria-label={`View on the site: ${text.label}`}
                    className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-club underline-offset-4 hover:underline"
                  >
                    View on the site
                  </Link>
                </RowActions>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
