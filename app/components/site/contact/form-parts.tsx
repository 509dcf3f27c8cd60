import { type ReactNode, type Ref, useEffect, useRef } from "react";
import { HONEYPOT_FIELD } from "../../../domain/contact/rules.ts";
import { AlertIcon } from "../page-icons/alert.tsx";
import { CheckIcon } from "../page-icons/check.tsx";

// The parts the public forms share (the contact form and Come and try; rules §5): a field
// with its label, hint and message, the whole form's refusal, and the panel that replaces a
// sent form, whose heading takes focus so it is announced.

/** The message under a field, linked from its control by `errorId`. */
export function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-2 flex items-start gap-2 font-medium text-red-800">
      <AlertIcon className="mt-0.5 size-5 shrink-0" />
      {error}
    </p>
  );
}

export function Field({
  label,
  id,
  errorId,
  errors,
  hint,
  children,
}: {
  label: string;
  id: string;
  errorId: string;
  errors: string[] | undefined;
  /** Said under the label; its element carries its own id for aria-describedby. */
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label
        htmlFor={id}
        className="block font-display text-lg font-bold uppercase tracking-wide text-slate-900"
      >
        {label}
      </label>
      {hint}
      <div className="mt-2">{children}</div>
      <FieldMessage id={errorId} error={errors?.[0]} />
    </div>
  );
}

/** A refusal of the whole form (spam, too many messages): an alert that takes focus. */
export function FormRefusal({
  id,
  message,
  ref,
}: {
  id?: string;
  message: string;
  ref: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      id={id}
      role="alert"
      tabIndex={-1}
      className="flex gap-3 rounded-lg border-l-8 border-red-700 bg-red-50 p-4 text-red-900"
    >
      <AlertIcon className="mt-0.5 size-6 shrink-0" />
      <p>{message}</p>
    </div>
  );
}

/** What replaces a sent form: a tick, its heading (focused) and what the page says next. */
export function SentPanel({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="self-start rounded-2xl border-l-8 border-green-700 bg-green-50 p-8"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-green-700 text-white">
        <CheckIcon className="size-8" />
      </span>
      <h2
        id={`${id}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 font-display text-3xl font-extrabold uppercase text-slate-900"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The public forms' honeypot (decisions 18): off-screen and out of the tab order; people never fill it in. */
export function HoneypotField({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        name={HONEYPOT_FIELD}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
