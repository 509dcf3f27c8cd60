import { data, Link } from "react-router";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { ChangedBy } from "../../components/admin/activity/changed-by.tsx";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { rowDomId } from "../../components/admin/resource/ids.ts";
import { RowActions } from "../../components/admin/resource/row-actions.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import {
  SPONSOR_LOGO_FILE,
  SponsorForm,
  sponsorFormHeadingId,
  sponsorFormId,
} from "../../components/admin/sponsor-form.tsx";
import { PartnerLogo } from "../../components/site/partner-logo.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { latestChanges } from "../../domain/activity/activity.server.ts";
import { type AdminReply, savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { sponsorFormSchema, sponsorsByTier } from "../../domain/club/sponsors.schema.ts";
import {
  createSponsor,
  getSponsor,
  listSponsors,
  moveSponsor,
  removeSponsor,
  restoreSponsor,
  updateSponsor,
} from "../../domain/club/sponsors.server.ts";
import type { Route } from "./+types/sponsors";

// Sponsors (ADR 013, built on the admin resource module, ADR 005): add, edit, Move up / Move
// down within a tier, delete with Undo. The footer shows the Official Sponsor tier; /sponsors
// shows every tier.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Sponsors | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const SCREEN = "/admin/sponsors";

const MESSAGES = {
  created: "Sponsor added.",
  updated: "Sponsor updated.",
  gone: "This sponsor no longer exists: it may have been deleted. Nothing was saved.",
  expired: "This sponsor can no longer be restored.",
};

const quoted = (name: string) => `“${name}”`;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "sponsors");
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const editing = editId ? await getSponsor({ id: editId }) : null;
  const sponsors = await listSponsors();
  const page = {
    sponsors,
    changes: await latestChanges({ screen: "sponsors", ids: sponsors.map(({ id }) => id) }),
    editing,
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
    // An edit link to a sponsor deleted meanwhile: HTTP 404, and the screen in add mode says so.
    missing: editId !== null && !editing,
  };
  return data(page, { status: page.missing ? 404 : 200 });
}

const move =
  (direction: "up" | "down") =>
  async ({ id }: { id: string }): Promise<AdminReply> => {
    const moved = await moveSponsor({ id, direction });
    if (!moved) return { kind: "refused", message: MESSAGES.gone };
    const place = `position ${moved.position} of ${moved.count} in ${moved.tier}`;
    return {
      kind: "saved",
      id,
      message: moved.moved
        ? `${moved.name} moved to ${place}.`
        : `${moved.name} is already at ${place}.`,
      focus: direction === "up" ? "move-up" : "move-down",
    };
  };

export const action = adminAction({
  screen: "sponsors",
  form: {
    fields: sponsorFormSchema,
    schema: sponsorFormSchema,
    // ADR 017: an uploaded logo is stored first; its address becomes the logo field.
    uploads: [{ field: "logo", file: SPONSOR_LOGO_FILE, kind: "logo" }],
    create: ({ id: _, ...input }) => createSponsor(input),
    update: ({ id, ...input }) => updateSponsor({ id, input }),
  },
  remove: async ({ id }) => {
    const deleted = await removeSponsor({ id });
    return deleted && { token: deleted.token, label: quoted(deleted.sponsor.name) };
  },
  restore: async ({ token }) => {
    const restored = await restoreSponsor({ token });
    return restored && { id: restored.id, label: quoted(restored.name) };
  },
  rowIntents: { "move-up": move("up"), "move-down": move("down") },
  listHref: () => SCREEN,
  messages: MESSAGES,
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function ManageSponsors({ loaderData, actionData }: Route.ComponentProps) {
  const { sponsors, changes, editing, saved, missing } = loaderData;
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: editing?.id ?? null,
    formId: sponsorFormId(editing?.id),
    formHeadingId: sponsorFormHeadingId(editing?.id),
  });
  const groups = sponsorsByTier(sponsors);
  return (
    <>
      <AdminPageHeader
        title="Sponsors"
        intro={
          <>
            Shown on the Sponsors page by tier, in this order; the Official Sponsor tier is also in
            the footer of every page. The Become a Sponsor text is in{" "}
            <Link to="/admin/club" className="font-semibold text-club underline underline-offset-4">
              Club details
            </Link>
            .
          </>
        }
        screen={{ ...screen, error: screen.error ?? (missing ? MESSAGES.gone : null) }}
      />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
        <SponsorForm
          key={screen.formKey}
          editing={editing}
          lastResult={screen.lastResult}
          action={screen.actionHref}
          cancelTo={SCREEN}
        />
        <section aria-labelledby="sponsor-list-title">
          <h2
            id="sponsor-list-title"
            className="font-display text-2xl font-bold uppercase text-slate-900"
          >
            All sponsors <span className="text-slate-500">({sponsors.length})</span>
          </h2>
          {groups.length === 0 ? (
            <p className="mt-4 rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
              No sponsors yet. Add the first with the form.
            </p>
          ) : null}
          {groups.map((group) => (
            <section key={group.tier} aria-label={group.tier} className="mt-5">
              <h3 className="font-display text-lg font-bold uppercase text-slate-700">
                {group.tier}
              </h3>
              <ul className="mt-2 space-y-3">
                {group.sponsors.map((sponsor, index) => (
                  <li key={sponsor.id}>
                    <article
                      id={rowDomId(sponsor.id)}
                      tabIndex={-1}
                      aria-labelledby={`sponsor-${sponsor.id}`}
                      className={`flex gap-4 rounded-xl bg-white p-4 shadow-sm ${editing?.id === sponsor.id || saved?.id === sponsor.id ? "ring-2 ring-club" : "ring-1 ring-slate-200"}`}
                    >
                      <div className="hidden h-14 w-24 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-50 p-1 text-center text-xs sm:flex">
                        <PartnerLogo
                          name={sponsor.name}
                          logo={sponsor.logo}
                          width={96}
                          height={56}
                        />
                      </div>
                      <div className="min-w-0 flex-1">
                        <h4
                          id={`sponsor-${sponsor.id}`}
                          className="font-semibold break-words text-slate-900"
                        >
                          {sponsor.name}
                        </h4>
                        <p className="mt-0.5 text-sm break-all text-slate-600">{sponsor.href}</p>
                        <ChangedBy change={changes[sponsor.id]} />
                        {sponsor.text ? (
                          <p className="mt-1 line-clamp-2 text-sm text-slate-700">{sponsor.text}</p>
                        ) : null}
                        <div className="mt-3">
                          <RowActions
                            id={sponsor.id}
                            label={sponsor.name}
                            editHref={`${SCREEN}?edit=${sponsor.id}`}
                            action={editing?.id === sponsor.id ? SCREEN : screen.actionHref}
                            move={{ position: index + 1, count: group.sponsors.length }}
                          >
                            <Link
                              to={`/sponsors#tier-${group.tier.toLowerCase().replace(/\s+/g, "-")}`}
                              aria-label={`View on the site: ${sponsor.name}`}
                              className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-club underline-offset-4 hover:underline"
                            >
                              View
                            </Link>
                          </RowActions>
                        </div>
                      </div>
                    </article>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </section>
      </div>
    </>
  );
}
