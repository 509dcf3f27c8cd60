import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import {
  COMPETITION_KIND_LABELS,
  COMPETITION_KINDS,
  competitionFormFields,
  competitionFormSchema,
  venueFormFields,
  venueFormSchema,
} from "../../domain/fixtures/lists.schema.ts";
import { FormActions, FormErrors, SelectField, TextAreaField, TextField } from "./form-fields.tsx";
import { useSaveLock, useSaving } from "./resource/save-lock.tsx";

// The forms of the lists the fixture form picks from (decisions 15, ADR 015; ADR 005): a
// venue (name, address, map link) and a competition (name, kind). Both are one list-entry
// form: the name (with the rename hint when editing), the list's own fields, the buttons.

/** Every list form's fields (each list uses the name and its own): a stored entry's values. */
export interface ListFormDefaults {
  id?: string;
  name?: string;
  address?: string;
  mapUrl?: string;
  kind?: string;
}

/** The props each list's form takes from its screen (choice-list-screen.tsx). */
export interface ListFormProps {
  defaults: ListFormDefaults | null;
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
  cancelHref: string;
}

/** `venue-form-new`, `venue-form-<id>`: the form's id, new after each change of mode. */
export const listFormId = (noun: string, id: string | null | undefined) =>
  `${noun}-form-${id ?? "new"}`;

const RENAME_HINT = "Renaming it changes every fixture that uses it.";

type ListFields = ReturnType<
  ReturnType<typeof useForm<ListFormDefaults, unknown>>[0]["getFieldset"]
>;

function ListEntryForm({
  noun,
  fields: formFields,
  schema,
  nameHint,
  addLabel,
  defaults,
  lastResult,
  action,
  cancelHref,
  children,
}: ListFormProps & {
  /** The entry in words ("venue"): the form's id. */
  noun: string;
  fields: z.ZodObject;
  schema: z.ZodType<unknown, ListFormDefaults>;
  /** Said under the name, before the rename hint. */
  nameHint?: string;
  addLabel: string;
  /** The list's own fields, after the name. */
  children: (fields: ListFields) => ReactNode;
}) {
  const [form, fields] = useForm<ListFormDefaults, unknown>({
    id: listFormId(noun, defaults?.id),
    lastResult,
    defaultValue: defaults ?? {},
    constraint: getZodConstraint(formFields),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const saving = useSaving();
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  const hint = [nameHint, defaults?.id ? RENAME_HINT : null].filter(Boolean).join(" ");
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-5">
      <FormErrors id={form.errorId} errors={form.errors} />
      {defaults?.id ? <input type="hidden" name="id" value={defaults.id} /> : null}
      <TextField
        field={fields.name}
        label="Name"
        autoComplete="off"
        hint={hint === "" ? undefined : hint}
      />
      {children(fields)}
      <FormActions
        editing={Boolean(defaults?.id)}
        saving={saving}
        addLabel={addLabel}
        updateLabel="Update"
        cancelTo={cancelHref}
      />
    </Form>
  );
}

export function VenueForm(props: ListFormProps) {
  return (
    <ListEntryForm
      {...props}
      noun="venue"
      fields={venueFormFields}
      schema={venueFormSchema}
      addLabel="Add Venue"
    >
      {(fields) => (
        <>
          <TextAreaField field={fields.address} label="Address" rows={3} />
          <TextField
            field={fields.mapUrl}
            label="Map link"
            type="url"
            hint="A web address of the venue on a map (https://…)."
          />
        </>
      )}
    </ListEntryForm>
  );
}

const KIND_OPTIONS = COMPETITION_KINDS.map((kind) => ({
  value: kind,
  label: COMPETITION_KIND_LABELS[kind],
}));

export function CompetitionForm(props: ListFormProps) {
  return (
    <ListEntryForm
      {...props}
      noun="competition"
      fields={competitionFormFields}
      schema={competitionFormSchema}
      nameHint={`Without the season, e.g. "National League".`}
      addLabel="Add Competition"
    >
      {(fields) => (
        <SelectField
          field={fields.kind}
          label="Kind"
          options={KIND_OPTIONS}
          placeholder="Choose a kind"
          hint="League results count towards the club's row of the league table."
        />
      )}
    </ListEntryForm>
  );
}
