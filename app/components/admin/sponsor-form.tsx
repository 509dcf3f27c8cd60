import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import {
  SPONSOR_TIERS,
  type Sponsor,
  type SponsorFormValue,
  sponsorFormDefaults,
  sponsorFormSchema,
} from "../../domain/club/sponsors.schema.ts";
import { partnerLogo } from "../site/assets.ts";
import { FormActions, FormErrors, SelectField, TextAreaField, TextField } from "./form-fields.tsx";
import { ImageField } from "./image-field.tsx";
import { useSaveLock, useSaving } from "./resource/save-lock.tsx";

// The sponsor form (ADR 013, on the admin resource module, ADR 005): add, or update with ?edit=<id>.

/** The name a sponsor's logo file is posted under (the route's `uploads`). */
export const SPONSOR_LOGO_FILE = "logoFile";

/** A stored logo's preview: a bundled logo's name becomes its file (ADR 013). */
export const logoPreview = (value: string) =>
  /^(https:\/\/|\/)/.test(value) ? value : partnerLogo(value);

export const sponsorFormId = (editingId: string | null | undefined) =>
  editingId ? `sponsor-edit-${editingId}` : "sponsor-add";
export const sponsorFormHeadingId = (editingId: string | null | undefined) =>
  `${sponsorFormId(editingId)}-heading`;

export function SponsorForm({
  editing,
  lastResult,
  action,
  cancelTo,
}: {
  editing: Sponsor | null;
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
  cancelTo: string;
}) {
  const saving = useSaving();
  const [form, fields] = useForm<SponsorFormValue>({
    id: sponsorFormId(editing?.id),
    lastResult,
    constraint: getZodConstraint(sponsorFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sponsorFormSchema }),
    defaultValue: sponsorFormDefaults(editing),
  });
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  return (
    <section
      aria-labelledby={sponsorFormHeadingId(editing?.id)}
      className={`rounded-xl bg-white p-5 shadow-sm ring-1 sm:p-6 lg:sticky lg:top-6 ${editing ? "ring-2 ring-club" : "ring-slate-200"}`}
    >
      <h2
        id={sponsorFormHeadingId(editing?.id)}
        tabIndex={-1}
        className="font-display text-2xl font-bold uppercase text-slate-900"
      >
        {editing ? "Edit sponsor" : "Add sponsor"}
      </h2>
      {editing ? (
        <p className="mt-1 text-sm text-slate-600">Editing “{editing.name}”.</p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">A new sponsor goes last in its tier.</p>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        action={action}
        {...getFormProps(form)}
        className="mt-5 space-y-5"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        {editing ? <input {...getInputProps(fields.id, { type: "hidden" })} /> : null}
        <TextField field={fields.name} label="Name" autoComplete="organization" />
        <TextField field={fields.href} type="url" label="Link" placeholder="https://" />
        <ImageField
          field={fields.logo}
          fileName={SPONSOR_LOGO_FILE}
          kind="logo"
          legend="Logo"
          urlLabel="Logo URL"
          hint="Without a logo, the name is shown in a styled box."
          previewOf={logoPreview}
        />
        <SelectField
          field={fields.tier}
          label="Tier"
          options={SPONSOR_TIERS.map((tier) => ({ value: tier, label: tier }))}
        />
        <TextAreaField
          field={fields.text}
          label="Short text"
          rows={3}
          hint="Shown under the logo on the Sponsors page."
        />
        <FormActions
          editing={Boolean(editing)}
          saving={saving}
          addLabel="Add Sponsor"
          updateLabel="Update Sponsor"
          cancelTo={cancelTo}
          className="pt-1"
        />
      </Form>
    </section>
  );
}
