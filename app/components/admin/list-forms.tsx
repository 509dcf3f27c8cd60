import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import {
  COMPETITION_KIND_LABELS,
  COMPETITION_KINDS,
  competitionFormFields,
  competitionFormSchema,
  venueFormFields,
  venueFormSchema,
} from "../../domain/fixtures/lists.schema.ts";
import { FormActions, FormErrors, SelectField, TextAreaField, TextField } from "./form-fields.tsx";

// The forms of the lists the fixture form picks from (decisions 15; ADR 005): a venue (name,
// address, map link) and a competition (name, kind).

export interface VenueFormDefaults {
  id?: string;
  name?: string;
  address?: string;
  mapUrl?: string;
}

export interface CompetitionFormDefaults {
  id?: string;
  name?: string;
  kind?: string;
}

export const venueFormId = (id: string | null | undefined) => `venue-form-${id ?? "new"}`;
export const competitionFormId = (id: string | null | undefined) =>
  `competition-form-${id ?? "new"}`;

const RENAME_HINT = "Renaming it changes every fixture that uses it.";

export function VenueForm({
  defaults,
  lastResult,
  action,
  cancelHref,
}: {
  defaults: VenueFormDefaults | null;
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: venueFormId(defaults?.id),
    lastResult,
    defaultValue: defaults ?? {},
    constraint: getZodConstraint(venueFormFields),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: venueFormSchema }),
  });
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-5">
      <FormErrors id={form.errorId} errors={form.errors} />
      {defaults?.id ? <input type="hidden" name="id" value={defaults.id} /> : null}
      <TextField
        field={fields.name}
        label="Name"
        autoComplete="off"
        hint={defaults?.id ? RENAME_HINT : undefined}
      />
      <TextAreaField field={fields.address} label="Address" rows={3} />
      <TextField
        field={fields.mapUrl}
        label="Map link"
        type="url"
        hint="A web address of the venue on a map (https://…)."
      />
      <FormActions
        editing={Boolean(defaults?.id)}
        saving={saving}
        addLabel="Add Venue"
        updateLabel="Update"
        cancelTo={cancelHref}
      />
    </Form>
  );
}

const KIND_OPTIONS = COMPETITION_KINDS.map((kind) => ({
  value: kind,
  label: COMPETITION_KIND_LABELS[kind],
}));

export function CompetitionForm({
  defaults,
  lastResult,
  action,
  cancelHref,
}: {
  defaults: CompetitionFormDefaults | null;
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
  cancelHref: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: competitionFormId(defaults?.id),
    lastResult,
    defaultValue: defaults ?? {},
    constraint: getZodConstraint(competitionFormFields),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: competitionFormSchema }),
  });
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-5">
      <FormErrors id={form.errorId} errors={form.errors} />
      {defaults?.id ? <input type="hidden" name="id" value={defaults.id} /> : null}
      <TextField
        field={fields.name}
        label="Name"
        autoComplete="off"
        hint={`Without the season, e.g. "AIPF League". ${defaults?.id ? RENAME_HINT : ""}`.trim()}
      />
      <SelectField
        field={fields.kind}
        label="Kind"
        options={KIND_OPTIONS}
        placeholder="Choose a kind"
        hint="League results count towards the club's row of the league table."
      />
      <FormActions
        editing={Boolean(defaults?.id)}
        saving={saving}
        addLabel="Add Competition"
        updateLabel="Update"
        cancelTo={cancelHref}
      />
    </Form>
  );
}
