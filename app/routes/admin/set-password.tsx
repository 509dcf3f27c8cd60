import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AuthFrame, authButton, authInput } from "../../components/admin/auth-frame.tsx";
import { FieldError, FormErrors } from "../../components/admin/form-fields.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { setPasswordSchema } from "../../domain/auth/auth.schema.ts";
import { checkLink, setPasswordWithLink } from "../../domain/auth/links.server.ts";
import { linkProblemMessage } from "../../domain/auth/rules.ts";
import { createSession } from "../../domain/auth/session.server.ts";
import { parseForm } from "../../domain/forms/parse-form.ts";
import type { Route } from "./+types/set-password";

// Choosing a password through a one-time link (ADR 014): an
// invitation (48 hours) or Forgot password (one hour). Open to anyone with the link; the link
// is checked on the server at every step and used up only by a successful save, which signs
// the administrator in. An expired, used or unknown link changes nothing and says why.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Choose your password | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
  // The token is in the address: never sent on to another site.
  { name: "referrer", content: "no-referrer" },
];

const FORM_ID = "set-password";

export async function loader({ params }: Route.LoaderArgs) {
  const link = await checkLink({ token: params.token });
  if (!link.ok)
    return data(
      { link: null, problem: linkProblemMessage(link) },
      { status: link.problem === "unknown" ? 404 : 410 },
    );
  return { link: { email: link.email, purpose: link.purpose }, problem: null };
}

export async function action({ request, params }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), { schema: setPasswordSchema });
  const reply = (fieldErrors?: Record<string, string[]>, formErrors?: string[]) => ({
    // Passwords are never sent back.
    result: { ...submission.reply({ fieldErrors, formErrors }), initialValue: {} },
    problem: null as string | null,
  });
  if (submission.status !== "success") return data(reply(), { status: 400 });
  const outcome = await setPasswordWithLink({
    token: params.token,
    password: submission.value.newPassword,
  });
  if (outcome.ok) {
    const cookie = await createSession({ request, administratorId: outcome.administratorId });
    return redirect("/admin", { headers: { "Set-Cookie": cookie } });
  }
  if ("passwordProblem" in outcome)
    return data(reply({ newPassword: [outcome.passwordProblem] }), { status: 400 });
  return data({ result: null, problem: linkProblemMessage(outcome) }, { status: 410 });
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const problem = actionData?.problem ?? loaderData.problem;
  const link = loaderData.link;
  const club = useClub();
  if (problem || !link) {
    return (
      <AuthFrame title="Link not usable" clubName={club.name}>
        <LinkProblem message={problem ?? linkProblemMessage({ problem: "unknown" })} />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={link.purpose === "invite" ? "Welcome" : "New password"} clubName={club.name}>
      <SetPasswordForm email={link.email} purpose={link.purpose} result={actionData?.result} />
    </AuthFrame>
  );
}

function LinkProblem({ message }: { message: string }) {
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => alert.current?.focus(), []);
  return (
    <p
      ref={alert}
      role="alert"
      tabIndex={-1}
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {message}
    </p>
  );
}

function SetPasswordForm({
  email,
  purpose,
  result,
}: {
  email: string;
  purpose: "invite" | "reset";
  result: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: result,
    constraint: getZodConstraint(setPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setPasswordSchema }),
  });
  const club = useClub();
  // After a refusal the keyboard goes to the first field in error.
  useEffect(() => {
    if (!result) return;
    document.getElementById(FORM_ID)?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [result]);
  return (
    <>
      <p className="text-sm text-slate-700">
        {purpose === "invite"
          ? `You have been invited to run the ${club.name} website. Choose the password you will sign in with as ${email}.`
          : `Choose a new password for ${email}. You will be signed out everywhere else.`}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-5 space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <div>
          <label
            htmlFor={fields.newPassword.id}
            className="block text-sm font-semibold text-slate-800"
          >
            New password
          </label>
          <input
            {...getInputProps(fields.newPassword, {
              type: "password",
              ariaDescribedBy: `${FORM_ID}-hint`,
            })}
            autoComplete="new-password"
            className={authInput}
          />
          <p id={`${FORM_ID}-hint`} className="mt-1 text-sm text-slate-600">
            At least 12 characters and hard to guess: a few unrelated words work well.
          </p>
          <FieldError field={fields.newPassword} />
        </div>
        <div>
          <label
            htmlFor={fields.confirmPassword.id}
            className="block text-sm font-semibold text-slate-800"
          >
            New password again
          </label>
          <input
            {...getInputProps(fields.confirmPassword, { type: "password" })}
            autoComplete="new-password"
            className={authInput}
          />
          <FieldError field={fields.confirmPassword} />
        </div>
        <button
          type="submit"
          aria-disabled={busy || undefined}
          onClick={(event) => {
            if (busy) event.preventDefault();
          }}
          className={authButton}
        >
          Save password and sign in
        </button>
      </Form>
    </>
  );
}
