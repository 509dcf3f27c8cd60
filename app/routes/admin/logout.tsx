import { redirect } from "react-router";
import {
  destroyAllSessions,
  destroySession,
  requireAdministrator,
} from "../../domain/auth/session.server.ts";
import type { Route } from "./+types/logout";

// Sign out (decisions 7): deletes the session and clears the cookie. "Sign out everywhere"
// (rules §12, scope=everywhere) deletes every session of this administrator.
export async function loader() {
  throw redirect("/admin");
}

export async function action({ request }: Route.ActionArgs) {
  const administrator = await requireAdministrator(request);
  const form = await request.formData();
  if (form.get("scope") === "everywhere") {
    await destroyAllSessions({ administratorId: administrator.id });
  }
  const cookie = await destroySession(request);
  return redirect("/admin/login?signedOut", { headers: { "Set-Cookie": cookie } });
}
