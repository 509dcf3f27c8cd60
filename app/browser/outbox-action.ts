import { useEffect } from "react";
import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs, useSubmit } from "react-router";
import {
  type AdminReply,
  failedSaveReply,
  refusalWords,
  SAVE_FAILED_MESSAGES,
} from "../domain/admin/reply.ts";
import {
  REQUEST_ID_FIELD,
  refusalMessage,
  SENT_AT_FIELD,
  type TypedFields,
} from "../domain/connectivity/outbox.ts";
import { CONNECTION_TIMEOUT_MS, isServerAnswer } from "../domain/connectivity/rules.ts";
import { withTimeout } from "../domain/connectivity/with-timeout.ts";
import { MEDIA_MESSAGES } from "../domain/media/rules.ts";
import { getConnectionState, reportConnection, subscribeConnection } from "./connection.ts";
import {
  findChange,
  listChanges,
  markRefused,
  queueChange,
  REPLAY_FIELD,
  removeChange,
  setOutboxNotice,
  submissionOf,
} from "./outbox.ts";
import { withUploadProgress } from "./upload-progress.ts";

// The admin screens' one hook into the outbox (ADR 006). Each admin route exports
//   export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
//   export const shouldRevalidate = outboxShouldRevalidate;
// and the server action stays as it was (the admin action helper applies a request id once).

/** What the client action answers when the outbox took (or could not take) the change. */
export type OutboxReply =
  | { outbox: "queued"; status: "success" }
  | { outbox: "not-sent"; kind: "refused"; message: string; failed: "offline"; typed: true }
  | { outbox: "full"; status: "error" }
  | { outbox: "replayed"; status: "success" };

/** A save that got no admin reply (ADR 023): the form stays as typed and says why. */
export type FailedReply = Extract<AdminReply, { kind: "refused" }>;

class NoAnswer extends Error {}

/** True when the server was not reached: a failed fetch, or no answer within 10 seconds. */
function isUnreachable(error: unknown): boolean {
  return error instanceof NoAnswer || error instanceof TypeError;
}

function withinTimeout<T>(promise: Promise<T>): Promise<T> {
  return withTimeout({
    promise,
    ms: CONNECTION_TIMEOUT_MS,
    timeoutError: () => {
      reportConnection("timeout");
      return new NoAnswer("no answer within 10 seconds");
    },
  });
}

function typedFields(formData: FormData): TypedFields {
  return [...formData.entries()].map(([name, value]) => [
    name,
    typeof value === "string" ? value : value.name,
  ]);
}

/** True when the form posts a chosen file (an empty file input posts a nameless empty one). */
function carriesFile(formData: FormData): boolean {
  return [...formData.values()].some(
    (value) => typeof value !== "string" && (value.size > 0 || value.name !== ""),
  );
}

function actionPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The words of an error the server threw (a 401, a 403, a 404…), for a refused replay. */
function thrownMessage(error: unknown): string {
  if (error && typeof error === "object") {
    const data = (error as { data?: unknown }).data;
    // Short plain words only: an error page's HTML is not a message.
    const fromData = refusalMessage(data) ?? refusalWords(data);
    if (fromData) return fromData;
    const status = (error as { status?: unknown }).status;
    if (status === 401) return "Your session has ended. Please sign in again.";
    if (typeof status === "number") return `The server refused this change (error ${status}).`;
  }
  return "The server refused this change.";
}

/** The status of an error a save threw; null for what React Router must see itself. */
function failedStatus(error: unknown): { status: number; data?: unknown } | null {
  // A redirect (a save's post/redirect/get) is followed as usual; a cancelled request (the
  // administrator went elsewhere) is React Router's to drop.
  if (error instanceof Response) {
    return error.status >= 300 && error.status < 400 ? null : { status: error.status };
  }
  if (error instanceof DOMException && error.name === "AbortError") return null;
  if (isRouteErrorResponse(error)) return { status: error.status, data: error.data };
  // "Unexpected Server Error" (the route threw), or an answer that is not React Router's.
  return { status: 500 };
}

/**
 * ADR 023: an error in place of the save's reply (a 413 from the host, a 401, a 500…) would
 * replace the screen with the error page and lose the form. It becomes a refused reply that
 * says what happened instead; the form stays as typed (its key changes only after a save)
 * and is not reloaded (`outboxShouldRevalidate`).
 */
function failedReplyOr(error: unknown, formData: FormData): FailedReply {
  const failed = failedStatus(error);
  if (!failed) throw error;
  // A form's save (no intent, or "save"), or a row's button (Delete, Undo, Move up…).
  const intent = formData.get("intent");
  return failedSaveReply({
    ...failed,
    carriesFile: carriesFile(formData),
    typed: intent === null || intent === "save",
  });
}

/**
 * The client action of an admin form that never waits in the outbox (a password, an
 * invitation): the server's reply as it is, and any failure kept in the form (ADR 023).
 */
export async function keepFormClientAction<T>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<T>;
}): Promise<T | FailedReply | Extract<OutboxReply, { outbox: "not-sent" }>> {
  const formData = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof TypeError) {
      reportConnection("failure");
      return {
        outbox: "not-sent",
        kind: "refused",
        failed: "offline",
        typed: true,
        message: SAVE_FAILED_MESSAGES.offline,
      };
    }
    return failedReplyOr(error, formData);
  }
}

