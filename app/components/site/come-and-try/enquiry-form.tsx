import { useEffect, useId, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  BORROW_CHAIR_CHOICES,
  CARER_CHOICES,
  ENQUIRY_LIMITS,
  type EnquiryField,
} from "../../../domain/contact/come-and-try.ts";
import type { GuardedReply } from "../../../domain/contact/contact-fields.ts";
import { Field, FieldMessage, FormRefusal, HoneypotField } from "../contact/form-parts.tsx";

// The "Come and try" enquiry (rules §5 Come and try form, ADR 031). No form library on the
// public side (ADR 008): the browser's own checks, then the server's Zod schema, whose
// messages appear under each field; the first wrong field gets focus. Works without JavaScript.

type Reply = GuardedReply<EnquiryField>;

export function EnquiryForm({ lastResult }: { lastResult: Reply | undefined }) {
  const base = useId();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/come-and-try";
  const errors = lastResult?.fieldErrors ?? {};
  const formError = lastResult?.formError;
  const formRef = useRef<HTMLFormElement>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const id = (field: EnquiryField) => `${base}-${field}`;
  const errorId = (field: EnquiryField) => `${base}-${field}-error`;

  // A refusal moves focus to what needs fixing: the whole form's message, or the first field.
  useEffect(() => {
    if (!lastResult) return;
    if (lastResult.formError) {
      formErrorRef.current?.focus();
      return;
    }
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [lastResult]);

  const described = (field: EnquiryField, hint?: string) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby":
      [hint, errors[field] ? errorId(field) : null].filter(Boolean).join(" ") || undefined,
  });
  const value = (field: EnquiryField) => lastResult?.values[field] ?? "";

  return (
    <section
      aria-labelledby="enquiry-title"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <h2 id="enquiry-title" className="section-title text-slate-900">
        Ask for a taster session
      </h2>
      <p className="mt-3 text-slate-700">
        Tell us a little about you and we will get back to you. Fields marked optional can be left
        empty.
      </p>
      <Form method="post" ref={formRef} className="mt-8 space-y-6">
        {formError ? <FormRefusal ref={formErrorRef} message={formError} /> : null}

        <Field
          label="Your name"
          id={id("name")}
          errorId={errorId("name")}
          errors={errors.name ? [errors.name] : undefined}
        >
          <input
            id={id("name")}
            name="name"
            type="text"
            required
            maxLength={ENQUIRY_LIMITS.name}
            autoComplete="name"
            defaultValue={value("name")}
            className="field-input"
            {...described("name")}
          />
        </Field>
        <Field
          label="E-mail or phone number"
          id={id("reply")}
          errorId={errorId("reply")}
          errors={errors.reply ? [errors.reply] : undefined}
          hint={
            <p id={`${id("reply")}-hint`} className="mt-1 text-slate-600">
              How we should reply to you.
            </p>
          }
        >
          <input
            id={id("reply")}
            name="reply"
            type="text"
            required
            maxLength={ENQUIRY_LIMITS.reply}
            autoComplete="email"
            defaultValue={value("reply")}
            className="field-input"
            {...described("reply", `${id("reply")}-hint`)}
          />
        </Field>
        <Choices
          legend="Would you need to borrow a chair?"
          name="borrowChair"
          choices={BORROW_CHAIR_CHOICES}
          selected={value("borrowChair")}
          error={errors.borrowChair}
          errorId={errorId("borrowChair")}
        />
        <Choices
          legend="Will a carer come with you?"
          name="carer"
          choices={CARER_CHOICES}
          selected={value("carer")}
          error={errors.carer}
          errorId={errorId("carer")}
        />
        <Field
          label="How did you hear about the club? (optional)"
          id={id("heardFrom")}
          errorId={errorId("heardFrom")}
          errors={errors.heardFrom ? [errors.heardFrom] : undefined}
        >
          <input
            id={id("heardFrom")}
            name="heardFrom"
            type="text"
            maxLength={ENQUIRY_LIMITS.heardFrom}
            defaultValue={value("heardFrom")}
            className="field-input"
            {...described("heardFrom")}
          />
        </Field>

        <HoneypotField id="try-website" />

        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="button-primary" disabled={sending}>
            {sending ? "Sending…" : "Send my enquiry"}
          </button>
          <p className="text-sm text-slate-600">
            How we handle your details:{" "}
            <Link
              to="/privacy-policy"
              className="font-semibold text-club underline underline-offset-4"
            >
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </Form>
    </section>
  );
}

function Choices({
  legend,
  name,
  choices,
  selected,
  error,
  errorId,
}: {
  legend: string;
  name: string;
  choices: readonly { value: string; label: string }[];
  selected: string;
  error: string | undefined;
  errorId: string;
}) {
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="font-display text-lg font-bold uppercase tracking-wide text-slate-900">
        {legend}
      </legend>
      <div className="mt-2 space-y-2">
        {choices.map((choice, index) => (
          <label
            key={choice.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-4 py-2 text-slate-900 has-[:checked]:border-club has-[:checked]:bg-club/5"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              required
              defaultChecked={selected === choice.value}
              aria-invalid={error && index === 0 ? true : undefined}
              className="size-5 accent-club"
            />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldMessage id={errorId} error={error} />
    </fieldset>
  );
}
