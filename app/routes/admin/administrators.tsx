import { data, Form, Link, useNavigation } from "react-router";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { buttonStyles } from "../../components/admin/form-fields.tsx";
import { rowDomId } from "../../components/admin/resource/ids.ts";
import { RowActions } from "../../components/admin/resource/row-actions.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { RolesForm, rolesFormHeadingId, rolesFormId } from "../../components/admin/roles-field.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { useClubDates } from "../../components/site/use-club-dates.ts";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { rolesText } from "../../domain/admin/screens.ts";
import {
  LAST_ADMINISTRATOR,
  LAST_ADMINISTRATOR_ROLE,
  listAdministrators,
  removeAdministratorRecord,
  restoreAdministrator,
  setAdministratorRoles,
} from "../../domain/auth/administrators.server.ts";
import { rolesSchema } from "../../domain/auth/auth.schema.ts";
import { pendingInvitations } from "../../domain/auth/links.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import type { Route } from "./+types/administrators";

// Administrators (ADR 005 and ADR 014, rules §6 Roles): who can sign in and with which
// roles, who is still invited, Edit roles (?edit=<id>) and Delete with Undo (both refused
// where they would leave no Administrator who can sign in), and the ways to invite someone,
// change your own password and sign out everywhere.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Administrators | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const SCREEN = "/admin/administrators";

const MESSAGES = {
  created: "Roles saved.",
  updated: "Roles saved.",
  gone: "That administrator no longer exists.",
  expired: "This administrator can no longer be restored.",
};

const label = (email: string) => `Administrator ${email}`;

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAccess(request, "administrators");
  const url = new URL(request.url);
  const [administrators, pending] = await Promise.all([listAdministrators(), pendingInvitations()]);
  const editId = url.searchParams.get("edit");
  const editing = administrators.find((admin) => admin.id === editId) ?? null;
  if (editId && !editing) throw data(null, { status: 404 });
  return {
    me: me.id,
    editing: editing && { id: editing.id, email: editing.email, roles: editing.roles },
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
    administrators: administrators.map((admin) => ({
      ...admin,
      invitedUntil: admin.passwordSetAt ? null : (pending.get(admin.id) ?? null),
    })),
  };
}

export const action = adminAction({
  screen: "administrators",
  // Edit roles: there is no "add" here (an invitation adds someone), so the form always
  // names the administrator it changes.
  form: {
    fields: rolesSchema,
    schema: rolesSchema,
    create: async () => ({ refused: MESSAGES.gone }),
    update: async ({ id, roles }) => {
      const outcome = await setAdministratorRoles({ id, roles });
      if (outcome.status === "gone") return null;
      if (outcome.status === "last") return { refused: LAST_ADMINISTRATOR_ROLE };
      return { id };
    },
  },
  remove: async ({ id }) => {
    const outcome = await removeAdministratorRecord({ id });
    if (outcome.status === "gone") return null;
    // Refused (409) in the module's reply shape; nothing changed.
    if (outcome.status === "last") return { refused: LAST_ADMINISTRATOR };
    return { token: outcome.token, label: label(outcome.email) };
  },
  restore: async ({ token }) => {
    const restored = await restoreAdministrator({ token });
    return restored && { id: restored.id, label: label(restored.email) };
  },
  listHref: () => SCREEN,
  messages: MESSAGES,
});

// ADR 006: a removal made offline waits in the outbox like any other admin change.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function Administrators({ loaderData, actionData }: Route.ComponentProps) {
  const { formatShortDateTime } = useClubDates();

  const navigation = useNavigation();
  const { me, administrators, editing, saved } = loaderData;
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: editing?.id ?? null,
    formId: editing ? rolesFormId(editing.id) : "",
    formHeadingId: editing ? rolesFormHeadingId(editing.id) : "",
  });
  return (
    <>
      <AdminPageHeader
        title="Administrators"
        intro="Everyone who can sign in to this admin area, and what each may do. A new administrator chooses their own password through a one-time link."
        screen={screen}
      />
      {editing ? (
        <RolesForm
          key={screen.formKey}
          editing={editing}
          lastResult={screen.lastResult}
          action={screen.actionHref}
          cancelTo={SCREEN}
        />
      ) : null}
      <p className="mt-6 flex flex-wrap gap-3">
        <Link to="/admin/administrators/new" className={buttonStyles.primary}>
          Add an administrator
        </Link>
        <Link to="/admin/password" className={buttonStyles.secondary}>
          Change your password
        </Link>
      </p>
      <ul className="mt-6 space-y-3" aria-busy={navigation.state !== "idle"}>
        {administrators.map((admin) => (
          <li key={admin.id}>
            <article
              id={rowDomId(admin.id)}
              tabIndex={-1}
              aria-labelledby={`admin-${admin.id}`}
              className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            >
              <h2 id={`admin-${admin.id}`} className="font-semibold break-words text-slate-900">
                {admin.email}
                {admin.id === me ? (
                  <span className="font-normal text-slate-600"> (you)</span>
                ) : null}
              </h2>
              <p className="mt-0.5 text-sm font-semibold text-slate-800">
                {rolesText(admin.roles)}
              </p>
              <p className="mt-0.5 text-sm text-slate-600">
                {admin.passwordSetAt
                  ? admin.lastLoginAt
                    ? `Last signed in ${formatShortDateTime(admin.lastLoginAt)}`
                    : "Has not signed in yet"
                  : admin.invitedUntil && admin.invitedUntil.getTime() > Date.now()
                    ? `Invited: the link works until ${formatShortDateTime(admin.invitedUntil)}`
                    : "Invited: the link has expired or was replaced. Add them again for a new link."}
              </p>
              <div className="mt-3">
                <RowActions
                  id={admin.id}
                  label={label(admin.email)}
                  editHref={`${SCREEN}?edit=${admin.id}`}
                  action={screen.actionHref}
                />
              </div>
            </article>
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
          <button type="submit" className={buttonStyles.secondary}>
            Sign out everywhere
          </button>
        </Form>
      </section>
    </>
  );
}