/** Statuses of a proxy that could not reach the server: like no answer (rules §4). */
function isUnreachableStatus(error: unknown): boolean {
  return isRouteErrorResponse(error) && !isServerAnswer(error.status);
}

export async function outboxClientAction<T>({
  request,
  serverAction,
}: {
  request: Request;
  serverAction: () => Promise<T>;
}): Promise<T | OutboxReply | FailedReply> {
  const formData = await request.clone().formData();
  const requestId = formData.get(REQUEST_ID_FIELD);
  const file = carriesFile(formData);
  if (typeof requestId !== "string" || requestId === "") {
    try {
      return await serverAction();
    } catch (error) {
      return failedReplyOr(error, formData);
    }
  }

  if (formData.get(REPLAY_FIELD) === "1") return replay({ requestId, serverAction });

  // A photo is not kept on the device (ADR 017): the form says so and keeps what was typed.
  // Nor is it timed out after 10 seconds: a phone's photo takes longer on a slow connection.
  if (file) {
    const notSent = {
      outbox: "not-sent",
      kind: "refused",
      failed: "offline",
      typed: true,
      message: MEDIA_MESSAGES.offline,
    } as const;
    if (getConnectionState() === "offline" || !navigator.onLine) return notSent;
    try {
      // ADR 039: sent with its upload progress ("Saving… uploading photo 60 %").
      return await withUploadProgress(request.url, serverAction);
    } catch (error) {
      if (error instanceof TypeError) {
        reportConnection("failure");
        return notSent;
      }
      return failedReplyOr(error, formData);
    }
  }

  // Known to be offline: keep it at once rather than wait another 10 seconds.
  if (getConnectionState() !== "offline") {
    try {
      return await withinTimeout(serverAction());
    } catch (error) {
      if (!isUnreachable(error) && !isUnreachableStatus(error))
        return failedReplyOr(error, formData);
    }
  }
  const submission = submissionOf(requestId);
  const outcome = await queueChange({
    requestId,
    action: actionPath(request),
    fields: typedFields(formData),
    label: submission?.label,
  });
  if (outcome === "full") {
    // The form is left as it is: it still holds what was typed.
    setOutboxNotice({ kind: "full", at: Date.now() });
    return { outbox: "full", status: "error" };
  }
  const kept = await findChange(requestId);
  setOutboxNotice({ kind: "queued", label: kept?.label ?? "Your change", at: Date.now() });
  // Like after a save: the form starts again (what was typed is in the outbox now).
  submission?.form.reset();
  return { outbox: "queued", status: "success" };
}

async function replay<T>({
  requestId,
  serverAction,
}: {
  requestId: string;
  serverAction: () => Promise<T>;
}): Promise<T | OutboxReply> {
  try {
    const result = await withinTimeout(serverAction());
    const refused = refusalMessage(result);
    if (refused) await markRefused({ requestId, message: refused });
    else await removeChange(requestId);
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) {
      // The change landed; stay on this screen rather than follow its redirect.
      await removeChange(requestId);
    } else if (isUnreachable(error)) {
      // Still offline: it stays pending, in its place.
    } else {
      await markRefused({ requestId, message: thrownMessage(error) });
    }
  }
  return { outbox: "replayed", status: "success" };
}

/** Nothing to reload after the outbox kept a change: the server is out of reach. */
export function outboxShouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const result = actionResult as { outbox?: unknown; failed?: unknown } | undefined;
  const outbox = result?.outbox;
  // "not-sent": a screen that refused in the browser, offline (the Import screen's upload).
  if (outbox === "queued" || outbox === "full" || outbox === "not-sent") return false;
  // ADR 023: a save that failed changed nothing, and reloading could lose the form (a 401
  // answers the reload with the sign-in page; a failing server with the error page).
  if (result?.failed !== undefined) return false;
  if (outbox === "replayed" && getConnectionState() === "offline") return false;
  return defaultShouldRevalidate;
}

let flushing = false;

/**
 * Sends the pending changes in order (decisions 22), one batch at a time, through the
 * route's own action: at start, when the browser is back online, when a request succeeds
 * again, and every 10 seconds while changes wait (each try is also the connection probe).
 */
export function useOutboxFlusher(): void {
  const submit = useSubmit();
  useEffect(() => {
    const flush = async () => {
      if (flushing) return;
      flushing = true;
      try {
        for (const change of await listChanges()) {
          if (change.status !== "pending") continue;
          const formData = new FormData();
          for (const [name, value] of change.fields) formData.append(name, value);
          formData.set(REPLAY_FIELD, "1");
          // ADR 036: the device's clock at this send, so the server measures its offset now.
          formData.set(SENT_AT_FIELD, String(Date.now()));
          await submit(formData, {
            method: "post",
            action: change.action,
            navigate: false,
            fetcherKey: `outbox-${change.requestId}`,
          });
          if ((await findChange(change.requestId))?.status === "pending") break;
        }
      } catch {
        // A failed round is tried again on the next occasion.
      } finally {
        flushing = false;
      }
    };
    void flush();
    const onOnline = () => void flush();
    window.addEventListener("online", onOnline);
    const unsubscribe = subscribeConnection(() => {
      if (getConnectionState() === "online") void flush();
    });
    const timer = setInterval(() => void flush(), CONNECTION_TIMEOUT_MS);
    return () => {
      window.removeEventListener("online", onOnline);
      unsubscribe();
      clearInterval(timer);
    };
  }, [submit]);
}
