import { data, useNavigation } from "react-router";
import { z } from "zod";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { VenueForm, venueFormId } from "../../components/admin/list-forms.tsx";
import { rowDomId } from "../../components/admin/resource/ids.ts";
import { RowActions } from "../../components/admin/resource/row-actions.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { ExternalLink } from "../../components/site/external-link.tsx";
import { club } from "../../config/club.ts";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAdministrator } from "../../domain/auth/session.server.ts";
import {
  inUseMessage,
  LIST_MESSAGES,
  venueFormDefaults,
  venueFormFields,
  venueFormSchema,
} from "../../domain/fixtures/lists.schema.ts";
import {
  countFixturesAtVenue,
  createVenue,
  getVenue,
  isVenueNameTaken,
  listVenues,
  removeVenue,
  restoreVenue,
  updateVenue,
  type Venue,
} from "../../domain/fixtures/venues.server.ts";
import type { Route } from "./+types/venues";

// Venues (decisions 15; ADR 005, on the admin resource module): the places the fixture form
// offers as its Location. A rename changes every fixture played there; a venue still used by
// fixtures is not deleted, and the refusal says by how many.

const PATH = "/admin/venues";
const FORM_HEADING_ID = "venue-form-title";

export const meta: Route.MetaFunction = () => [
  { title: `Venues | ${club.shortName} admin` },
  { name: "robots", content: "noindex" },
];

const MESSAGES = {
  created: "Venue added.",
  updated: "Venue updated.",
  gone: "This venue no longer exists.",
  expired: "This venue can no longer be restored.",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdministrator(request);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  let editing: Venue | null = null;
  if (editId !== null) {
    const id = z.uuid().safeParse(editId);
    editing = id.success ? await getVenue({ id: id.data }) : null;
    if (!editing) throw data(null, { status: 404 });
  }
  const venues = await listVenues();
  const used = await Promise.all(venues.map((venue) => countFixturesAtVenue(venue)));
  return {
    venues: venues.map((venue, index) => ({ ...venue, fixtures: used[index] ?? 0 })),
    editing: editing ? venueFormDefaults(editing) : null,
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
  };
}

export const action = adminAction({
  form: {
    fields: venueFormFields,
    schema: venueFormSchema,
    check: async ({ id, values }) =>
      (await isVenueNameTaken({ name: values.name, exceptId: id }))
        ? { name: [LIST_MESSAGES.nameTaken] }
        : null,
    create: ({ values }) => createVenue({ values }),
    update: ({ id, values }) => updateVenue({ id, values }),
  },
  remove: async ({ id }) => {
    const removed = await removeVenue({ id });
    if (!removed) return null;
    if ("usedBy" in removed) {
      return { refused: inUseMessage({ name: removed.venue.name, count: removed.usedBy }) };
    }
    return { token: removed.token, label: removed.venue.name };
  },
  restore: async ({ token }) => {
    const restored = await restoreVenue({ token });
    return restored && { id: restored.id, label: restored.name };
  },
  listHref: () => PATH,
  messages: MESSAGES,
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

const usedByText = (count: number) =>
  count === 0 ? "Not used by any fixture" : `Used by ${count} fixture${count === 1 ? "" : "s"}`;

export default function ManageVenues({ loaderData, actionData }: Route.ComponentProps) {
  const { venues, editing, saved } = loaderData;
  const navigation = useNavigation();
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: editing?.id ?? null,
    formId: venueFormId(editing?.id),
    formHeadingId: FORM_HEADING_ID,
  });
  return (
    <>
      <AdminPageHeader
        title="Venues"
        intro="The places the fixture form offers as its Location. Renaming a venue changes every fixture played there; a venue used by fixtures cannot be deleted."
        screen={screen}
      />

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start">
        <section
          aria-labelledby={FORM_HEADING_ID}
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2
            id={FORM_HEADING_ID}
            tabIndex={-1}
            className="font-display text-2xl font-extrabold uppercase text-slate-900"
          >
            {editing ? `Edit ${editing.name}` : "Add a venue"}
          </h2>
          <div className="mt-4">
            <VenueForm
              key={screen.formKey}
              defaults={editing}
              lastResult={screen.lastResult}
              action={editing ? `${PATH}?edit=${editing.id}` : screen.actionHref}
              cancelHref={PATH}
            />
          </div>
        </section>

        <section
          aria-labelledby="venue-list-title"
          className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        >
          <h2
            id="venue-list-title"
            className="font-display text-2xl font-extrabold uppercase text-slate-900"
          >
            Venue list
          </h2>
          {venues.length === 0 ? (
            <p className="mt-4 rounded-lg bg-slate-50 px-4 py-8 text-center text-slate-700">
              No venues yet.
            </p>
          ) : (
            <ul
              aria-labelledby="venue-list-title"
              aria-busy={navigation.state !== "idle"}
              className="mt-4 space-y-3"
            >
              {venues.map((venue) => (
                <li key={venue.id}>
                  <article
                    id={rowDomId(venue.id)}
                    tabIndex={-1}
                    aria-labelledby={`venue-${venue.id}`}
                    aria-current={venue.id === editing?.id ? "true" : undefined}
                    className={`rounded-lg border p-4 ${venue.id === editing?.id ? "border-club ring-2 ring-club" : "border-slate-200"}`}
                  >
                    <h3 id={`venue-${venue.id}`} className="text-lg font-bold text-slate-900">
                      {venue.name}
                    </h3>
                    {venue.address ? (
                      <p className="mt-1 whitespace-pre-line text-sm text-slate-700">
                        {venue.address}
                      </p>
                    ) : null}
                    <p className="mt-1 text-sm text-slate-600">
                      {usedByText(venue.fixtures)}
                      {venue.mapUrl ? (
                        <>
                          {" · "}
                          <ExternalLink
                            href={venue.mapUrl}
                            className="font-semibold text-club underline"
                          >
                            Map<span className="sr-only"> of {venue.name}</span>
                          </ExternalLink>
                        </>
                      ) : null}
                    </p>
                    <div className="mt-3">
                      <RowActions
                        id={venue.id}
                        label={venue.name}
                        editHref={`${PATH}?edit=${venue.id}`}
                        action={venue.id === editing?.id ? PATH : screen.actionHref}
                      />
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
