import { Form, useNavigation } from "react-router";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { ChangedBy } from "../../components/admin/activity/changed-by.tsx";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { buttonStyles } from "../../components/admin/form-fields.tsx";
import { rowDomId } from "../../components/admin/resource/ids.ts";
import { RowActions } from "../../components/admin/resource/row-actions.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { useClubDates } from "../../components/site/use-club-dates.ts";
import { latestChanges } from "../../domain/activity/activity.server.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import {
  listMessages,
  markMessageRead,
  removeMessage,
  restoreMessage,
} from "../../domain/contact/messages.server.ts";
import { MESSAGE_KIND_MARKS, replyHref } from "../../domain/contact/rules.ts";
import type { Route } from "./+types/messages";

// Messages (decisions 18; ADR 005, built on the admin resource module): what the contact
// form and Come and try (marked so; ADR 031) sent, newest first, with Mark as read and Delete with Undo. No form of its own: the
// module's row buttons only. Its changes carry request ids and wait in the outbox offline
// like every other admin screen's.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Messages | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/messages";

const MESSAGES = {
  gone: "That message no longer exists.",
  expired: "This message can no longer be restored.",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "messages");
  const messages = await listMessages();
  const ids = messages.map(({ id }) => id);
  return { messages, changes: await latestChanges({ screen: "messages", ids }) };
}

export const action = adminAction({
  screen: "messages",
  remove: async ({ id }) => {
    const deleted = await removeMessage({ id });
    return deleted && { token: deleted.token, label: `Message from ${deleted.message.name}` };
  },
  restore: async ({ token }) => {
    const restored = await restoreMessage({ token });
    return restored && { id: restored.id, label: `Message from ${restored.name}` };
  },
  rowIntents: {
    read: async ({ id }) =>
      (await markMessageRead({ id }))
        ? { kind: "saved", id, message: "Marked as read.", focus: "row" }
        : { kind: "refused", message: MESSAGES.gone },
  },
  listHref: () => PATH,
  messages: MESSAGES,
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { formatShortDateTime } = useClubDates();

  const navigation = useNavigation();
  const { messages, changes } = loaderData;
  const screen = useAdminReply({ actionData });
  return (
    <>
      <AdminPageHeader
        title="Messages"
        intro="Messages sent with the contact form and Come and try enquiries, newest first."
        screen={screen}
      />
      {messages.length === 0 ? (
        <p className="mt-8 rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
          No messages yet.
        </p>
      ) : (
        <ul className="mt-6 space-y-4" aria-busy={navigation.state !== "idle"}>
          {messages.map((message) => {
            const unread = message.readAt === null;
            return (
              <li key={message.id}>
                <article
                  id={rowDomId(message.id)}
                  tabIndex={-1}
                  aria-labelledby={`message-${message.id}`}
                  className={`rounded-xl bg-white p-5 shadow-sm ring-1 ${unread ? "ring-2 ring-club" : "ring-slate-200"}`}
                >
                  <header className="flex flex-wrap items-baseline justify-between gap-2">
                    <h2 id={`message-${message.id}`} className="text-lg font-bold text-slate-900">
                      {unread ? (
                        <span className="mr-2 rounded-full bg-club px-2 py-0.5 align-middle text-xs font-semibold uppercase text-club-contrast">
                          Unread
                        </span>
                      ) : null}
                      {MESSAGE_KIND_MARKS[message.kind] ? (
                        <span className="mr-2 rounded-full bg-accent px-2 py-0.5 align-middle text-xs font-semibold uppercase text-accent-contrast">
                          {MESSAGE_KIND_MARKS[message.kind]}
                        </span>
                      ) : null}
                      {message.name}
                    </h2>
                    <time
                      dateTime={message.createdAt.toISOString()}
                      className="text-sm text-slate-600"
                    >
                      {formatShortDateTime(message.createdAt)}
                    </time>
                  </header>
                  <p className="mt-1 text-sm">
                    <a
                      href={replyHref(message.email)}
                      className="font-semibold text-club underline-offset-4 hover:underline"
                    >
                      {message.email}
                    </a>
                  </p>
                  <p className="mt-3 whitespace-pre-line break-words text-slate-800">
                    {message.message}
                  </p>
                  <ChangedBy change={changes[message.id]} />
                  <div className="mt-4">
                    <RowActions
                      id={message.id}
                      label={`Message from ${message.name}`}
                      action={screen.actionHref}
                    >
                      {unread ? (
                        <Form method="post" action={screen.actionHref}>
                          <input type="hidden" name="id" value={message.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="read"
                            className={`${buttonStyles.secondary} text-sm`}
                          >
                            Mark as read
                            <span className="sr-only">: message from {message.name}</span>
                          </button>
                        </Form>
                      ) : null}
                    </RowActions>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
