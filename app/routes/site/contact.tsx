import {
  type FocusEvent,
  type FormEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FindUsMap } from "../../components/site/find-us-map.tsx";
import { PageHero } from "../../components/site/page-hero.tsx";
import { AlertIcon } from "../../components/site/page-icons/alert.tsx";
import { CheckIcon } from "../../components/site/page-icons/check.tsx";
import { MailIcon } from "../../components/site/page-icons/mail.tsx";
import { PhoneIcon } from "../../components/site/page-icons/phone.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { useHydrated } from "../../components/site/use-hydrated.ts";
import { getClub } from "../../domain/club/club.server.ts";
import { contactSchema } from "../../domain/contact/contact.schema.ts";
import {
  countContactAttempt,
  forwardContactMessage,
  submitContactMessage,
} from "../../domain/contact/contact.server.ts";
import {
  CONTACT_FIELD_LIMITS,
  type ContactFieldErrors,
  type ContactFields,
  contactFieldErrors,
  normaliseContact,
} from "../../domain/contact/contact-fields.ts";
import {
  CONFIRMATION,
  CONTACT_RATE_LIMIT,
  HONEYPOT_FIELD,
  isHoneypotFilled,
  rateLimitMessage,
  spamMessage,
} from "../../domain/contact/rules.ts";
import { withoutControlCharacters } from "../../domain/forms/control-characters.ts";
import { clientAddressContext } from "../../request-context.server.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => {
  const club = clubFromMatches(matches);
  return pageMeta({
    club,
    title: "Contact",
    description: `Get in touch with ${club.name}: e-mail, phone, the contact form, and how to find us at the ${club.address.venue}.`,
    path: "/contact",
  });
};

// A refused sender is told when to try again (HTTP 429 with Retry-After).
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

/**
 * The server's answer to a refused message: a message per field or one for the whole form,
 * and what was typed (only the form's three fields, within their limits) to fill it in again.
 */
interface ContactReply {
  fieldErrors: ContactFieldErrors;
  formError?: string;
  values: ContactFields;
}

const FIELDS = ["name", "email", "message"] as const;
type Field = (typeof FIELDS)[number];

function typedValues(formData: FormData): ContactFields {
  // Given back to fill the form in again: never a control character (rules §12), which the
  // schema refuses anyway.
  const value = (name: Field, max: number) => {
    const entry = formData.get(name);
    return typeof entry === "string"
      ? withoutControlCharacters(entry.slice(0, max), { multiline: name === "message" })
      : "";
  };
  return {
    name: value("name", CONTACT_FIELD_LIMITS.nameMax),
    email: value("email", CONTACT_FIELD_LIMITS.emailMax),
    message: value("message", CONTACT_FIELD_LIMITS.messageMax),
  };
}

// rules §5 Contact form, decisions 3, 18: validate, refuse spam, store, forward by e-mail.
// ADR 008: no form library on the public side; the schema runs here, the page checks the
// same rules (contact-fields.ts) as the visitor types, and works without JavaScript.
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const values = typedValues(formData);
  const clientAddress = context.get(clientAddressContext);
  const clubEmail = (await getClub()).details.email;
  const rateLimited = () => {
    const result: ContactReply = {
      fieldErrors: {},
      formError: rateLimitMessage(clubEmail),
      values,
    };
    return data(
      { result },
      { status: 429, headers: { "Retry-After": String(CONTACT_RATE_LIMIT.windowMs / 1000) } },
    );
  };
  const parsed = contactSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success || isHoneypotFilled(parsed.data.website)) {
    // A refused form counts against the sender's limit too.
    if (!(await countContactAttempt({ clientAddress }))) return rateLimited();
  }
  if (!parsed.success) {
    const fieldErrors: ContactFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = FIELDS.find((name) => name === issue.path[0]);
      if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    const result: ContactReply = { fieldErrors, values };
    return data({ result }, { status: 400 });
  }
  const { website, ...message } = parsed.data;
  if (isHoneypotFilled(website)) {
    const result: ContactReply = { fieldErrors: {}, formError: spamMessage(clubEmail), values };
    return data({ result }, { status: 400 });
  }
  const outcome = await submitContactMessage({ message, clientAddress });
  if (outcome.status === "rate-limited") return rateLimited();
  // The message is stored: forwarding runs on its own and never fails the request.
  void forwardContactMessage({ message, id: outcome.id });
  return redirect("/contact?sent=1#message-sent");
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero kicker="Get in touch" title="Contact Us">
        <p>
          Questions about playing, volunteering, sponsorship or a match? Send us a message and a
          club volunteer will get back to you.
        </p>
      </PageHero>

      <div className="bg-white">
        <div className="mx-auto grid max-w-6xl gap-12 px-5 py-16 sm:px-8 sm:py-20 lg:grid-cols-[1fr_1.5fr] lg:gap-16">
          <ContactDetails />
          {loaderData.sent ? <Confirmation /> : <ContactForm lastResult={actionData?.result} />}
        </div>
      </div>

      <FindUsMap />
    </>
  );
}

