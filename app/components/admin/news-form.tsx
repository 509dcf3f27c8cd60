import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import {
  type NewsFormRecord,
  newsFormDefaults,
  newsFormSchema,
} from "../../domain/news/news.schema.ts";
import { NEWS_STATUS_LABELS, type NewsStatus } from "../../domain/news/workflow.ts";
import { useClubDates } from "../site/use-club-dates.ts";
import {
  CheckboxField,
  FormActions,
  FormErrors,
  SelectField,
  TextAreaField,
  TextField,
} from "./form-fields.tsx";
import { ImageField } from "./image-field.tsx";
import { useAutosave } from "./news/use-autosave.ts";
import { useSaveLock, useSaving } from "./resource/save-lock.tsx";

/** The name the news image's file is posted under (the route's `uploads`). */
export const NEWS_IMAGE_FILE = "imageFile";

// The news form (rules §2 Manage News, decisions 14; ADR 005): add, or update with ?edit=<id>.

export const newsFormId = (editingId: string | null | undefined) =>
  editingId ? `news-edit-${editingId}` : "news-add";
export const newsFormHeadingId = (editingId: string | null | undefined) =>
  `${newsFormId(editingId)}-heading`;

const quoted = (title: string) => `“${title}”`;

const EDITOR_STATUSES: readonly NewsStatus[] = ["draft", "review", "scheduled", "published"];

/**
 * A chosen file is the photo the server will store: the browser checks the form as if the
 * address were already there, so a photo without its description is caught before sending.
 */
function withChosenPhoto(formData: FormData): FormData {
  const file = formData.get(NEWS_IMAGE_FILE);
  if (!(file instanceof File) || file.size === 0) return formData;
  const copy = new FormData();
  for (const [name, value] of formData) if (name !== NEWS_IMAGE_FILE) copy.append(name, value);
  copy.set("image", "/media/chosen-file");
  return copy;
}

export function NewsForm({
  editing,
  statuses = EDITOR_STATUSES,
  categories,
  matches,
  recipients = null,
  lastResult,
  action,
  cancelTo,
}: {
  /** rules §2 Manage News: how many the news list reaches; null when the site sends no e-mail. */
  recipients?: number | null;
  editing: NewsFormRecord | null;
  /** rules §3 News states: the states this person may save the item in, the first the default. */
  statuses?: readonly NewsStatus[];
  categories: string[];
  /** The results a report can be about, newest first, already labelled. */
  matches: ReadonlyArray<{ value: string; label: string }>;
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
  cancelTo: string;
}) {
  const saving = useSaving();
  const newStatus = statuses.includes("published") ? "published" : "draft";
  const [form, fields] = useForm({
    id: newsFormId(editing?.id),
    lastResult,
    constraint: getZodConstraint(newsFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(withChosenPhoto(formData), { schema: newsFormSchema }),
    defaultValue: newsFormDefaults(editing) ?? { status: newStatus },
  });
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  // The select's value, or what the form started with (an Editor's new story is published;
  // a form whose values were reset after a refused save is not a draft for that).
  const status = fields.status.value ?? editing?.status ?? newStatus;
  // ADR 034: a draft saves itself while it is written; never while its save is on its way.
  const autosave = useAutosave({
    formId: form.id,
    enabled: !saving && status === "draft" && (!editing || editing.status === "draft"),
    id: editing?.id ?? null,
  });
  const { formatShortDateTime } = useClubDates();

  const listId = `${form.id}-categories`;
  return (
    <section
      aria-labelledby={newsFormHeadingId(editing?.id)}
      className={`rounded-xl bg-white p-5 shadow-sm ring-1 sm:p-6 lg:sticky lg:top-6 ${editing ? "ring-2 ring-club" : "ring-slate-200"}`}
    >
      <h2
        id={newsFormHeadingId(editing?.id)}
        tabIndex={-1}
        className="font-display text-2xl font-bold uppercase text-slate-900"
      >
        {editing ? "Edit news" : "Add news"}
      </h2>
      {editing ? (
        <p className="mt-1 text-sm text-slate-600">
          Editing {quoted(editing.title)}. {NEWS_STATUS_LABELS[editing.status]}. The date stays as
          it is.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">The story is dated when it is published.</p>
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
        {/* The draft an autosave created: the form now saves that draft. */}
        {!editing && autosave.draftId ? (
          <input type="hidden" name="id" value={autosave.draftId} />
        ) : null}
        <TextField field={fields.title} label="Title" />
        <TextAreaField
          field={fields.content}
          label="Content"
          rows={9}
          hint="A blank line starts a new paragraph."
        />
        <TextField
          field={fields.byline}
          label="Author's name"
          hint="Shown on the story as “By …”. Leave empty for none."
          autoComplete="off"
        />
        <SelectField
          field={fields.status}
          label="Status"
          hint={
            statuses.includes("published")
              ? "Only a published story is on the website. A scheduled one is published at its time."
              : "An Editor reads stories waiting for review and publishes them."
          }
          options={statuses.map((value) => ({ value, label: NEWS_STATUS_LABELS[value] }))}
        />
        {status === "scheduled" ? (
          <fieldset className="grid gap-4 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold text-slate-800">
              Publish at (the club's time)
            </legend>
            <TextField field={fields.publishDay} type="date" label="Publish day" />
            <TextField field={fields.publishTime} type="time" label="Publish time" />
          </fieldset>
        ) : null}
        <ImageField
          field={fields.image}
          altField={fields.imageAlt}
          fileName={NEWS_IMAGE_FILE}
          kind="photo"
          legend="Photo"
        />
        <TextField
          field={fields.category}
          label="Category"
          hint="For example Match report or Club news."
          list={categories.length > 0 ? listId : undefined}
          autoComplete="off"
        />
        {categories.length > 0 ? (
          <datalist id={listId}>
            {categories.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
        ) : null}
        <SelectField
          field={fields.fixtureId}
          label="Match report for"
          hint="The result links to this story, and the story shows the score and scorers."
          placeholder="Not a match report"
          options={matches}
        />
        {!editing && recipients !== null && status !== "draft" && status !== "review" ? (
          <div className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
            <p className="font-semibold text-slate-800">
              {`This will be e-mailed to ${recipients} ${recipients === 1 ? "subscriber" : "subscribers"}.`}
            </p>
            <CheckboxField
              field={fields.noEmail}
              label="Don't e-mail this one"
              hint="For a small correction or a note not worth an e-mail."
            />
          </div>
        ) : null}
        <FormActions
          editing={Boolean(editing)}
          saving={saving}
          addLabel="Add News"
          updateLabel="Update News"
          cancelTo={cancelTo}
          className="pt-1"
        >
          <span aria-live="polite" className="text-sm text-slate-600">
            {autosave.state.kind === "saved"
              ? `Draft saved automatically at ${formatShortDateTime(autosave.state.at).split(", ")[1]}.`
              : autosave.state.kind === "queued"
                ? "Offline: the draft waits in the outbox and is sent when the connection is back."
                : autosave.state.kind === "failed"
                  ? "Not saved automatically: press the save button to keep it."
                  : null}
          </span>
        </FormActions>
      </Form>
    </section>
  );
}
