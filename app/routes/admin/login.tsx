import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import crest from "../../assets/crest.svg";
import { announceAuthChange } from "../../browser/auth-channel.ts";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { recordedWrite } from "../../domain/activity/activity.server.ts";
import { verifyCredentials } from "../../domain/auth/administrators.server.ts";
import { loginSchema } from "../../domain/auth/auth.schema.ts";
import {
  recordLoginSuccess,
  reserveLoginAttempt,
  slowDown,
} from "../../domain/auth/login-limits.server.ts";
import { LOCKOUT_NOTE, LOGIN_ERROR, safeRedirectPath } from "../../domain/auth/rules.ts";
import { createSession, getSignedInAdministrator } from "../../domain/auth/session.server.ts";
import { parseForm } from "../../domain/forms/parse-form.ts";
import { mailConfigured } from "../../domain/mail/mail.server.ts";
import { clientAddressContext } from "../../request-context.server.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Log in | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo") ?? undefined);
  if (await getSignedInAdministrator(request)) throw redirect(redirectTo);
  return {
    redirectTo,
    signedOut: url.searchParams.has("signedOut"),
    // Forgot password needs e-mail; without it an administrator resets passwords (npm run admin).
    forgotPassword: mailConfigured(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ error: LOGIN_ERROR, locked: false }, { status: 400 });
  }
  const { email, password, redirectTo } = submission.value;
  const address = context.get(clientAddressContext);
  // Counted before the password is checked (ADR 012); a correct one takes it back.
  const reservation = await reserveLoginAttempt({ email, address });
  if (!reservation.allowed) {
    return data({ error: LOGIN_ERROR, locked: true }, { status: 429 });
  }
  await slowDown(reservation);
  const administrator = await verifyCredentials({ email, password });
  if (!administrator) {
    return data({ error: LOGIN_ERROR, locked: false }, { status: 401 });
  }
  await recordLoginSuccess({ email, address, ids: reservation.ids });
  // ADR 021: the new session and its record are one transaction.
  const cookie = await recordedWrite(
    () => createSession({ request, administratorId: administrator.id }),
    () => ({
      actor: administrator,
      screen: "sign-in",
      action: "sign-in",
      recordId: administrator.id,
    }),
  );
  return redirect(safeRedirectPath(redirectTo), { headers: { "Set-Cookie": cookie } });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // After a refused sign-in the keyboard goes back to the email field, which the error
  // describes (the alert is announced too), ready to correct and send again.
  const email = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (actionData?.error) {
      email.current?.focus();
      email.current?.select();
    }
  }, [actionData]);

  useEffect(() => {
    if (!loaderData.signedOut) return;
    announceAuthChange({ type: "signed-out" });
    // rules §12: what waited in this browser's outbox goes with the session. The outbox
    // (IndexedDB) loads only then, not on every visit of the login page (ADR 008).
    void import("../../browser/outbox.ts").then(({ clearOutbox }) => clearOutbox()).catch(() => {});
  }, [loaderData.signedOut]);

  const club = useClub();
  return (
    <main
      id="main"
      className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10"
    >
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <img src={crest} alt="" width={64} height={64} />
          <h1 className="mt-4 font-display text-3xl font-extrabold uppercase text-slate-900">
            Admin log in
          </h1>
          <p className="mt-1 text-sm text-slate-600">{club.name}</p>
        </div>
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          {loaderData.signedOut && !actionData ? (
            <p
              role="status"
              className="mb-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700"
            >
              You have signed out.
            </p>
          ) : null}
          {actionData?.error ? (
            <div
              role="alert"
              id="login-error"
              className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              <p>{actionData.error}</p>
              {actionData.locked ? <p className="mt-1">{LOCKOUT_NOTE}</p> : null}
            </div>
          ) : null}
          <Form method="post" className="space-y-4">
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <div>
              <label htmlFor="email" className="block text-sm font-semibold text-slate-800">
                Email
              </label>
              <input
                ref={email}
                id="email"
                name="email"
                type="email"
                autoComplete="username"
                required
                aria-describedby={actionData?.error ? "login-error" : undefined}
                className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 text-base"
              />
            </div>
            <div>
              <label htmlFor="password" className="block text-sm font-semibold text-slate-800">
                Password
              </label>
              <input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 text-base"
              />
            </div>
            {/* Never disabled while it holds focus: a repeat press while signing in is ignored. */}
            <button
              type="submit"
              aria-disabled={busy || undefined}
              onClick={(event) => {
                if (busy) event.preventDefault();
              }}
              className="min-h-11 w-full rounded-md bg-club px-4 font-semibold text-club-contrast hover:opacity-90 aria-disabled:opacity-70"
            >
              Log In
            </button>
          </Form>
          {loaderData.forgotPassword ? (
            <p className="mt-4 text-center">
              <Link
                to="/admin/forgot-password"
                className="inline-flex min-h-11 items-center text-sm font-semibold text-club underline-offset-4 hover:underline"
              >
                Forgot password?
              </Link>
            </p>
          ) : null}
        </div>
        <p className="mt-6 text-center">
          <Link
            to="/"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-club underline-offset-4 hover:underline"
          >
            ← Back to the website
          </Link>
        </p>
      </div>
    </main>
  );
}
