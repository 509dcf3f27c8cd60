import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { BioEditor } from "../../components/admin/bio-editor.tsx";
import {
  buttonStyles,
  FormActions,
  FormErrors,
  NumberField,
  SelectField,
  TextField,
} from "../../components/admin/form-fields.tsx";
import {
  outboxClientAction,
  outboxShouldRevalidate,
} from "../../components/admin/outbox-action.ts";
import { UndoNotice } from "../../components/admin/undo-notice.tsx";
import { personPhoto } from "../../components/site/person-photo.ts";
import { club } from "../../config/club.ts";
import { requireAdministrator } from "../../domain/auth/session.server.ts";
import { appliedOnce } from "../../domain/connectivity/request-ids.server.ts";
import { parseForm } from "../../domain/forms/parse-form.ts";
import { hasProfilePage, TBD, TEAM_ROLES } from "../../domain/team/rules.ts";
import {
  TEAM_FIELD_LIMITS,
  type TeamMemberInput,
  teamMemberSchema,
} from "../../domain/team/team.schema.ts";
import {
  deleteTeamMember,
  getTeamMember,
  listTeam,
  restoreTeamMember,
  saveTeamMember,
  type TeamMember,
  type TeamMemberSummary,
} from "../../domain/team/team.server.ts";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = () => [
  { title: `Manage Team | ${club.shortName} admin` },
  { name: "robots", content: "noindex" },
];

const PATH = "/admin/team";
/** ADR 005: ?done=created|updated after a save says what happened. */
const doneSchema = z.enum(["created", "updated"]).nullable().catch(null);

// ADR 005: the list, and the person being edited when the address says ?edit=<id>.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdministrator(request);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  let editing: TeamMember | null = null;
  if (editId !== null) {
    const id = z.uuid().safeParse(editId);
    editing = id.success ? await getTeamMember({ id: id.data }) : null;
  }
  const done = doneSchema.parse(url.searchParams.get("done"));
  const team = await listTeam();
  const players = team.filter((member) => hasProfilePage(member.role));
  const page = {
    team,
    editing,
    done,
    // An edit link to someone deleted meanwhile: HTTP 404, and the screen in add mode says so.
    missing: editId !== null && !editing,
    nextDisplayOrder: Math.max(0, ...players.map((player) => player.displayOrder)) + 1,
  };
  return data(page, { status: page.missing ? 404 : 200 });
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
  z.object({ intent: z.literal("undo"), token: z.uuid() }),
]);

