import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { buttonStyles } from "../../components/admin/form-fields.tsx";
import { UndoNotice } from "../../components/admin/undo-notice.tsx";
import { club } from "../../config/club.ts";
import { requireAdministrator } from "../../domain/auth/session.server.ts";
import {
  deleteMessage,
  listMessages,
  markMessageRead,
  restoreMessage,
} from "../../domain/contact/messages.server.ts";
import { formatShortDateTime } from "../../domain/dates/format.ts";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => [
  { title: `Messages | ${club.shortName} admin` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdministrator(request);
  return { messages: await listMessages() };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: z.uuid() }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
  z.object({ intent: z.literal("undo"), token: z.uuid() }),
]);

export async function action({ request }: Route.ActionArgs) {
  await requireAdministrator(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "That request was not understood." }, { status: 400 });
  const input = parsed.data;
  if (input.intent === "read") {
    if (!(await markMessageRead({ id: input.id }))) {
      return data({ error: "That message no longer exists." }, { status: 404 });
    }
    return { done: "read" as const };
  }
  if (input.intent === "delete") {
    const deleted = await deleteMessage({ id: input.id });
    if (!deleted) return data({ error: "That message no longer exists." }, { status: 404 });
    return { undo: { token: deleted.token, label: `Message from ${deleted.message.name}` } };
  }
  const restored = await restoreMessage({ token: input.token });
  if (!restored) {
    return data({ error: "This message can no longer be restored." }, { status: 410 });
  }
  return { restored: `Message from ${restored.name} restored.` };
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { messages } = loaderData;
  const undo = actionData && "undo" in actionData ? actionData.undo : undefined;
  return (
    <>
      <AdminPageHeader
        title="Messages"
        intro="Messages sent with the contact form, newest first."
        error={actionData && "error" in actionData ? actionData.error : null}
        status={actionData && "restored" in actionData ? actionData.restored : null}
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
                      href={`mailto:${message.email}`}
                      className="font-semibold text-club underline-offset-4 hover:underline"
                    >
                      {message.email}
                    </a>
                  </p>
                  <p className="mt-3 whitespace-pre-line break-words text-slate-800">
                    {message.message}
                  </p>
                  <Form method="post" className="mt-4 flex flex-wrap gap-2">
                    <input type="hidden" name="id" value={message.id} />
                    {unread ? (
                      <button
                        type="submit"
                        name="intent"
                        value="read"
                        className={`${buttonStyles.secondary} text-sm`}
                      >
                        Mark as read<span className="sr-only">: message from {message.name}</span>
                      </button>
                    ) : null}
                    <button
                      type="submit"
                      name="intent"
                      value="delete"
                      className={buttonStyles.danger}
                    >
                      Delete<span className="sr-only">: message from {message.name}</span>
                    </button>
                  </Form>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      <UndoNotice offer={undo} />
    </>
  );
}
