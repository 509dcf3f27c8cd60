import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import { eventFormFields, eventFormSchema } from "../../domain/events/event.schema.ts";
import { EVENT_KIND_LABELS, EVENT_KINDS } from "../../domain/events/rules.ts";
import { FormActions, FormErrors, SelectField, TextAreaField, TextField } from "./form-fields.tsx";
import { useSaveLock, useSaving } from "./resource/save-lock.tsx";

// The club event form (ADR 031, rules §2 Manage Events; ADR 005): add, or update with
// ?edit=<id>. The day and times are the club's (decisions 5).

/** The form as Conform sees it: text fields by name. */
type FormShape = Record<string, string | undefined>;
export const eventFormId = (editingId: string | null | undefined) =>
  editingId ? `event-edit-${editingId}` : "event-add";
export const eventFormHeadingId = (editingId: string | null | undefined) =>
  `${eventFormId(editingId)}-heading`;

const KIND_OPTIONS = EVENT_KINDS.map((kind) => ({ value: kind, label: EVENT_KIND_LABELS[kind] }));

export function EventForm({
  editing,
  venues,
  timeZone,
  lastResult,
  action,
  cancelTo,
}: {
  editing: (Record<string, string> & { id: string; title: string }) | null;
  venues: { id: string; name: string }[];
  timeZone: string;
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
  cancelTo: string;
}) {
  const saving = useSaving();
  const schema = eventFormSchema({ timeZone });
  const [form, fields] = useForm<FormShape, unknown>({
    id: eventFormId(editing?.id),
    lastResult,
    constraint: getZodConstraint(eventFormFields),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: schema as unknown as z.ZodType<unknown, FormShape> }),
    defaultValue: editing ?? {},
  });
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  const field = (name: string) => fields[name] as NonNullable<(typeof fields)[string]>;
  return (
    <section
      aria-labelledby={eventFormHeadingId(editing?.id)}
      className={`rounded-xl bg-white p-5 shadow-sm ring-1 sm:p-6 lg:sticky lg:top-6 ${editing ? "ring-2 ring-club" : "ring-slate-200"}`}
    >
      <h2
        id={eventFormHeadingId(editing?.id)}
        tabIndex={-1}
        className="font-display text-2xl font-bold uppercase text-slate-900"
      >
        {editing ? `Edit ${editing.title}` : "Add an event"}
      </h2>
      <Form method="post" action={action} {...getFormProps(form)} className="mt-5 space-y-5">
        <FormErrors id={form.errorId} errors={form.errors} />
        {editing ? <input {...getInputProps(field("id"), { type: "hidden" })} /> : null}
        <TextField field={field("title")} label="Title" autoComplete="off" />
        <SelectField
          field={field("kind")}
          label="Kind"
          options={KIND_OPTIONS}
          placeholder="Choose a kind"
          hint="Taster sessions are also listed on Come and try."
        />
        <TextField field={field("date")} type="date" label="Day" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={field("startTime")} type="time" label="Starts" />
          <TextField field={field("endTime")} type="time" label="Ends" />
        </div>
        <SelectField
          field={field("venueId")}
          label="Venue"
          options={venues.map((venue) => ({ value: venue.id, label: venue.name }))}
          placeholder="No venue"
          hint="Its page, with the access guide, is linked from the event."
        />
        <TextAreaField field={field("notes")} label="Notes" rows={4} />
        <TextField
          field={field("bookingUrl")}
          type="url"
          label="Booking link"
          placeholder="https://"
        />
        <FormActions
          editing={Boolean(editing)}
          saving={saving}
          addLabel="Add Event"
          updateLabel="Update Event"
          cancelTo={cancelTo}
        />
      </Form>
    </section>
  );
}
