import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import {
  ACCESS_LIMITS,
  ACCESS_PHOTO_SLOTS,
  accessGuideFields,
  accessGuideSchema,
} from "../../domain/venues/access-guide.schema.ts";
import {
  FormActions,
  FormErrors,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
} from "./form-fields.tsx";
import { ImageField } from "./image-field.tsx";
import { useSaveLock, useSaving } from "./resource/save-lock.tsx";

// A venue's access guide (ADR 031, rules §2 Manage Venues; on the admin resource module, ADR
// 005): one fieldset per topic, in the order the venue page shows them. Every field may stay
// empty: empty is "not known", and the page never shows it as "No".

/** The form as Conform sees it: text fields by name. */
type FormShape = Record<string, string | undefined>;
export const accessGuideFormId = (venueId: string) => `access-guide-${venueId}`;
export const ACCESS_GUIDE_HEADING_ID = "access-guide-title";
/** The name photo N's file is posted under (the route's `uploads`). */
export const accessPhotoFile = (slot: number) => `photo${slot}File`;

const ANSWERS = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];
const NOT_KNOWN = "Not known";

function Topic({
  legend,
  wide = false,
  children,
}: {
  legend: string;
  /** Across both columns on a wide screen. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset
      className={`space-y-4 rounded-lg border border-slate-200 p-4 sm:p-5 ${wide ? "lg:col-span-2" : ""}`}
    >
      <legend className="px-1 font-display text-xl font-bold uppercase text-slate-900">
        {legend}
      </legend>
      {children}
    </fieldset>
  );
}

export function AccessGuideForm({
  venue,
  defaults,
  today,
  lastResult,
  action,
}: {
  venue: { id: string; name: string };
  defaults: Record<string, string>;
  /** The club's day (yyyy-MM-dd): the day of checking is not after it. */
  today: string;
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
}) {
  const saving = useSaving();
  const schema = accessGuideSchema({ today });
  const [form, fields] = useForm<FormShape, unknown>({
    id: accessGuideFormId(venue.id),
    lastResult,
    constraint: getZodConstraint(accessGuideFields),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: schema as unknown as z.ZodType<unknown, FormShape> }),
    defaultValue: defaults,
  });
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  const f = fields as Record<string, (typeof fields)[string]> & typeof fields;
  const field = (name: string) => f[name] as NonNullable<(typeof fields)[string]>;
  return (
    <section
      aria-labelledby={ACCESS_GUIDE_HEADING_ID}
      className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2
        id={ACCESS_GUIDE_HEADING_ID}
        tabIndex={-1}
        className="font-display text-2xl font-extrabold uppercase text-slate-900"
      >
        Access guide: {venue.name}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Leave anything you have not checked empty: the venue page then says it is not known, never
        “No”.
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        action={action}
        {...getFormProps(form)}
        className="mt-5 grid gap-6 lg:grid-cols-2 lg:items-start"
      >
        <div className="lg:col-span-2">
          <FormErrors id={form.errorId} errors={form.errors} />
        </div>
        <input {...getInputProps(field("id"), { type: "hidden" })} />
        <Topic legend="Getting there">
          <TextAreaField
            field={field("transport")}
            label="Public transport and accessible stops"
            hint="Buses or trains, and which stops have step-free access."
            rows={3}
          />
          <TextAreaField field={field("directions")} label="Directions" rows={4} />
        </Topic>
        <Topic legend="Parking">
          <NumberField
            field={field("parkingBays")}
            label="Accessible parking bays"
            min={0}
            max={ACCESS_LIMITS.countMax}
          />
          <NumberField
            field={field("parkingDistanceMetres")}
            label="Distance from the bays to the entrance (metres)"
            min={0}
            max={ACCESS_LIMITS.metresMax}
          />
          <TextAreaField field={field("parkingNotes")} label="Parking notes" rows={2} />
        </Topic>
        <Topic legend="From the car park to the court">
          <SelectField
            field={field("stepFree")}
            label="Step-free route from parking to the court"
            options={ANSWERS}
            placeholder={NOT_KNOWN}
          />
          <TextAreaField
            field={field("stepFreeNotes")}
            label="About the route"
            hint="Ramps, lifts, slopes, heavy doors."
            rows={2}
          />
          <NumberField
            field={field("doorWidthCm")}
            label="Narrowest door on the way (cm)"
            min={ACCESS_LIMITS.doorMin}
            max={ACCESS_LIMITS.doorMax}
          />
          <TextAreaField field={field("doorNotes")} label="Door notes" rows={2} />
        </Topic>
        <Topic legend="Toilets">
          <SelectField
            field={field("accessibleToilet")}
            label="Accessible toilet"
            options={ANSWERS}
            placeholder={NOT_KNOWN}
          />
          <SelectField
            field={field("changingPlaces")}
            label="Changing Places toilet (hoist and adult-sized bench)"
            options={ANSWERS}
            placeholder={NOT_KNOWN}
          />
          <TextAreaField field={field("toiletNotes")} label="Toilet notes" rows={2} />
        </Topic>
        <Topic legend="The court">
          <TextField field={field("floor")} label="Floor" hint="e.g. sprung wooden sports floor." />
        </Topic>
        <Topic legend="Watching">
          <NumberField
            field={field("spectatorSpaces")}
            label="Spaces for spectators in wheelchairs"
            min={0}
            max={ACCESS_LIMITS.countMax}
          />
          <TextAreaField field={field("spectatorNotes")} label="Spectator notes" rows={2} />
        </Topic>
        <Topic legend="Charging a powerchair">
          <TextAreaField
            field={field("charging")}
            label="Where a powerchair can be charged"
            rows={2}
          />
        </Topic>
        <Topic legend="Photos" wide>
          <div className="grid gap-6 lg:grid-cols-3">
            {ACCESS_PHOTO_SLOTS.map((slot) => (
              <ImageField
                key={slot}
                field={field(`photo${slot}`)}
                altField={field(`photo${slot}Alt`)}
                fileName={accessPhotoFile(slot)}
                kind="photo"
                legend={`Photo ${slot}`}
                urlLabel={`Photo ${slot} address`}
                altHint="Say what it shows a visitor, e.g. “The ramp from the car park to the main door”."
              />
            ))}
          </div>
        </Topic>
        <Topic legend="Checked">
          <TextField
            field={field("checkedOn")}
            type="date"
            label="Day the guide was last checked on site"
          />
        </Topic>
        <FormActions
          className="pt-2 lg:col-span-2"
          editing
          saving={saving}
          addLabel="Save access guide"
          updateLabel="Save access guide"
          cancelTo="/admin/venues"
        />
      </Form>
    </section>
  );
}
