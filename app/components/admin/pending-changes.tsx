import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import {
  type OutboxChange,
  REPLAY_FIELD,
  removeChange,
  useOutbox,
  useOutboxNotice,
} from "../../browser/outbox.ts";
import {
  canQueue,
  OUTBOX_FULL_MESSAGE,
  PENDING_MARKER,
  REQUEST_ID_FIELD,
  SENT_AT_FIELD,
} from "../../domain/connectivity/outbox.ts";
import { buttonStyles } from "./form-fields.tsx";

// The outbox on an admin screen (decisions 22, ADR 006), under the screen's title: what the
// last submission did when the server was out of reach, and the changes waiting to be sent
// for this screen (all of them on the dashboard), each marked pending, or refused with the
// server's words and what was typed, until the administrator dismisses it.

// The Live screen's own (ADR 036): the match, the label and the phone's clock are not typed.
const HIDDEN_FIELDS = new Set([
  "intent",
  "id",
  REQUEST_ID_FIELD,
  REPLAY_FIELD,
  SENT_AT_FIELD,
  "fixtureId",
  "label",
  "happenedAt",
]);

export function PendingChanges() {
  const { pathname } = useLocation();
  const notice = useOutboxNotice();
  const all = useOutbox();
  const changes = all.filter((change) => pathname === "/admin" || change.screen === pathname);
  const pending = changes.filter((change) => change.status === "pending").length;
  // The outcome of the last submission shows while it is still true.
  const pendingEverywhere = all.filter((change) => change.status === "pending").length;
  // The form that was sent is often further down (on a phone, far down): bring the outcome
  // into view, where the administrator will look for it.
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) outcome.current?.scrollIntoView({ block: "nearest" });
  }, [notice]);

  return (
    <div className="space-y-2">
      <div ref={outcome} className="scroll-mt-4 space-y-2">
        <div role="status" aria-live="polite">
          {notice?.kind === "queued" && pending > 0 ? (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 ring-1 ring-amber-300">
              {`Kept on this device: ${notice.label}. ${PENDING_MARKER}.`}
            </p>
          ) : null}
        </div>
        {notice?.kind === "full" && !canQueue(pendingEverywhere) ? (
          <p
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {OUTBOX_FULL_MESSAGE}
          </p>
        ) : null}
      </div>
      {changes.length > 0 ? (
        <section
          aria-labelledby="outbox-title"
          className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-amber-300 sm:p-5"
        >
          <h2 id="outbox-title" className="font-display text-xl font-bold uppercase text-slate-900">
            Waiting to be sent <span className="text-slate-500">({changes.length})</span>
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {pending > 0
              ? "Kept on this device. They are sent in order as soon as the server answers again."
              : "The server refused these changes: check them and make them again."}
          </p>
          <ul className="mt-3 space-y-2">
            {changes.map((change) => (
              <PendingChange key={change.requestId} change={change} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function PendingChange({ change }: { change: OutboxChange }) {
  const refused = change.status === "refused";
  const typed = change.fields.filter(([name, value]) => !HIDDEN_FIELDS.has(name) && value !== "");
  return (
    <li
      className={`rounded-lg p-3 text-sm ring-1 ${refused ? "bg-red-50 ring-red-200" : "bg-amber-50 ring-amber-200"}`}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-bold uppercase tracking-wide ${refused ? "bg-red-700 text-white" : "bg-amber-300 text-amber-950"}`}
        >
          {refused ? "Not sent" : "Pending"}
        </span>
        <span className="font-semibold break-words text-slate-900">{change.label}</span>
      </p>
      <p className={`mt-1 ${refused ? "text-red-800" : "text-amber-950"}`}>
        {refused ? `The server refused it: ${change.message ?? ""}` : PENDING_MARKER}
      </p>
      {refused ? (
        <div className="mt-2 flex flex-wrap items-start gap-3">
          {typed.length > 0 ? (
            <details className="min-w-0 flex-1">
              <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-club">
                What you typed
              </summary>
              <dl className="mt-1 space-y-1">
                {typed.map(([name, value]) => (
                  <div key={name}>
                    <dt className="font-semibold text-slate-700">{name}</dt>
                    <dd className="break-words whitespace-pre-wrap text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            </details>
          ) : null}
          <button
            type="button"
            className={buttonStyles.secondary}
            aria-label={`Dismiss: ${change.label}`}
            onClick={() => void removeChange(change.requestId)}
          >
            Dismiss
          </button>
        </div>
      ) : null}
    </li>
  );
}
