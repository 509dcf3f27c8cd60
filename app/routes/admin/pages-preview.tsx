import { useEffect, useRef } from "react";
import { data, Link, redirect } from "react-router";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { PageTextForm } from "../../components/admin/page-text-form.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { parseForm } from "../../domain/forms/parse-form.ts";
import { pageTextFormSchema } from "../../domain/pages/pages.schema.ts";
import { getPageTextById, previewPageHtml } from "../../domain/pages/pages.server.ts";
import { PAGE_TEXTS } from "../../domain/pages/rules.ts";
import type { Route } from "./+types/pages-preview";

// Preview of a page text: the Preview button of the page-text form
// posts here; the answer shows the text as the public page will (sanitised by the server),
// and the form again, holding what was typed, to save it or change it further. Nothing is
// stored, so this never goes through the offline outbox.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Preview | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

// Also runs after the action, to render its answer: it only checks the session.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "pages-preview");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAccess(request, "pages-preview");
  const submission = parseForm(await request.formData(), { schema: pageTextFormSchema });
  if (submission.status !== "success" || !submission.value.id) throw redirect("/admin/pages");
  const text = await getPageTextById({ id: submission.value.id });
  if (!text) throw data(null, { status: 404 });
  return {
    text: { id: text.id, ...PAGE_TEXTS[text.key] },
    html: previewPageHtml(submission.value.html),
  };
}

export default function PagePreview({ actionData }: Route.ComponentProps) {
  const screen = useAdminReply({ actionData: null });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  if (!actionData)
    return (
      <AdminPageHeader
        title="Preview"
        intro={
          <>
            Nothing to preview here: open a text under{" "}
            <Link to="/admin/pages" className="font-semibold text-club underline">
              Pages
            </Link>{" "}
            and press Preview.
          </>
        }
        screen={screen}
      />
    );
  const { text, html } = actionData;
  return (
    <>
      <AdminPageHeader
        title={`Preview: ${text.label}`}
        intro="This is how the text will look on the website. It is not saved yet."
        screen={screen}
      />
      <section
        aria-labelledby="preview-title"
        className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2
          id="preview-title"
          ref={heading}
          tabIndex={-1}
          className="font-display text-xl font-bold uppercase text-slate-500"
        >
          Preview
        </h2>
        <div
          className="prose-club mt-4"
          // Sanitised on the server (the bio's rules) just now.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </section>
      <div className="mt-6">
        <PageTextForm
          text={{ id: text.id, label: text.label, html }}
          lastResult={undefined}
          action={`/admin/pages?edit=${text.id}`}
          previewAction="/admin/pages/preview"
          cancelTo="/admin/pages"
          headings={text.legal}
        />
      </div>
    </>
  );
}
