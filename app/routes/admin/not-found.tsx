import { data } from "react-router";
import { requireAccess } from "../../domain/auth/session.server.ts";
import type { Route } from "./+types/not-found";

// An unknown address under /admin: still guarded, answered 404 inside the admin frame
// (the public header and footer never appear under /admin).
export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "not-found");
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
