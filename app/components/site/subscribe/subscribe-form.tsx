import { useId } from "react";
import { Form, Link } from "react-router";
import { HONEYPOT_FIELD } from "../../../domain/contact/rules.ts";
import { MAIL_LIST_LABELS, MAIL_LISTS, type MailList } from "../../../domain/subscribers/rules.ts";

// rules §2 Following by e-mail: the subscribe forms. The full one (the address and the lists)
// on /subscribe and, as server HTML only, on /news and the match centre; the short one (the
// address only) in the footer, as server HTML only (subscribe-section.tsx). No script of their
// own (ADR 008): they post, or open /subscribe, and the server answers.

export interface SubscribeReply {
  email: string;
  lists: MailList[];
  errors: { email?: string; lists?: string; form?: string };
}

/** The list checkboxes, in a fieldset with its legend (rules §11 Accessibility). */
export function ListChoices({
  chosen,
  error,
  errorId,
  legend = "What would you like to receive?",
  tone = "light",
}: {
  chosen: readonly MailList[];
  error?: string;
  errorId?: string;
  legend?: string;
  tone?: "light" | "dark";
}) {
  const base = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className={`font-semibold ${tone === "dark" ? "text-white" : "text-slate-900"}`}>
        {legend}
      </legend>
      {error ? (
        <p id={errorId} className="font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      {MAIL_LISTS.map((list) => (
        <div key={list} className="flex items-start gap-3">
          <input
            id={`${base}-${list}`}
            type="checkbox"
            name="lists"
            value={list}
            defaultChecked={chosen.includes(list)}
            className="mt-1 size-6 shrink-0 accent-club"
          />
          <label htmlFor={`${base}-${list}`} className="min-h-8">
            {MAIL_LIST_LABELS[list]}
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * The full form: the address and the lists (/subscribe, /news, the match centre). Posts to
 * /subscribe, whose answer is the same whether or not the address is subscribed already.
 */
export function SubscribeForm({
  reply,
  headingLevel = 2,
  initialEmail = "",
}: {
  reply?: SubscribeReply;
  headingLevel?: 1 | 2;
  initialEmail?: string;
}) {
  const base = useId();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const errors = reply?.errors ?? {};
  return (
    <section
      aria-labelledby={`${base}-title`}
      className="rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8"
    >
      <Heading id={`${base}-title`} className="section-title text-slate-900">
        Follow the club by e-mail
      </Heading>
      <p className="mt-3 max-w-prose text-slate-700">
        News, fixtures and results in your inbox. We send a link to confirm first; every e-mail has
        a one-click unsubscribe. See our{" "}
        <Link to="/privacy-policy" className="font-semibold text-club underline underline-offset-4">
          privacy policy
        </Link>
        .
      </p>
      {errors.form ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border-l-8 border-red-700 bg-red-50 p-4 text-red-900"
        >
          {errors.form}
        </p>
      ) : null}
      <Form method="post" action="/subscribe" className="mt-6 space-y-6">
        <div>
          <label htmlFor={`${base}-email`} className="block font-semibold text-slate-900">
            E-mail address
          </label>
          {errors.email ? (
            <p id={`${base}-email-error`} className="mt-1 font-semibold text-red-800">
              {errors.email}
            </p>
          ) : null}
          <input
            id={`${base}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            defaultValue={reply?.email ?? initialEmail}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${base}-email-error` : undefined}
            className="field-input mt-2 max-w-md"
          />
        </div>
        <ListChoices
          chosen={reply?.lists ?? ["news", "digest"]}
          error={errors.lists}
          errorId={`${base}-lists-error`}
        />
        {/* The contact form's honeypot (decisions 18): off-screen, out of the tab order. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={`${base}-website`}>Leave this field empty</label>
          <input
            id={`${base}-website`}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <button type="submit" className="button-primary">
          Subscribe
        </button>
      </Form>
    </section>
  );
}

/**
 * The news page's and the match centre's full form, under their content (subscribe-section.tsx
 * decides whether it shows). Rendered on the server only: the browser keeps its HTML
 * (server-islands.ts), so no page but /subscribe downloads this module.
 */
export function SubscribeFormSection() {
  return (
    <div className="bg-white">
      <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8">
        <SubscribeForm />
      </div>
    </div>
  );
}

/** The address only; /subscribe opens with it filled in, to choose what to receive. */
export function ShortSubscribeForm({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const base = useId();
  const dark = tone === "dark";
  return (
    <section aria-labelledby={`${base}-title`} className={dark ? "mt-8" : undefined}>
      <h2
        id={`${base}-title`}
        className={
          dark
            ? "font-display text-lg font-bold uppercase tracking-[0.15em] text-white"
            : "section-title text-slate-900"
        }
      >
        {dark ? "News by e-mail" : "Follow the club by e-mail"}
      </h2>
      <Form
        method="get"
        action="/subscribe"
        className="mt-3 flex max-w-sm flex-wrap items-end gap-2"
      >
        <div className="min-w-0 flex-1">
          <label
            htmlFor={`${base}-email`}
            className={dark ? "block text-slate-200" : "block font-semibold text-slate-900"}
          >
            Your e-mail address
          </label>
          <input
            id={`${base}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            className="field-input mt-1 w-full"
          />
        </div>
        <button type="submit" className={dark ? "button-accent" : "button-primary"}>
          Subscribe
        </button>
      </Form>
    </section>
  );
}
