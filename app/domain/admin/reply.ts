// Conform's framework-free core: the domain imports no React.
import type { SubmissionResult } from "@conform-to/dom";
import { MEDIA_MAX_BYTES } from "../media/rules.ts";

// The one reply of every admin screen's action (ADR 005). Pure data: the server helper
// (resource.server.ts) builds it, the screen's hook (components/admin/resource) turns it into
// focus and announcements, and the outbox reads a refusal out of it (connectivity/rules.ts).

/** What was deleted and how to put it back (decisions 17). */
export interface UndoOffer {
  token: string;
  /** What was deleted, as the administrator knows it, e.g. '“Cup draw”'. */
  label: string;
}

/** Where the keyboard goes after a save: the saved row, or one of the row's own buttons. */
type SavedFocus = "row" | "move-up" | "move-down";

export type AdminReply =
  /** The form was not saved: Conform's result, holding only the form's own fields. */
  | { kind: "invalid"; submission: SubmissionResult<string[]> }
  /**
   * Created, updated, moved or marked: the row to focus and the words to announce; `done`
   * when the form's save made it (the save's redirect): after `created` the keyboard goes to
   * "Add another" (ADR 039).
   */
  | { kind: "saved"; id: string; message: string; focus: SavedFocus; done?: SavedMode }
  /** Deleted at once; the Undo offer is focused. */
  | { kind: "deleted"; id: string; message: string; undo: UndoOffer }
  /** Undo put the record back with the same id. */
  | { kind: "restored"; id: string; message: string }
  /**
   * Nothing was changed: the server's reason (gone, expired, not understood). `failed`: the
   * save got no reply at all (ADR 023), the browser says why and the form stays as typed;
   * `typed`: it was the form's save (false: a row's button, Delete, Undo, Move up…).
   */
  | { kind: "refused"; message: string; failed?: SaveFailure; typed?: boolean };

const MEDIA_MAX_MB = MEDIA_MAX_BYTES / (1024 * 1024);

const KINDS: ReadonlySet<string> = new Set(["invalid", "saved", "deleted", "restored", "refused"]);

/** True for an admin reply (and not, say, the outbox's own answer or nothing). */
export function isAdminReply(value: unknown): value is AdminReply {
  return (
    typeof value === "object" &&
    value !== null &&
    KINDS.has(String((value as { kind?: unknown }).kind))
  );
}

/** The query parameters a save's redirect carries (post/redirect/get), read back by the loader. */
export const SAVED_PARAM = "saved";
export const DONE_PARAM = "done";
export type SavedMode = "created" | "updated";

/**
 * The saved reply a screen's loader reads from its address after the save's redirect
 * (`?saved=<id>&done=created|updated`); null for any other address.
 */
export function savedReplyFromUrl({
  url,
  messages,
}: {
  url: URL;
  messages: Record<SavedMode, string>;
}): Extract<AdminReply, { kind: "saved" }> | null {
  const id = url.searchParams.get(SAVED_PARAM);
  const done = url.searchParams.get(DONE_PARAM);
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || (done !== "created" && done !== "updated")) {
    return null;
  }
  return { kind: "saved", id, message: messages[done], focus: "row", done };
}

/** An address without the save's parameters: where row actions post, so a reply is fresh. */
export function withoutSavedParams(href: string): string {
  const url = new URL(href, "http://x");
  url.searchParams.delete(SAVED_PARAM);
  url.searchParams.delete(DONE_PARAM);
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

/**
 * Why a save got no admin reply (ADR 023): no connection (a form with a file is not kept in
 * the outbox), a body over the host's limit (413), a session that ended (401), another
 * refusal the host or the route threw (4xx), or the server failed (5xx, or an answer that is
 * not one).
 */
type SaveFailure = "offline" | "too-large" | "session" | "refused" | "server";

/** What every failed save adds: nothing was saved, nothing typed was lost. */
export const KEPT_AS_TYPED = "Nothing was saved, and everything you typed is still in the form.";

/** rules §2 Admin screens in common: the words for each failed save (ADR 023). */
export const SAVE_FAILED_MESSAGES = {
  tooLargeWithFile: `The file is too large to send: a photo or logo can be up to ${MEDIA_MAX_MB} MB. ${KEPT_AS_TYPED} Choose a smaller file, or remove it, and save again.`,
  tooLarge: `This form is too large to send. ${KEPT_AS_TYPED} Shorten the longest text (a picture pasted into it counts) and save again.`,
  session: `Your session has ended, so the server did not take this change. ${KEPT_AS_TYPED} Sign in again in a new tab, then come back to this one and save again.`,
  server: `The server could not save this change: something went wrong on its side. ${KEPT_AS_TYPED} Please save again in a moment.`,
  offline: `The connection dropped before the server answered. ${KEPT_AS_TYPED} Save again when you are back online.`,
  refused: (status: number) => `The server refused this change (error ${status}). ${KEPT_AS_TYPED}`,
} as const;

/** What a row's button (Delete, Undo, Move up…) adds when it failed: there is no form to keep. */
export const NOTHING_CHANGED = "Nothing was changed.";

/** The same failures for a row's button, which has nothing typed to keep (ADR 023). */
export const ACTION_FAILED_MESSAGES = {
  session: `Your session has ended, so the server did not take this change. ${NOTHING_CHANGED} Sign in again in a new tab, then come back to this one and try again.`,
  server: `The server could not make this change: something went wrong on its side. ${NOTHING_CHANGED} Please try again in a moment.`,
  refused: (status: number) =>
    `The server refused this change (error ${status}). ${NOTHING_CHANGED}`,
} as const;

/** The server's own words, when a refusal carried short plain ones (never an HTML page). */
export function refusalWords(data: unknown): string | null {
  const text =
    typeof data === "string"
      ? data
      : data && typeof data === "object"
        ? ((data as { message?: unknown; error?: unknown }).message ??
          (data as { error?: unknown }).error)
        : null;
  if (typeof text !== "string") return null;
  const words = text.trim();
  if (!words || words.length > 300 || words.startsWith("<")) return null;
  return words;
}

/**
 * ADR 023: the reply the browser gives itself when a save's answer is an error rather than an
 * admin reply: `status` is the HTTP status (500 for an error with none), `data` what the
 * answer carried, `carriesFile` whether the form sent a chosen file, `typed` whether it was a
 * form's save (else a row's button: Delete, Undo, Move up…). A refusal that says why keeps
 * its words; every message ends by saying that nothing was saved and, after a save, that the
 * form still holds what was typed.
 */
export function failedSaveReply({
  status,
  data,
  carriesFile,
  typed = true,
}: {
  status: number;
  data?: unknown;
  carriesFile: boolean;
  typed?: boolean;
}): Extract<AdminReply, { kind: "refused" }> {
  const words = typed ? SAVE_FAILED_MESSAGES : ACTION_FAILED_MESSAGES;
  const reply = (failed: SaveFailure, message: string) =>
    ({ kind: "refused", failed, typed, message }) as const;
  if (status === 413) {
    return reply(
      "too-large",
      carriesFile ? SAVE_FAILED_MESSAGES.tooLargeWithFile : SAVE_FAILED_MESSAGES.tooLarge,
    );
  }
  if (status === 401) return reply("session", words.session);
  if (status >= 400 && status < 500) {
    const own = refusalWords(data);
    return reply(
      "refused",
      own
        ? `${own}${/[.!?]$/.test(own) ? "" : "."} ${typed ? KEPT_AS_TYPED : NOTHING_CHANGED}`
        : words.refused(status),
    );
  }
  return reply("server", words.server);
}
