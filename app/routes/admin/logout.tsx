import { redirect } from "react-router";
import { destroySession, requireAdministrator } from "../../domain/auth/session.server.ts";
import type { Route } from "./+types/logout";

// Sign out (DECISIONS 7): deletes the session and clears the cookie.
export async function loader() {
  throw redirect("/admin");
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdministrator(request);
  const cookie = await destroySession(request);
  return redirect("/admin/login?signedOut", { headers: { "Set-Cookie": cookie } });
}
