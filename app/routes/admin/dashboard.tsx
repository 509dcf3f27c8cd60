import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { LegalReminder, SetupChecklist } from "../../components/admin/setup-checklist.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { dashboardCardsFor, hasPermission } from "../../domain/admin/screens.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import type { DashboardBackup } from "../../domain/backups/rules.ts";
import { dashboardBackup } from "../../domain/backups/status.server.ts";
import { dismissSetupChecklist, readSetupChecklist } from "../../domain/club/setup.server.ts";
import { showLegalReminder, showSetupChecklist } from "../../domain/club/setup.ts";
import { countUnreadMessages } from "../../domain/contact/messages.server.ts";
import { countFixturesNeedingResult } from "../../domain/fixtures/fixtures.server.ts";
import { listNewsWaitingForReview } from "../../domain/news/news.server.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Dashboard | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { roles } = await requireAccess(request, "dashboard");
  const [unread, needingResult, backup, setup, waiting] = await Promise.all([
    hasPermission(roles, "messages") ? countUnreadMessages() : 0,
    hasPermission(roles, "fixtures") ? countFixturesNeedingResult({ now: new Date() }) : 0,
    // ADR 027: the backups are the Administrators' concern.
    hasPermission(roles, "administrators") ? dashboardBackup() : null,
    // decisions 35: the setup checklist, for those who may change the club's details.
    hasPermission(roles, "club") ? readSetupChecklist() : null,
    // decisions 32: the stories Contributors sent, for those who may publish them.
    hasPermission(roles, "news-publish") ? listNewsWaitingForReview() : [],
  ]);
  const items = (setup?.items ?? []).filter((item) => hasPermission(roles, item.screen));
  // rules §2 Admin dashboard, §6 Roles: a card for each screen this person may use.
  return {
    cards: dashboardCardsFor(roles),
    unread,
    needingResult,
    backup,
    setup: setup && showSetupChecklist(items, setup.dismissed) ? items : null,
    legalReminder: setup?.dismissed === true && showLegalReminder(items),
    waiting,
  };
}

const dismissForm = z.object({ intent: z.literal("dismiss-setup") });

// decisions 35: "Hide this checklist" (the session is checked before the body is read).
export async function action({ request }: Route.ActionArgs) {
  await requireAccess(request, "club");
  const parsed = dismissForm.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return new Response("Unknown request.", { status: 400 });
  await dismissSetupChecklist();
  return redirect("/admin");
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { cards, unread, needingResult, backup, setup, legalReminder, waiting } = loaderData;
  return (
    <>
      <h1 className="font-display text-3xl font-extrabold uppercase text-slate-900 sm:text-4xl">
        Dashboard
      </h1>
      <p className="mt-2 text-slate-600">What would you like to update today?</p>
      {backup ? <BackupLine backup={backup} /> : null}
      {setup ? <SetupChecklist items={setup} /> : null}
      {legalReminder ? <LegalReminder /> : null}
      {waiting.length > 0 ? (
        <section
          aria-labelledby="review-title"
          className="mt-6 rounded-xl bg-amber-50 p-5 ring-1 ring-amber-300"
        >
          <h2 id="review-title" className="font-display text-xl font-bold uppercase text-slate-900">
            Waiting for review ({waiting.length})
          </h2>
          <ul className="mt-2 space-y-1">
            {waiting.map((item) => (
              <li key={item.id}>
                <Link
                  to={`/admin/news?edit=${item.id}`}
                  className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4"
                >
                  Review: {item.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {cards.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:ring-club"
            >
              <span className="block font-display text-xl font-bold uppercase text-club">
                {card.label}
              </span>
              <span className="mt-1 block text-sm text-slate-600">
                {card.to === "/admin/messages" ? unreadText(unread) : card.text}
              </span>
              {card.to === "/admin/fixtures" && needingResult > 0 ? (
                <span className="mt-2 inline-block rounded bg-amber-100 px-2 py-0.5 text-sm font-bold text-amber-950">
                  {needingResult === 1
                    ? "1 past fixture needs a result"
                    : `${needingResult} past fixtures need a result`}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="sessions-title"
        className="mt-10 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="sessions-title" className="font-display text-xl font-bold uppercase text-slate-900">
          Your sessions
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Signed in on a shared computer, or lost a phone? End every session of yours, on every
          device, this one included.
        </p>
        {/* rules §12: the logout action ends every session of this administrator. */}
        <Form method="post" action="/admin/logout" className="mt-4">
          <input type="hidden" name="scope" value="everywhere" />
          <button
            type="submit"
            className="min-h-11 rounded-md border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-100"
          >
            Sign out everywhere
          </button>
        </Form>
      </section>
    </>
  );
}

/** ADR 027: the newest backup, and a warning when it is old or the last attempt failed. */
function BackupLine({ backup }: { backup: DashboardBackup }) {
  const last = `Last backup: ${backup.last ?? "none yet"}.`;
  if (backup.warning === "none") return <p className="mt-2 text-sm text-slate-600">{last}</p>;
  const problem =
    backup.warning === "failed"
      ? `The last backup failed: ${backup.failure ?? "see the server log"}.`
      : backup.warning === "old"
        ? "The newest backup is more than 48 hours old."
        : "There is no backup yet.";
  return (
    <div
      role="alert"
      className="mt-4 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-bold">{problem}</p>
      <p className="mt-1">
        {last} The server takes one every night; the server log says what went wrong (see "Backups"
        in the README).
      </p>
    </div>
  );
}

function unreadText(unread: number): string {
  if (unread === 0) return "No unread messages from the contact form.";
  return `${unread} unread ${unread === 1 ? "message" : "messages"} from the contact form.`;
}
