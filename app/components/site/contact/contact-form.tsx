import { type FocusEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  CONTACT_FIELD_LIMITS,
  CONTACT_FIELDS,
  type ContactField,
  type ContactFieldErrors,
  type ContactReply,
  contactFieldErrors,
  normaliseContact,
} from "../../../domain/contact/contact-fields.ts";
import { useHydrated } from "../use-hydrated.ts";
import { Field, FormRefusal, HoneypotField } from "./form-parts.tsx";

// rules §5 Contact form. ADR 008: no form library on the public side; the server's schema
// (domain/contact/submit-contact.server.ts) and these checks apply the same rules
// (contact-fields.ts), and the form works without JavaScript.

/**
 * The form's messages in the browser: a field is checked when the visitor leaves it, again as
 * they type once checked, and every field on submit (nothing is sent while one is wrong; the
 * first wrong field gets focus). The server's messages replace them after a refusal. Without
 * JavaScript the browser's own checks (required, type, length) and the server's apply.
 */
function useContactChecks(lastResult: ContactReply | undefined) {
  const base = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ContactFieldErrors>(lastResult?.fieldErrors ?? {});
  const checked = useRef(new Set<string>());
  useEffect(() => {
    setErrors(lastResult?.fieldErrors ?? {});
    checked.current = new Set(Object.keys(lastResult?.fieldErrors ?? {}));
  }, [lastResult]);

  const current = () =>
    contactFieldErrors(
      normaliseContact(formRef.current ? Object.fromEntries(new FormData(formRef.current)) : {}),
    );
  const checkField = (name: string) => {
    const field = CONTACT_FIELDS.find((f) => f === name);
    if (!field) return;
    checked.current.add(field);
    const message = current()[field];
    setErrors((previous) => ({ ...previous, [field]: message }));
  };
  const id = (field: ContactField) => `${base}-${field}`;
  const errorId = (field: ContactField) => `${base}-${field}-error`;
  /** The attributes of a field's input: its name, what was typed, and its message's link. */
  const inputProps = (field: ContactField) => ({
    id: id(field),
    name: field,
    defaultValue: lastResult?.values[field] ?? "",
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? errorId(field) : undefined,
  });
  return {
    formRef,
    errors,
    id,
    errorId,
    inputProps,
    formErrorId: `${base}-form-error`,
    onBlur: (event: FocusEvent<HTMLFormElement>) => {
      const name = nameOf(event.target);
      if (name) checkField(name);
    },
    onInput: (event: FormEvent<HTMLFormElement>) => {
      const name = nameOf(event.target);
      if (checked.current.has(name)) checkField(name);
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      const found = current();
      const first = CONTACT_FIELDS.find((field) => found[field]);
      if (!first) return;
      event.preventDefault();
      for (const field of CONTACT_FIELDS) checked.current.add(field);
      setErrors(found);
      document.getElementById(id(first))?.focus();
    },
  };
}

const nameOf = (target: EventTarget) =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target.name : "";

export function ContactForm({ lastResult }: { lastResult: ContactReply | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const hydrated = useHydrated();
  const checks = useContactChecks(lastResult);
  const fields = Object.fromEntries(
    CONTACT_FIELDS.map((field) => [
      field,
      {
        id: checks.id(field),
        errorId: checks.errorId(field),
        errors: checks.errors[field] ? [checks.errors[field]] : undefined,
      },
    ]),
  ) as Record<ContactField, { id: string; errorId: string; errors: string[] | undefined }>;
  const formErrorRef = useRef<HTMLDivElement>(null);
  const formError = lastResult?.formError;

  // A refusal of the whole form (spam, too many messages) is announced and focused.
  useEffect(() => {
    if (formError) formErrorRef.current?.focus();
  }, [formError]);

  return (
    <section aria-labelledby="form-title" className="rounded-2xl bg-white lg:p-2">
      <h2 id="form-title" className="section-title text-slate-900">
        Send a message
      </h2>
      <p className="mt-3 text-slate-700">All fields are required.</p>
      <Form
        method="post"
        ref={checks.formRef}
        noValidate={hydrated}
        onSubmit={checks.onSubmit}
        onBlur={checks.onBlur}
        onInput={checks.onInput}
        aria-describedby={formError ? checks.formErrorId : undefined}
        className="mt-8 space-y-6"
      >
        {formError ? (
          <FormRefusal ref={formErrorRef} id={checks.formErrorId} message={formError} />
        ) : null}

        <Field
          label="Name"
          id={fields.name.id}
          errorId={fields.name.errorId}
          errors={fields.name.errors}
        >
          <input
            {...checks.inputProps("name")}
            type="text"
            required
            maxLength={CONTACT_FIELD_LIMITS.nameMax}
            autoComplete="name"
            className="field-input"
          />
        </Field>
        <Field
          label="Email"
          id={fields.email.id}
          errorId={fields.email.errorId}
          errors={fields.email.errors}
        >
          <input
            {...checks.inputProps("email")}
            type="email"
            required
            maxLength={CONTACT_FIELD_LIMITS.emailMax}
            autoComplete="email"
            className="field-input"
          />
        </Field>
        <Field
          label="Message"
          id={fields.message.id}
          errorId={fields.message.errorId}
          errors={fields.message.errors}
        >
          <textarea
            {...checks.inputProps("message")}
            required
            minLength={CONTACT_FIELD_LIMITS.messageMin}
            maxLength={CONTACT_FIELD_LIMITS.messageMax}
            rows={7}
            className="field-input resize-y"
          />
        </Field>

        <HoneypotField id="contact-website" />

        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="button-primary" disabled={sending}>
            {sending ? "Sending…" : "Send message"}
          </button>
          <p className="text-sm text-slate-600">
            See how we handle your data in our{" "}
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
