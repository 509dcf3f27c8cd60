import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { AuthFrame, authButton, authInput } from "../../components/admin/auth-frame.tsx";
import { FieldError } from "../../components/admin/form-fields.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { forgotPasswordSchema } from "../../domain/auth/auth.schema.ts";
import { linkUrl, requestPasswordReset, sendLinkMail } from "../../domain/auth/links.server.ts";
import { LOCKOUT_NOTE, RESET_REQUESTED } from "../../domain/auth/rules.ts";
import { getClub } from "../../domain/club/club.server.ts";
import { parseForm } from "../../domain/forms/parse-form.ts";
import { mailConfigured } from "../../domain/mail/mail.server.ts";
import { logger } from "../../logger.server.ts";
import { clientAddressContext } from "../../request-context.server.ts";
import type { Route } from "./+types/forgot-password";

// Forgot password (ADR 014), only when the site sends e-mail
// (SMTP_URL): a one-hour, one-time link to the address, if it is an administrator's. The answer
// is the same whether or not it is, and comes before the e-mail is sent, so neither words nor
// timing tell. Limited per address like sign-in. Without e-mail: `npm run admin`.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Forgot password | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const FORM_ID = "forgot-password";

export async function loader() {
  if (!mailConfigured()) throw data(null, { status: 404 });
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!mailConfigured()) throw data(null, { status: 404 });
  const submission = parseForm(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: false, limited: false }, { status: 400 });
  const outcome = await requestPasswordReset({
    email: submission.value.email,
    address: context.get(clientAddressContext),
  });
  if (outcome.status === "limited")
    return data({ result: null, sent: false, limited: true }, { status: 429 });
  if (outcome.status === "issued") {
    // Sent after the answer: a known address must not answer later than an unknown one.
    // The link uses the site's public address, never the Host header a visitor sent.
    void getClub()
      .then(({ details }) =>
        sendLinkMail({
          purpose: "reset",
          to: outcome.email,
          url: linkUrl({ origin: details.url, token: outcome.token }),
        }),
      )
      .catch((error: unknown) => logger().error({ err: error }, "forgot password: mail failed"));
  }
  return { result: null, sent: true, limited: false };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: actionData?.result,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  const club = useClub();
  const answer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData?.sent || actionData?.limited) answer.current?.focus();
  }, [actionData]);
  return (
    <AuthFrame title="Forgot password" clubName={club.name}>
      {actionData?.sent ? (
        <div ref={answer} role="status" tabIndex={-1} className="text-sm text-slate-800">
          {RESET_REQUESTED}
        </div>
      ) : (
        <>
          {actionData?.limited ? (
            <div
              ref={answer}
              role="alert"
              tabIndex={-1}
              className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {LOCKOUT_NOTE}
            </div>
          ) : null}
          <p className="text-sm text-slate-700">
            Enter the address you sign in with. If it belongs to an administrator, we will e-mail a
            link to choose a new password.
          </p>
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
            <div>
              <label
                htmlFor={fields.email.id}
                className="block text-sm font-semibold text-slate-800"
              >
                Email
              </label>
              <input
                {...getInputProps(fields.email, { type: "email" })}
                autoComplete="username"
                className={authInput}
              />
              <FieldError field={fields.email} />
            </div>
            <button
              type="submit"
              aria-disabled={busy || undefined}
              onClick={(event) => {
                if (busy) event.preventDefault();
              }}
              className={authButton}
            >
              Send me a link
            </button>
          </Form>
        </>
      )}
    </AuthFrame>
  );
}