// ADR 005: one action; `save` creates or (with an id) overwrites, `delete` and `undo`.
export const action = appliedOnce(async ({ request }: Route.ActionArgs) => {
  await requireAdministrator(request);
  const formData = await request.formData();
  if ((formData.get("intent") ?? "save") === "save") {
    const submission = parseForm(formData, { schema: teamMemberSchema });
    if (submission.status !== "success") {
      return data({ result: submission.reply() }, { status: 400 });
    }
    const saved = await saveTeamMember(submission.value);
    if (!saved) {
      return data({ result: submission.reply({ formErrors: [GONE_MESSAGE] }) }, { status: 404 });
    }
    return redirect(`${PATH}?done=${saved.created ? "created" : "updated"}`);
  }
  const parsed = intentSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return data({ error: "That request was not understood." }, { status: 400 });
  const input = parsed.data;
  if (input.intent === "delete") {
    const deleted = await deleteTeamMember({ id: input.id });
    if (!deleted) return data({ error: GONE_MESSAGE }, { status: 404 });
    return { undo: { token: deleted.token, label: deleted.member.name } };
  }
  const restored = await restoreTeamMember({ token: input.token });
  if (!restored) {
    return data({ error: "This person can no longer be restored." }, { status: 410 });
  }
  return { restored: `${restored.name} restored.` };
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

const GONE_MESSAGE = "This person is no longer on the team: they may have been deleted.";

const DONE_MESSAGES: Record<"created" | "updated", string> = {
  created: "Team member added.",
  updated: "Team member updated.",
};

export default function ManageTeam({ loaderData, actionData }: Route.ComponentProps) {
  const { team, editing, done, missing, nextDisplayOrder } = loaderData;
  const location = useLocation();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const undo = actionData && "undo" in actionData ? actionData.undo : undefined;
  const restored = actionData && "restored" in actionData ? actionData.restored : undefined;
  // A new key after each save clears the form; editing someone else loads them.
  const formKey = editing ? `edit-${editing.id}` : `add-${done ? location.key : ""}`;
  return (
    <>
      <AdminPageHeader
        title="Manage Team"
        intro="Players and coaching staff shown on the Team page. Players get a profile page."
        backLabel="Return to Dashboard"
        error={
          actionData && "error" in actionData ? actionData.error : missing ? GONE_MESSAGE : null
        }
        status={restored ?? (done ? DONE_MESSAGES[done] : null)}
      />
      <TeamForm
        key={formKey}
        editing={editing}
        lastResult={lastResult}
        nextDisplayOrder={nextDisplayOrder}
      />
      <TeamList team={team} editingId={editing?.id} />
      <UndoNotice offer={undo} />
    </>
  );
}

// The Zod schema's rules for the browser; only the name is required (empty fields get
// their defaults on the server).
const constraint = Object.fromEntries(
  Object.entries(getZodConstraint(teamMemberSchema)).map(([name, rules]) => [
    name,
    name === "name"
      ? { ...rules, maxLength: TEAM_FIELD_LIMITS.nameMax }
      : { ...rules, required: name === "role" },
  ]),
);

/** What the form holds: every field as typed text. */
type TeamFormShape = { [K in keyof z.input<typeof teamMemberSchema>]?: string };

const emptyIfTbd = (value: string) => (value === TBD ? "" : value);

function formValues(member: TeamMember) {
  return {
    id: member.id,
    name: member.name,
    role: member.role,
    number: emptyIfTbd(member.number),
    position: emptyIfTbd(member.position),
    classification: emptyIfTbd(member.classification),
    playingSince: emptyIfTbd(member.playingSince),
    goals: String(member.goals),
    assists: String(member.assists),
    yellowCards: String(member.yellowCards),
    redCards: String(member.redCards),
    displayOrder: String(member.displayOrder),
    image: member.image ?? "",
    bio: member.bio,
  };
}

function TeamForm({
  editing,
  lastResult,
  nextDisplayOrder,
}: {
  editing: TeamMember | null;
  lastResult: SubmissionResult<string[]> | undefined;
  nextDisplayOrder: number;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm<TeamFormShape, TeamMemberInput>({
    lastResult,
    constraint,
    defaultValue: editing
      ? formValues(editing)
      : {
          role: "Player",
          goals: "0",
          assists: "0",
          yellowCards: "0",
          redCards: "0",
          displayOrder: String(nextDisplayOrder),
        },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamMemberSchema }),
  });
  const tbdHint = "Leave empty for TBD.";

  return (
    <section
      aria-labelledby="team-form-title"
      className={`mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 sm:p-6 ${editing ? "ring-2 ring-club" : "ring-slate-200"}`}
    >
      <h2 id="team-form-title" className="text-xl font-bold text-slate-900">
        {editing ? `Edit ${editing.name}` : "Add a person"}
      </h2>
      <Form
        method="post"
        action={editing ? `${PATH}?edit=${editing.id}` : PATH}
        {...getFormProps(form)}
        className="mt-4 space-y-6"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        {editing ? <input {...getInputProps(fields.id, { type: "hidden" })} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField field={fields.name} label="Name" autoComplete="off" />
          </div>
          <SelectField
            field={fields.role}
            label="Role"
            options={TEAM_ROLES.map((role) => ({ value: role, label: role }))}
          />
          <TextField field={fields.number} label="Shirt number" hint={tbdHint} placeholder={TBD} />
          <TextField field={fields.position} label="Position" hint={tbdHint} placeholder={TBD} />
          <TextField
            field={fields.classification}
            label="Classification"
            hint={tbdHint}
            placeholder={TBD}
          />
          <TextField
            field={fields.playingSince}
            label="Playing since"
            hint={tbdHint}
            placeholder={TBD}
          />
          <NumberField
            field={fields.displayOrder}
            label="Display order"
            hint="Lower numbers are listed first."
            min={0}
            max={TEAM_FIELD_LIMITS.displayOrderMax}
          />
        </div>

        <fieldset>
          <legend className="text-base font-bold text-slate-900">{club.statsLabel} stats</legend>
          <div className="mt-2 grid grid-cols-2 items-end gap-4 sm:grid-cols-4">
            <NumberField
              field={fields.goals}
              label="Goals"
              min={0}
              max={TEAM_FIELD_LIMITS.statMax}
            />
            <NumberField
              field={fields.assists}
              label="Assists"
              min={0}
              max={TEAM_FIELD_LIMITS.statMax}
            />
            <NumberField
              field={fields.yellowCards}
              label="Yellow cards"
              min={0}
              max={TEAM_FIELD_LIMITS.statMax}
            />
            <NumberField
              field={fields.redCards}
              label="Red cards"
              min={0}
              max={TEAM_FIELD_LIMITS.statMax}
            />
          </div>
        </fieldset>

        <TextField
          field={fields.image}
          label="Image URL"
          hint="An address starting with https:// or a path on this site, like /images/photo.jpg. Leave empty to use the club's photo for this person, or the default one."
        />

        <BioEditor
          field={fields.bio}
          label="Bio"
          hint="Bold, italic, underline, lists and links. Tab moves on to the next field; at the start of a list item it indents."
        />

        <FormActions
          editing={Boolean(editing)}
          saving={saving}
          addLabel="Add Player"
          updateLabel="Update Player"
          cancelTo={PATH}
          className="border-t border-slate-200 pt-5"
        />
      </Form>
    </section>
  );
}

function TeamList({ team, editingId }: { team: TeamMemberSummary[]; editingId?: string }) {
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
              className={`flex flex-wrap items-center gap-4 rounded-xl bg-white p-3 shadow-sm ring-1 sm:flex-nowrap sm:p-4 ${member.id === editingId ? "ring-2 ring-club" : "ring-slate-200"}`}
            >
              <img
                src={personPhoto(member)}
                alt=""
                width={48}
                height={60}
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
              </div>
              <div className="flex w-full gap-2 sm:w-auto">
                <Link
                  to={`${PATH}?edit=${member.id}`}
                  className={`${buttonStyles.secondary} flex-1 text-sm sm:flex-none`}
                  aria-current={member.id === editingId ? "true" : undefined}
                >
                  Edit<span className="sr-only">: {member.name}</span>
                </Link>
                <Form
                  method="post"
                  action={editingId && editingId !== member.id ? `${PATH}?edit=${editingId}` : PATH}
                  className="flex flex-1 sm:flex-none"
                >
                  <input type="hidden" name="id" value={member.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    className={`${buttonStyles.danger} flex-1`}
                  >
                    Delete<span className="sr-only">: {member.name}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
