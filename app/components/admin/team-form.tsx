import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import { TBD, TEAM_ROLES } from "../../domain/team/rules.ts";
import {
  TEAM_FIELD_LIMITS,
  type TeamFormRecord,
  type TeamMemberInput,
  teamFormDefaults,
  teamMemberSchema,
} from "../../domain/team/team.schema.ts";
import { BioEditor } from "./bio-editor.tsx";
import { ImageField } from "./image-field.tsx";
import { useSaveLock, useSaving } from "./resource/save-lock.tsx";

/** The name a person's photo file is posted under (the route's `uploads`). */
export const TEAM_IMAGE_FILE = "imageFile";

import { FormActions, FormErrors, NumberField, SelectField, TextField } from "./form-fields.tsx";

// The Manage Team form (rules §2 Manage Team, §5 Team form; ADR 005): add a person, or update
// one with ?edit=<id>. The order in the list is changed with Move up / Move down there; the
// display order field is for big jumps.

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

export const TEAM_FORM_ID = "team-form";
export const TEAM_FORM_HEADING_ID = "team-form-title";

export function TeamForm({
  editing,
  lastResult,
  nextDisplayOrder,
  action,
  cancelTo,
  season,
  prefillName,
}: {
  editing: TeamFormRecord | null;
  lastResult: SubmissionResult<string[]> | undefined;
  nextDisplayOrder: number;
  action: string;
  cancelTo: string;
  /** The current season: its label, and whether its goals are counted from the results (ADR 016). */
  season: { label: string; goalsFromResults: boolean; detailsFromResults: boolean };
  /** A new person's name, from "Add to the squad" next to an unmatched scorer. */
  prefillName?: string | null;
}) {
  const saving = useSaving();
  const [form, fields] = useForm<TeamFormShape, TeamMemberInput>({
    id: TEAM_FORM_ID,
    lastResult,
    constraint,
    defaultValue: {
      ...teamFormDefaults({ member: editing, nextDisplayOrder }),
      ...(!editing && prefillName ? { name: prefillName } : {}),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: teamMemberSchema }),
  });
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  const tbdHint = "Leave empty for TBD.";

  return (
    <section
      aria-labelledby={TEAM_FORM_HEADING_ID}
      className={`mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 sm:p-6 ${editing ? "ring-2 ring-club" : "ring-slate-200"}`}
    >
      <h2 id={TEAM_FORM_HEADING_ID} tabIndex={-1} className="text-xl font-bold text-slate-900">
        {editing ? `Edit ${editing.name}` : "Add a person"}
      </h2>
      <Form
        method="post"
        encType="multipart/form-data"
        action={action}
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
          <legend className="text-base font-bold text-slate-900">
            Season {season.label} stats
          </legend>
          <p id="team-stats-source" className="mt-1 text-sm text-slate-600">
            {season.goalsFromResults
              ? season.detailsFromResults
                ? "This season's goals, assists and cards are counted from the results; the figures here are kept but not shown."
                : "This season's goals are counted from the scorers on results; the goals figure here is kept but not shown. Assists and cards are shown as entered here."
              : "No result recorded this season yet: these figures are shown as entered."}
          </p>
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

        <ImageField
          field={fields.image}
          fileName={TEAM_IMAGE_FILE}
          kind="photo"
          legend="Photo"
          hint="Leave both empty to use the club's photo for this person, or the default one."
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
          cancelTo={cancelTo}
          className="border-t border-slate-200 pt-5"
        />
      </Form>
    </section>
  );
}
