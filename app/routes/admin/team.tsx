import { data, useNavigation } from "react-router";
import { z } from "zod";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { ChangedBy, type ChangedByValue } from "../../components/admin/activity/changed-by.tsx";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { rowDomId } from "../../components/admin/resource/ids.ts";
import { RowActions } from "../../components/admin/resource/row-actions.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import {
  TEAM_FORM_HEADING_ID,
  TEAM_FORM_ID,
  TEAM_IMAGE_FILE,
  TeamForm,
} from "../../components/admin/team-form.tsx";
import { MediaImage } from "../../components/site/media-image.tsx";
import { personPhoto } from "../../components/site/person-photo.ts";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { latestChanges } from "../../domain/activity/activity.server.ts";
import { type AdminReply, savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { getCurrentSeason } from "../../domain/seasons/seasons.server.ts";
import { playerFiguresForSeason } from "../../domain/seasons/standing.server.ts";
import { hasProfilePage, TBD } from "../../domain/team/rules.ts";
import { teamMemberSchema } from "../../domain/team/team.schema.ts";
import {
  getTeamMember,
  listTeam,
  moveTeamMember,
  removeTeamMember,
  restoreTeamMember,
  saveTeamMember,
  type TeamMember,
  type TeamMemberSummary,
} from "../../domain/team/team.server.ts";
import type { Route } from "./+types/team";

// Manage Team (rules §2, §5 Team form; decisions 9-10; ADR 005, built on the admin resource
// module): the form, and the people in their order, moved with Move up / Move down.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Manage Team | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/team";

const MESSAGES = {
  created: "Team member added.",
  updated: "Team member updated.",
  gone: "This person is no longer on the team: they may have been deleted.",
  expired: "This person can no longer be restored.",
};

// ADR 005: the list, and the person being edited when the address says ?edit=<id>.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "team");
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  let editing: TeamMember | null = null;
  if (editId !== null) {
    const id = z.uuid().safeParse(editId);
    editing = id.success ? await getTeamMember({ id: id.data }) : null;
  }
  const [team, season] = await Promise.all([listTeam(), getCurrentSeason()]);
  const { recorded } = await playerFiguresForSeason({ season });
  const players = team.filter((member) => hasProfilePage(member.role));
  // "Add to the squad" next to an unmatched scorer (Seasons screen) names the new person.
  const prefill = z.string().trim().min(1).max(100).safeParse(url.searchParams.get("name"));
  const page = {
    team,
    changes: await latestChanges({ screen: "team", ids: team.map((member) => member.id) }),
    season: {
      label: season.label,
      goalsFromResults: recorded.goals,
      detailsFromResults: recorded.details,
    },
    prefillName: prefill.success ? prefill.data : null,
    editing,
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
    // An edit link to someone deleted meanwhile: HTTP 404, and the screen in add mode says so.
    missing: editId !== null && !editing,
    nextDisplayOrder: Math.max(0, ...players.map((player) => player.displayOrder)) + 1,
  };
  return data(page, { status: page.missing ? 404 : 200 });
}

const move =
  (direction: "up" | "down") =>
  async ({ id }: { id: string }): Promise<AdminReply> => {
    const moved = await moveTeamMember({ id, direction });
    if (!moved) return { kind: "refused", message: MESSAGES.gone };
    const place = `position ${moved.position} of ${moved.count}`;
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
  screen: "team",
  form: {
    fields: teamMemberSchema,
    schema: teamMemberSchema,
    uploads: [{ field: "image", file: TEAM_IMAGE_FILE, kind: "photo" }],
    create: async (input) => {
      const saved = await saveTeamMember(input);
      if (!saved) throw new Error("the team member was not stored");
      return saved.member;
    },
    update: async (input) => (await saveTeamMember(input))?.member ?? null,
  },
  remove: async ({ id }) => {
    const deleted = await removeTeamMember({ id });
    return deleted && { token: deleted.token, label: deleted.member.name };
  },
  restore: async ({ token }) => {
    const restored = await restoreTeamMember({ token });
    return restored && { id: restored.id, label: restored.name };
  },
  rowIntents: { "move-up": move("up"), "move-down": move("down") },
  listHref: () => PATH,
  messages: MESSAGES,
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function ManageTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { team, changes, editing, saved, missing, nextDisplayOrder, season, prefillName } =
    loaderData;
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: editing?.id ?? null,
    formId: TEAM_FORM_ID,
    formHeadingId: TEAM_FORM_HEADING_ID,
  });
  return (
    <>
      <AdminPageHeader
        title="Manage Team"
        intro="Players and coaching staff shown on the Team page. Players get a profile page."
        backLabel="Return to Dashboard"
        screen={{ ...screen, error: screen.error ?? (missing ? MESSAGES.gone : null) }}
      />
      <TeamForm
        key={screen.formKey}
        editing={editing}
        lastResult={screen.lastResult}
        nextDisplayOrder={nextDisplayOrder}
        season={season}
        prefillName={prefillName}
        action={editing ? `${PATH}?edit=${editing.id}` : screen.actionHref}
        cancelTo={PATH}
      />
      <TeamList team={team} changes={changes} editingId={editing?.id} action={screen.actionHref} />
    </>
  );
}

/** A person's place within their role group (players, head coach, assistants). */
function placeInGroup(team: TeamMemberSummary[], member: TeamMemberSummary) {
  const group = team.filter((other) => other.role === member.role);
  return { position: group.indexOf(member) + 1, count: group.length };
}

function TeamList({
  team,
  changes,
  editingId,
  action,
}: {
  team: TeamMemberSummary[];
  changes: Record<string, ChangedByValue>;
  editingId?: string;
  action: string;
}) {
  const navigation = useNavigation();
  return (
    <section aria-labelledby="team-list-title" className="mt-10">
      <h2 id="team-list-title" className="text-xl font-bold text-slate-900">
        People on the team
      </h2>
      {team.length === 0 ? (
        <p className="mt-4 rounded-xl bg-white p-6 text-slate-600 ring-1 ring-slate-200">
          Nobody on the team yet. Add the first person with the form above.
        </p>
      ) : (
        <ul className="mt-4 space-y-3" aria-busy={navigation.state !== "idle"}>
          {team.map((member) => (
            <li
              key={member.id}
              id={rowDomId(member.id)}
              tabIndex={-1}
              aria-label={member.name}
              className={`flex flex-wrap items-center gap-4 rounded-xl bg-white p-3 shadow-sm ring-1 sm:flex-nowrap sm:p-4 ${member.id === editingId ? "ring-2 ring-club" : "ring-slate-200"}`}
            >
              <MediaImage
                src={personPhoto(member)}
                alt=""
                width={48}
                height={60}
                sizes="3rem"
                loading="lazy"
                className="h-15 w-12 shrink-0 rounded-md bg-slate-200 object-cover object-top"
              />
              <div className="min-w-0 flex-1">
                <p className="font-bold break-words text-slate-900">{member.name}</p>
                <p className="text-sm text-slate-600">
                  {member.role}
                  {hasProfilePage(member.role) && member.number !== TBD
                    ? ` · No. ${member.number}`
                    : ""}
                  {` · Order ${member.displayOrder}`}
                </p>
                <ChangedBy change={changes[member.id]} />
              </div>
              <div className="w-full sm:w-auto">
                <RowActions
                  id={member.id}
                  label={member.name}
                  editHref={`${PATH}?edit=${member.id}`}
                  // Deleting the person being edited leaves edit mode.
                  action={member.id === editingId ? PATH : action}
                  move={placeInGroup(team, member)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
