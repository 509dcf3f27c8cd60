import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link } from "react-router";
import { keepFormClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import {
  buttonStyles,
  FormActions,
  FormErrors,
  TextField,
} from "../../components/admin/form-fields.tsx";
import { useSaveLock, useSaving } from "../../components/admin/resource/save-lock.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { RolesField } from "../../components/admin/roles-field.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { recordedWrite } from "../../domain/activity/activity.server.ts";
import type { AdminReply } from "../../domain/admin/reply.ts";
import { AdministratorError } from "../../domain/auth/administrators.server.ts";
import { inviteSchema } from "../../domain/auth/auth.schema.ts";
import { inviteAdministrator, linkUrl, sendLinkMail } from "../../domain/auth/links.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { getClub } from "../../domain/club/club.server.ts";
import { parseForm } from "../../domain/forms/parse-form.ts";
import type { Route } from "./+types/administrator-invite";

// Add an administrator (ADR 014): the new person chooses their own
// password through a one-time link (48 hours), shown here to the inviting administrator and
// e-mailed when SMTP is configured. The link is in this answer only (the database keeps its
// hash), so this form never waits in the offline outbox (no clientAction): it would have
// nowhere to show the link.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Add an administrator | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const FORM_ID = "invite-administrator";
const HEADING_ID = `${FORM_ID}-heading`;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "administrator-invite");
  return null;
}

type InviteAnswer =
  | AdminReply
  | { kind: "invited"; email: string; link: string; mail: "sent" | "skipped" | "failed" };

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAccess(request, "administrator-invite");
  const submission = parseForm(await request.formData(), { schema: inviteSchema });
  if (submission.status !== "success")
    return data<InviteAnswer>({ kind: "invalid", submission: submission.reply() }, { status: 400 });
  try {
    // ADR 021: the invitation and its record are one transaction.
    const invited = await recordedWrite(
      () => inviteAdministrator(submission.value),
      ({ id, email }) => ({
        actor: me,
        screen: "administrators",
        action: "invite",
        recordId: id,
        label: email,
      }),
    );
    // The screen shows the address this administrator is using; the e-mail the site's own.
    const link = linkUrl({ origin: new URL(request.url).origin, token: invited.token });
    const mail = await sendLinkMail({
      purpose: "invite",
      to: invited.email,
      url: linkUrl({ origin: (await getClub()).details.url, token: invited.token }),
    });
    return data<InviteAnswer>({ kind: "invited", email: invited.email, link, mail });
  } catch (error) {
    if (!(error instanceof AdministratorError)) throw error;
    return data<InviteAnswer>(
      {
        kind: "invalid",
        submission: submission.reply({ fieldErrors: { email: [error.message] } }),
      },
      { status: 400 },
    );
  }
}

// ADR 023: a save that fails keeps the form as typed and says why (never the outbox).
export const clientAction = (args: Route.ClientActionArgs) => keepFormClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function InviteAdministrator({ actionData }: Route.ComponentProps) {
  const invited = actionData?.kind === "invited" ? actionData : null;
  const screen = useAdminReply({
    actionData: invited ? null : actionData,
    saved: null,
    editingId: null,
    formId: FORM_ID,
    formHeadingId: HEADING_ID,
  });
  return (
    <>
      <AdminPageHeader
        title="Add an administrator"
        intro="Choose what they may do. They get a link to choose their own password; it works once, for 48 hours."
        screen={screen}
      />
      {invited ? <InvitationLink {...invited} /> : <InviteForm lastResult={screen.lastResult} />}
      <p className="mt-6">
        <Link
          to="/admin/administrators"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-club underline-offset-4 hover:underline"
        >
          Back to Administrators
        </Link>
      </p>
    </>
  );
}

function InviteForm({
  lastResult,
}: {
  lastResult: ReturnType<typeof useAdminReply>["lastResult"];
}) {
  const saving = useSaving();
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult,
    constraint: getZodConstraint(inviteSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteSchema }),
  });
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  return (
    <section
      aria-labelledby={HEADING_ID}
      className="mt-6 max-w-xl rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2
        id={HEADING_ID}
        tabIndex={-1}
        className="font-display text-2xl font-bold uppercase text-slate-900"
      >
        Invite
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-5 space-y-5">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.email}
          label="E-mail address"
          type="email"
          autoComplete="off"
          hint="The address they will sign in with."
        />
        <RolesField field={fields.roles} legend="What they may do" />
        <FormActions
          editing={false}
          saving={saving}
          addLabel="Create invitation link"
          updateLabel=""
          cancelTo=""
        />
      </Form>
    </section>
  );
}

function InvitationLink({
  email,
  link,
  mail,
}: {
  email: string;
  link: string;
  mail: "sent" | "skipped" | "failed";
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<string | null>(null);
  // The answer replaces the form: the keyboard starts at its heading.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="invitation-title"
      className="mt-6 max-w-xl rounded-xl bg-white p-5 shadow-sm ring-2 ring-club sm:p-6"
    >
      <h2
        id="invitation-title"
        ref={heading}
        tabIndex={-1}
        className="font-display text-2xl font-bold uppercase text-slate-900"
      >
        Invitation ready
      </h2>
      <p className="mt-2 text-slate-700">
        {mail === "sent"
          ? `We have e-mailed this link to ${email}. You can also give it to them yourself.`
          : mail === "failed"
            ? `The e-mail to ${email} could not be sent. Give them this link yourself.`
            : `Give this link to ${email} (this site does not send e-mail).`}{" "}
        It works once, for 48 hours, and is shown only now.
      </p>
      <label htmlFor="invitation-link" className="mt-4 block text-sm font-semibold text-slate-800">
        Invitation link for {email}
      </label>
      <input
        id="invitation-link"
        readOnly
        value={link}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900"
      />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonStyles.secondary}
          onClick={() => {
            navigator.clipboard.writeText(link).then(
              () => setCopied("Link copied."),
              () => setCopied("Copying is not possible here: select the link and copy it."),
            );
          }}
        >
          Copy link
        </button>
        <Link to="/admin/administrators/new" className={buttonStyles.secondary}>
          Invite someone else
        </Link>
      </div>
      <p role="status" className="mt-2 text-sm text-slate-700">
        {copied}
      </p>
    </section>
  );
}
