import { useEffect } from "react";
import { isRouteErrorResponse, Link, Outlet } from "react-router";
import { announceAuthChange } from "../../browser/auth-channel.ts";
import { useConnectionState } from "../../browser/connection.ts";
import { installRequestIds, setOutboxOwner } from "../../browser/outbox.ts";
import { outboxShouldRevalidate, useOutboxFlusher } from "../../browser/outbox-action.ts";
import { AdminShell } from "../../components/admin/admin-shell.tsx";
import { hasPermission, navigationFor } from "../../domain/admin/screens.ts";
import { type NoAccess, requireAdministrator } from "../../domain/auth/session.server.ts";
import { OFFLINE_PAGE_MESSAGE } from "../../domain/connectivity/rules.ts";
import { countUnreadMessages } from "../../domain/contact/messages.server.ts";
import type { Route } from "./+types/layout";

// The guard (rules §2, decisions 7-8): nothing under /admin renders without a session. Each
// admin loader and action below also checks the session and its screen's permission itself
// (rules §6, the registry of admin screens: ADR 020).
export async function loader({ request }: Route.LoaderArgs) {
  const administrator = await requireAdministrator(request);
  const { roles } = administrator;
  return {
    email: administrator.email,
    // rules §6: the navigation shows only what this person may do.
    navigation: navigationFor(roles),
    unread: hasPermission(roles, "messages") ? await countUnreadMessages() : 0,
  };
}

// ADR 006: after the outbox kept a change the server is out of reach: nothing to reload.
export const shouldRevalidate = outboxShouldRevalidate;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // Before any screen reads the outbox: it holds only this administrator's changes.
  setOutboxOwner(loaderData.email);
  useEffect(() => {
    announceAuthChange({ type: "signed-in" });
  }, []);
  useEffect(() => installRequestIds(), []);
  useOutboxFlusher();
  return (
    <AdminShell
      email={loaderData.email}
      navigation={loaderData.navigation}
      unread={loaderData.unread}
    >
      <Outlet />
    </AdminShell>
  );
}

function noAccessMessageOf(body: unknown): string | null {
  const refusal = body as Partial<NoAccess> | null;
  return refusal?.noAccess === true && typeof refusal.error === "string" ? refusal.error : null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // rules §8 Offline reads: a page that could not be fetched because the connection is gone.
  const offline = useConnectionState() === "offline" && !isRouteErrorResponse(error);
  // rules §6: "You don't have access to Club details. Ask an Administrator."
  const noAccess = isRouteErrorResponse(error) ? noAccessMessageOf(error.data) : null;
  const [title, message] = offline
    ? ["You are offline", `${OFFLINE_PAGE_MESSAGE} Changes you saved are kept on this device.`]
    : status === 401
      ? ["Your session has ended", "Please log in again to continue. Nothing was changed."]
      : status === 403 && noAccess
        ? ["No access", noAccess]
        : status === 403
          ? ["Request refused", "This form was sent from another site and has been refused."]
          : status === 404
            ? ["Page not found", "There is no admin page at this address."]
            : [
                "Something went wrong",
                "The page could not be loaded. Please try again in a moment.",
              ];
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16">
      <title>{title}</title>
      <h1 className="font-display text-3xl font-extrabold uppercase text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      <p className="mt-6 flex gap-4">
        <Link
          to={status === 401 ? "/admin/login" : "/admin"}
          reloadDocument
          className="inline-flex min-h-11 items-center rounded-md bg-club px-5 font-semibold text-club-contrast"
        >
          {status === 401 ? "Log in" : "Go to the dashboard"}
        </Link>
      </p>
    </main>
  );
}
