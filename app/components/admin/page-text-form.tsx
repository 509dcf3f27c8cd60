import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { pageTextFormSchema } from "../../domain/pages/pages.schema.ts";
import { BioEditor } from "./bio-editor.tsx";
import { buttonStyles, FormActions, FormErrors } from "./form-fields.tsx";
import { useSaveLock, useSaving } from "./resource/save-lock.tsx";

// The page-text form (ADR 005): the bio editor (with headings for
// the legal pages), Save, and Preview, which shows the text as the public page will, sanitised
// by the server, before anything is saved.

export const pageTextFormId = (id: string) => `page-text-${id}`;
export const pageTextFormHeadingId = (id: string) => `${pageTextFormId(id)}-heading`;

export function PageTextForm({
  text,
  lastResult,
  action,
  previewAction,
  cancelTo,
  headings,
}: {
  text: { id: string; label: string; html: string };
  lastResult: SubmissionResult<string[]> | undefined;
  action: string;
  previewAction: string;
  cancelTo: string;
  headings: boolean;
}) {
  const saving = useSaving(action);
  const [form, fields] = useForm({
    id: pageTextFormId(text.id),
    lastResult,
    constraint: getZodConstraint(pageTextFormSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pageTextFormSchema }),
    defaultValue: { id: text.id, html: text.html },
  });
  // ADR 039: locked while its save is on its way.
  useSaveLock(form.id, saving);
  return (
    <section
      aria-labelledby={pageTextFormHeadingId(text.id)}
      className="rounded-xl bg-white p-5 shadow-sm ring-2 ring-club sm:p-6"
    >
      <h2
        id={pageTextFormHeadingId(text.id)}
        tabIndex={-1}
        className="font-display text-2xl font-bold uppercase text-slate-900"
      >
        Edit {text.label}
      </h2>
      <Form method="post" action={action} {...getFormProps(form)} className="mt-5 space-y-5">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <BioEditor
          field={fields.html}
          label="Text"
          headings={headings}
          placeholder="Write the text of this page…"
          hint={
            headings
              ? "Headings, bold, italic, underline, lists and links. Tab moves on to the next button."
              : "Bold, italic, underline, lists and links. Tab moves on to the next button."
          }
        />
        <FormActions editing saving={saving} addLabel="Save" updateLabel="Save" cancelTo={cancelTo}>
          <button
            type="submit"
            formAction={previewAction}
            formNoValidate
            className={buttonStyles.secondary}
          >
            Preview
          </button>
        </FormActions>
      </Form>
    </section>
  );
}
