import { redirect } from "react-router";
import { recordedWrite } from "../../domain/activity/activity.server.ts";
import {
  destroyAllSessions,
  destroySession,
  getSignedInAdministrator,
  requireAccess,
} from "../../domain/auth/session.server.ts";
import type { Route } from "./+types/logout";

// Sign out (decisions 7): deletes the session and clears the cookie. "Sign out everywhere"
// (rules §12, scope=everywhere) deletes every session of this administrator.
// A GET is not a sign-out: the dashboard when signed in, else the sign-in page saying the
// visitor is signed out. The router can ask for this address again right after signing out
// (seen once in the browser suite, with the outbox sending in the background, and not
// reproduced since); sending that on to /admin landed on the sign-in page without the message.
export async function loader({ request }: Route.LoaderArgs) {
  const administrator = await getSignedInAdministrator(request);
  throw redirect(administrator ? "/admin" : "/admin/login?signedOut");
}

export async function action({ request }: Route.ActionArgs) {
  const administrator = await requireAccess(request, "logout");
  const form = await request.formData();
  const everywhere = form.get("scope") === "everywhere";
  // ADR 021: the sign-out and its record are one transaction.
  const cookie = await recordedWrite(
    async () => {
      if (everywhere) await destroyAllSessions({ administratorId: administrator.id });
      return destroySession(request);
    },
    () => ({
      actor: administrator,
      screen: "sign-in",
      action: everywhere ? "sign-out-everywhere" : "sign-out",
      recordId: administrator.id,
    }),
  );
  return redirect("/admin/login?signedOut", { headers: { "Set-Cookie": cookie } });
}
