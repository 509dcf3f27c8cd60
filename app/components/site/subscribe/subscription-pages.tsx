import { Form, Link } from "react-router";
import type { MailList } from "../../../domain/subscribers/rules.ts";
import { SUBSCRIBE_ANSWER } from "../../../domain/subscribers/rules.ts";
import { ListChoices } from "./subscribe-form.tsx";

// rules §2 Following by e-mail: the answer after asking, the confirmation, the preferences
// page (no account: its link is the key) and the one-click unsubscribe page.

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="bg-white">
      <div className="mx-auto max-w-3xl px-5 py-16 sm:px-8">
        <h1 tabIndex={-1} className="section-title text-slate-900">
          {title}
        </h1>
        <div className="mt-4 space-y-4 text-lg text-slate-700">{children}</div>
      </div>
    </div>
  );
}

export function SubscribeAnswer() {
  return (
    <Panel title={SUBSCRIBE_ANSWER.title}>
      <p role="status">{SUBSCRIBE_ANSWER.text}</p>
    </Panel>
  );
}

export function LinkNotValid() {
  return (
    <Panel title="This link does not work">
      <p>
        It may have been used already, be more than 48 hours old, or the address was removed. You
        can{" "}
        <Link to="/subscribe" className="font-semibold text-club underline underline-offset-4">
          subscribe again
        </Link>
        .
      </p>
    </Panel>
  );
}

export function Confirmed({ preferences }: { preferences: string }) {
  return (
    <Panel title="You are subscribed">
      <p role="status">Thank you: our e-mails will come to this address from now on.</p>
      <p>
        Every e-mail has a link to change what you receive and to unsubscribe.{" "}
        <Link to={preferences} className="font-semibold text-club underline underline-offset-4">
          Change what you receive
        </Link>
      </p>
    </Panel>
  );
}

export function PreferencesForm({
  email,
  lists,
  unsubscribed,
  saved,
  error,
}: {
  email: string;
  lists: MailList[];
  unsubscribed: boolean;
  saved: boolean;
  error?: string;
}) {
  return (
    <Panel title="Your e-mails from the club">
      <p>
        For <strong className="text-slate-900">{email}</strong>.{" "}
        {unsubscribed ? "You are unsubscribed: choose lists to receive them again." : null}
      </p>
      {saved ? (
        <p
          role="status"
          className="rounded-lg border-l-8 border-green-700 bg-green-50 p-4 text-green-900"
        >
          {unsubscribed
            ? "You are unsubscribed. Nothing more will be sent."
            : "Your choices are saved."}
        </p>
      ) : null}
      <Form method="post" className="space-y-6">
        <ListChoices
          chosen={unsubscribed ? [] : lists}
          error={error}
          errorId="lists-error"
          legend="What would you like to receive?"
        />
        <div className="flex flex-wrap gap-4">
          <button type="submit" name="intent" value="save" className="button-primary">
            Save my choices
          </button>
          <button type="submit" name="intent" value="unsubscribe" className="button-secondary">
            Unsubscribe from everything
          </button>
        </div>
      </Form>
    </Panel>
  );
}

export function UnsubscribePage({ done, preferences }: { done: boolean; preferences: string }) {
  return (
    <Panel title={done ? "You are unsubscribed" : "Unsubscribe"}>
      {done ? (
        <p role="status">Nothing more will be sent to this address.</p>
      ) : (
        <Form method="post">
          <button type="submit" className="button-primary">
            Unsubscribe from every e-mail
          </button>
        </Form>
      )}
      <p>
        <Link to={preferences} className="font-semibold text-club underline underline-offset-4">
          Change what you receive instead
        </Link>
      </p>
    </Panel>
  );
}
