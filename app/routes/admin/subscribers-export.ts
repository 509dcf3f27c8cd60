import { requireAccess } from "../../domain/auth/session.server.ts";
import { exportSubscribers } from "../../domain/subscribers/admin.server.ts";
import type { Route } from "./+types/subscribers-export";

// rules §2 Subscribers: every address as CSV, for the club's records (recorded in Activity).
// A POST, so a link cannot make someone's browser export it (and it is a recorded action).
export async function action({ request }: Route.ActionArgs) {
  const administrator = await requireAccess(request, "subscribers-export");
  const csv = await exportSubscribers({ actor: administrator });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="subscribers.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
