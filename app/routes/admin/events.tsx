import { data } from "react-router";
import { z } from "zod";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { ChangedBy } from "../../components/admin/activity/changed-by.tsx";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { EventForm, eventFormHeadingId, eventFormId } from "../../components/admin/event-form.tsx";
import { rowDomId } from "../../components/admin/resource/ids.ts";
import { RowActions } from "../../components/admin/resource/row-actions.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { latestChanges } from "../../domain/activity/activity.server.ts";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { getClubTimeZone } from "../../domain/club/club.server.ts";
import {
  eventFormDefaults,
  eventFormFields,
  eventFormSchema,
} from "../../domain/events/event.schema.ts";
import {
  createEvent,
  getEvent,
  listEvents,
  removeEvent,
  restoreEvent,
  updateEvent,
} from "../../domain/events/events.server.ts";
import { EVENT_KIND_LABELS, eventWhenText } from "../../domain/events/rules.ts";
import { listVenues } from "../../domain/fixtures/venues.server.ts";
import type { Route } from "./+types/events";

// Club events (ADR 031; on the admin resource module, ADR 005): training, taster sessions,
// fundraisers, the AGM. Shown on /events, in the calendar feed and (taster sessions) on Come
// and try; never in the match centre, the results, the table or the figures.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Club events | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const SCREEN = "/admin/events";

const MESSAGES = {
  created: "Event added.",
  updated: "Event updated.",
  gone: "This event no longer exists: it may have been deleted. Nothing was saved.",
  expired: "This event can no longer be restored.",
};

const quoted = (title: string) => `“${title}”`;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "events");
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const id = editId === null ? null : z.uuid().safeParse(editId);
  const editing = id?.success ? await getEvent({ id: id.data }) : null;
  const [events, venues, timeZone] = await Promise.all([
    listEvents(),
    listVenues(),
    getClubTimeZone(),
  ]);
  const venueNames = new Map(venues.map((venue) => [venue.id, venue.name]));
  const page = {
    events: events.map((event) => ({
      id: event.id,
      title: event.title,
      kind: EVENT_KIND_LABELS[event.kind],
      when: eventWhenText({ event, timeZone }),
      venue: (event.venueId && venueNames.get(event.venueId)) || null,
    })),
    changes: await latestChanges({ screen: "events", ids: events.map((event) => event.id) }),
    venues: venues.map((venue) => ({ id: venue.id, name: venue.name })),
    timeZone,
    editing: editing ? eventFormDefaults({ event: editing, timeZone }) : null,
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
    // An edit link to an event deleted meanwhile: HTTP 404, and the screen in add mode says so.
    missing: editId !== null && !editing,
  };
  return data(page, { status: page.missing ? 404 : 200 });
}

// The schema reads the club's time zone, so the action is made per request (ADR 022).
export async function action(args: Route.ActionArgs) {
  return adminAction({
    screen: "events",
    form: {
      fields: eventFormFields,
      schema: eventFormSchema({ timeZone: await getClubTimeZone() }),
      create: ({ values }) => createEvent({ values }),
      update: ({ id, values }) => updateEvent({ id, values }),
    },
    remove: async ({ id }) => {
      const deleted = await removeEvent({ id });
      return deleted && { token: deleted.token, label: quoted(deleted.event.title) };
    },
    restore: async ({ token }) => {
      const restored = await restoreEvent({ token });
      return restored && { id: restored.id, label: quoted(restored.title) };
    },
    listHref: () => SCREEN,
    messages: MESSAGES,
  })(args);
}

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function ManageEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { events, changes, venues, timeZone, editing, saved, missing } = loaderData;
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: editing?.id ?? null,
    formId: eventFormId(editing?.id),
    formHeadingId: eventFormHeadingId(editing?.id),
  });
  return (
    <>
      <AdminPageHeader
        title="Club events"
        intro="Training, taster sessions, fundraisers and the AGM: on the club calendar (/events) and in the calendar feed, never in the match centre. Taster sessions are also on Come and try."
        screen={{ ...screen, error: screen.error ?? (missing ? MESSAGES.gone : null) }}
      />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:items-start">
        <EventForm
          key={screen.formKey}
          editing={editing}
          venues={venues}
          timeZone={timeZone}
          lastResult={screen.lastResult}
          action={editing ? `${SCREEN}?edit=${editing.id}` : screen.actionHref}
          cancelTo={SCREEN}
        />
        <section aria-labelledby="event-list-title">
          <h2
            id="event-list-title"
            className="font-display text-2xl font-bold uppercase text-slate-900"
          >
            All events <span className="text-slate-500">({events.length})</span>
          </h2>
          {events.length === 0 ? (
            <p className="mt-4 rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
              No events yet. Add the first with the form.
            </p>
          ) : (
            <ul className="mt-4 space-y-3">
              {events.map((event) => (
                <li key={event.id}>
                  <article
                    id={rowDomId(event.id)}
                    tabIndex={-1}
                    aria-labelledby={`event-${event.id}`}
                    className={`rounded-xl bg-white p-4 shadow-sm ${editing?.id === event.id ? "ring-2 ring-club" : "ring-1 ring-slate-200"}`}
                  >
                    <p className="text-xs font-bold uppercase tracking-wider text-club">
                      {event.kind}
                    </p>
                    <h3 id={`event-${event.id}`} className="font-semibold text-slate-900">
                      {event.title}
                    </h3>
                    <p className="mt-0.5 text-sm text-slate-700">
                      {event.when}
                      {event.venue ? ` · ${event.venue}` : ""}
                    </p>
                    <ChangedBy change={changes[event.id]} />
                    <div className="mt-3">
                      <RowActions
                        id={event.id}
                        label={event.title}
                        editHref={`${SCREEN}?edit=${event.id}`}
                        action={editing?.id === event.id ? SCREEN : screen.actionHref}
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
