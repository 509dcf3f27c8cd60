import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { keepFormClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { FormActions, FormErrors, TextField } from "../../components/admin/form-fields.tsx";
import { useSaveLock, useSaving } from "../../components/admin/resource/save-lock.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { clubFromMatches } from "../../components/site/use-club.ts";
import type { AdminReply } from "../../domain/admin/reply.ts";
import { changeOwnPassword } from "../../domain/auth/administrators.server.ts";
import { changePasswordSchema } from "../../domain/auth/auth.schema.ts";
import { destroyOtherSessions, requireAccess } from "../../domain/auth/session.server.ts";
import { parseForm } from "../../domain/forms/parse-form.ts";
import type { Route } from "./+types/password";

// Change your password (ADR 014): the current one first, then the
// rules every password follows (rules §5, §12: zxcvbn). Your other sessions end; this one
// stays. Passwords never wait in the offline outbox (no clientAction): they would be stored
// in the browser.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Change your password | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const FORM_ID = "change-password";
const HEADING_ID = `${FORM_ID}-heading`;
const CHANGED = "Your password has been changed. You are signed out everywhere else.";

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAccess(request, "password");
  return { email: me.email, changed: new URL(request.url).searchParams.has("changed") };
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAccess(request, "password");
  const submission = parseForm(await request.formData(), { schema: changePasswordSchema });
  // Passwords are never sent back, not even to the form that typed them.
  const invalid = (fieldErrors?: Record<string, string[]>) => {
    const result = submission.reply(fieldErrors ? { fieldErrors } : undefined);
    return data<AdminReply>(
      { kind: "invalid", submission: { ...result, initialValue: {} } },
      { status: 400 },
    );
  };
  if (submission.status !== "success") return invalid();
  const fieldErrors = await changeOwnPassword({
    administratorId: me.id,
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.newPassword,
  });
  if (fieldErrors) return invalid(fieldErrors);
  await destroyOtherSessions({ request, administratorId: me.id });
  return redirect("/admin/password?changed");
}

// ADR 023: a save that fails keeps the form as typed and says why (never the outbox).
export const clientAction = (args: Route.ClientActionArgs) => keepFormClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const saving = useSaving();
  const screen = useAdminReply({
    actionData,
    saved: loaderData.changed ? { kind: "saved", id: "", message: CHANGED, focus: "row" } : null,
    editingId: null,
    formId: FORM_ID,
    formHeadingId: HEADING_ID,
  });
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: screen.lastResult,
    constraint: getZodConstraint(changePasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  return (
    <>
      <AdminPageHeader
        title="Change your password"
        intro={`Signed in as ${loaderData.email}.`}
        screen={screen}
      />
      <section
        aria-labelledby={HEADING_ID}
        className="mt-6 max-w-xl rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2
          id={HEADING_ID}
          tabIndex={-1}
          className="font-display text-2xl font-bold uppercase text-slate-900"
        >
          New password
        </h2>
        <Form method="post" {...getFormProps(form)} key={screen.formKey} className="mt-5 space-y-5">
          <FormErrors id={form.errorId} errors={form.errors} />
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={loaderData.email}
            readOnly
            hidden
          />
          <TextField
            field={fields.currentPassword}
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <TextField
            field={fields.newPassword}
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 12 characters and hard to guess: a few unrelated words work well."
          />
          <TextField
            field={fields.confirmPassword}
            label="New password again"
            type="password"
            autoComplete="new-password"
          />
          <FormActions
            editing={false}
            saving={saving}
            addLabel="Change password"
            updateLabel=""
            cancelTo=""
          />
        </Form>
      </section>
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
