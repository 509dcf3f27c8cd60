import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  parse,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { type ReactNode, useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { FindUsMap } from "../../components/site/find-us-map.tsx";
import { AlertIcon, CheckIcon, MailIcon, PhoneIcon } from "../../components/site/icons.tsx";
import { PageHero } from "../../components/site/page-hero.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { club } from "../../config/club.ts";
import { contactSchema } from "../../domain/contact/contact.schema.ts";
import {
  countContactAttempt,
  forwardContactMessage,
  submitContactMessage,
} from "../../domain/contact/contact.server.ts";
import {
  CONTACT_FIELD_LIMITS,
  contactFieldErrors,
  normaliseContact,
} from "../../domain/contact/contact-fields.ts";
import {
  CONFIRMATION,
  CONTACT_RATE_LIMIT,
  HONEYPOT_FIELD,
  isHoneypotFilled,
  RATE_LIMIT_MESSAGE,
  SPAM_MESSAGE,
} from "../../domain/contact/rules.ts";
import { parseForm } from "../../domain/forms/parse-form.ts";
import { clientAddressContext } from "../../request-context.server.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Contact",
    description: `Get in touch with ${club.name}: e-mail, phone, the contact form, and how to find us at the ${club.address.venue}.`,
    path: "/contact",
  });

// A refused sender is told when to try again (HTTP 429 with Retry-After).
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

// SPEC §5 Contact form, DECISIONS 18: validate, refuse spam, store, forward by e-mail.
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await request.formData(), { schema: contactSchema });
  const clientAddress = context.get(clientAddressContext);
  const rateLimited = () =>
    data(
      { result: submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }) },
      { status: 429, headers: { "Retry-After": String(CONTACT_RATE_LIMIT.windowMs / 1000) } },
    );
  const refused = submission.status !== "success" || isHoneypotFilled(submission.value.website);
  if (refused) {
    // A refused form counts against the sender's limit too (issue 12 §1).
    if (!(await countContactAttempt({ clientAddress }))) return rateLimited();
    if (submission.status !== "success") {
      return data({ result: submission.reply() }, { status: 400 });
    }
    return data({ result: submission.reply({ formErrors: [SPAM_MESSAGE] }) }, { status: 400 });
  }
  const { website: _website, ...message } = submission.value;
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

function ContactForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const [form, fields] = useForm({
    lastResult,
    // The server's rules, without shipping Zod to the page (contact-fields.ts).
    onValidate: ({ formData }) =>
      parse(formData, {
        resolve(payload) {
          const fields = normaliseContact(payload);
          const errors = Object.entries(contactFieldErrors(fields));
          if (errors.length === 0) return { value: fields };
          return {
            error: Object.fromEntries(errors.map(([field, message]) => [field, [message]])),
          };
        },
      }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const formErrorRef = useRef<HTMLDivElement>(null);
  const formError = form.errors?.[0];

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
      <Form method="post" {...getFormProps(form)} className="mt-8 space-y-6">
        {formError ? (
          <div
            ref={formErrorRef}
            id={form.errorId}
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
            {...getInputProps(fields.name, { type: "text" })}
            key={fields.name.key}
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
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
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
            {...getTextareaProps(fields.message)}
            key={fields.message.key}
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