function ContactDetails() {
  const club = useClub();
  return (
    <section aria-labelledby="details-title">
      <h2 id="details-title" className="section-title text-slate-900">
        Talk to us
      </h2>
      <ul className="mt-8 space-y-4">
        <li className="flex items-start gap-4 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-club text-accent">
            <MailIcon className="size-6" />
          </span>
          <div>
            <h3 className="font-display text-xl font-bold uppercase text-slate-900">E-mail</h3>
            <a
              href={`mailto:${club.email}`}
              className="inline-flex min-h-11 items-center font-semibold break-all text-club underline underline-offset-4 hover:no-underline"
            >
              {club.email}
            </a>
          </div>
        </li>
        {club.phoneContacts.map((contact) => (
          <li
            key={contact.phone}
            className="flex items-start gap-4 rounded-xl bg-slate-50 p-5 ring-1 ring-slate-200"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-club text-accent">
              <PhoneIcon className="size-6" />
            </span>
            <div>
              <h3 className="font-display text-xl font-bold uppercase text-slate-900">
                {contact.role}
              </h3>
              <p className="text-slate-700">{contact.name}</p>
              <a
                href={`tel:${contact.phone.replace(/\s+/g, "")}`}
                className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4 hover:no-underline"
              >
                {contact.phone}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

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
    const field = FIELDS.find((f) => f === name);
    if (!field) return;
    checked.current.add(field);
    const message = current()[field];
    setErrors((previous) => ({ ...previous, [field]: message }));
  };
  const id = (field: Field) => `${base}-${field}`;
  const errorId = (field: Field) => `${base}-${field}-error`;
  /** The attributes of a field's input: its name, what was typed, and its message's link. */
  const inputProps = (field: Field) => ({
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
      const first = FIELDS.find((field) => found[field]);
      if (!first) return;
      event.preventDefault();
      for (const field of FIELDS) checked.current.add(field);
      setErrors(found);
      document.getElementById(id(first))?.focus();
    },
  };
}

const nameOf = (target: EventTarget) =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target.name : "";

function ContactForm({ lastResult }: { lastResult: ContactReply | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const hydrated = useHydrated();
  const checks = useContactChecks(lastResult);
  const fields = Object.fromEntries(
    FIELDS.map((field) => [
      field,
      {
        id: checks.id(field),
        errorId: checks.errorId(field),
        errors: checks.errors[field] ? [checks.errors[field]] : undefined,
      },
    ]),
  ) as Record<Field, { id: string; errorId: string; errors: string[] | undefined }>;
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
          <div
            ref={formErrorRef}
            id={checks.formErrorId}
            role="alert"
            tabIndex={-1}
            className="flex gap-3 rounded-lg border-l-8 border-red-700 bg-red-50 p-4 text-red-900"
          >
            <AlertIcon className="mt-0.5 size-6 shrink-0" />
            <p>{formError}</p>
          </div>
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

        {/* The honeypot: off-screen and out of the tab order; people never fill it in. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input
            id="contact-website"
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>

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

function Field({
  label,
  id,
  errorId,
  errors,
  children,
}: {
  label: string;
  id: string;
  errorId: string;
  errors: string[] | undefined;
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
      <div className="mt-2">{children}</div>
      {errors?.length ? (
        <p id={errorId} className="mt-2 flex items-start gap-2 font-medium text-red-800">
          <AlertIcon className="mt-0.5 size-5 shrink-0" />
          {errors[0]}
        </p>
      ) : null}
    </div>
  );
}

function Confirmation() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section
      id="message-sent"
      aria-labelledby="message-sent-title"
      className="self-start rounded-2xl border-l-8 border-green-700 bg-green-50 p-8"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-green-700 text-white">
        <CheckIcon className="size-8" />
      </span>
      <h2
        id="message-sent-title"
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 font-display text-3xl font-extrabold uppercase text-slate-900"
      >
        {CONFIRMATION.title}
      </h2>
      <p className="mt-3 text-lg text-slate-800">{CONFIRMATION.text}</p>
      <p className="mt-6">
        <Link to="/contact" className="button-secondary">
          Send another message
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
