import { data, Form, useNavigation } from "react-router";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { buttonStyles } from "../../components/admin/form-fields.tsx";
import { SubscriberCounts } from "../../components/admin/subscriber-counts.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import {
  eraseSubscriber,
  sendMeTheNextDigest,
  subscribersScreen,
} from "../../domain/subscribers/admin.server.ts";
import { removeSubscriberSchema } from "../../domain/subscribers/subscribers.schema.ts";
import type { Route } from "./+types/subscribers";

// Subscribers (rules §2 Subscribers; Editors and Administrators, rules §6): the counts per
// list, the CSV export, erasing an address, and the next digest sent to oneself as a test.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Subscribers | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "subscribers");
  return subscribersScreen();
}

const REPLIES = {
  erased: "The address is erased, with any e-mail waiting for it.",
  unknown: "No subscriber has that address. Nothing was changed.",
  sent: "The next digest is on its way to your address.",
  "no-mail": "The site sends no e-mail (SMTP_URL is not set).",
  failed: "The digest could not be sent: the mail server refused it. Try again later.",
} as const;

export async function action({ request }: Route.ActionArgs) {
  const administrator = await requireAccess(request, "subscribers");
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "test-digest") {
    const outcome = await sendMeTheNextDigest({ actor: administrator });
    return data(
      { ok: outcome === "sent", message: REPLIES[outcome] },
      { status: outcome === "sent" ? 200 : 503 },
    );
  }
  if (intent !== "erase")
    return data({ ok: false, message: "That request was not understood." }, { status: 400 });
  const input = removeSubscriberSchema.safeParse(Object.fromEntries(formData));
  if (!input.success) {
    return data(
      { ok: false, message: input.error.issues[0]?.message ?? REPLIES.unknown },
      { status: 400 },
    );
  }
  const erased = await eraseSubscriber({ actor: administrator, email: input.data.email });
  return data(
    { ok: erased, message: erased ? REPLIES.erased : REPLIES.unknown },
    { status: erased ? 200 : 404 },
  );
}

export default function Subscribers({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { counts, mailEnabled } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Subscribers"
        intro="Supporters who follow the club by e-mail. Addresses never confirmed are erased after 48 hours, unsubscribed ones after 30 days."
        screen={{
          error: actionData && !actionData.ok ? actionData.message : null,
          status: actionData?.ok ? actionData.message : null,
          undo: undefined,
          actionHref: "/admin/subscribers",
        }}
      />
      {mailEnabled ? null : (
        <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
          The site sends no e-mail (SMTP_URL is not set): the subscribe forms are hidden and nothing
          is sent.
        </p>
      )}
      <SubscriberCounts counts={counts} />

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="export-title"
          className="rounded-xl bg-white p-5 ring-1 ring-slate-200"
        >
          <h2 id="export-title" className="text-lg font-bold text-slate-900">
            Export
          </h2>
          <p className="mt-2 text-slate-700">Every address, its lists and dates, as CSV.</p>
          <Form method="post" action="/admin/subscribers/export" reloadDocument className="mt-4">
            <button type="submit" className={buttonStyles.secondary}>
              Download CSV
            </button>
          </Form>
        </section>

        <section
          aria-labelledby="erase-title"
          className="rounded-xl bg-white p-5 ring-1 ring-slate-200"
        >
          <h2 id="erase-title" className="text-lg font-bold text-slate-900">
            Remove an address
          </h2>
          <p className="mt-2 text-slate-700">Erased at once, with any e-mail waiting for it.</p>
          <Form method="post" className="mt-4 space-y-3">
            <label htmlFor="erase-email" className="block font-semibold text-slate-900">
              E-mail address
            </label>
            <input
              id="erase-email"
              name="email"
              type="email"
              required
              maxLength={254}
              className="field-input"
            />
            <button
              type="submit"
              name="intent"
              value="erase"
              disabled={busy}
              className={buttonStyles.danger}
            >
              Erase this address
            </button>
          </Form>
        </section>

        <section
          aria-labelledby="digest-title"
          className="rounded-xl bg-white p-5 ring-1 ring-slate-200"
        >
          <h2 id="digest-title" className="text-lg font-bold text-slate-900">
            Test the digest
          </h2>
          <p className="mt-2 text-slate-700">
            The next weekly digest, sent now to your own address only.
          </p>
          <Form method="post" className="mt-4">
            <button
              type="submit"
              name="intent"
              value="test-digest"
              disabled={busy || !mailEnabled}
              className={buttonStyles.secondary}
            >
              Send me the next digest
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
