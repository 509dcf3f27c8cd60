// Conform's framework-free core: the domain imports no React.
import type { SubmissionResult } from "@conform-to/dom";

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
  /** Created, updated, moved or marked: the row to focus and the words to announce. */
  | { kind: "saved"; id: string; message: string; focus: SavedFocus }
  /** Deleted at once; the Undo offer is focused. */
  | { kind: "deleted"; id: string; message: string; undo: UndoOffer }
  /** Undo put the record back with the same id. */
  | { kind: "restored"; id: string; message: string }
  /** Nothing was changed: the server's reason (gone, expired, not understood). */
  | { kind: "refused"; message: string };

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
  return { kind: "saved", id, message: messages[done], focus: "row" };
}

/** An address without the save's parameters: where row actions post, so a reply is fresh. */
export function withoutSavedParams(href: string): string {
  const url = new URL(href, "http://x");
  url.searchParams.delete(SAVED_PARAM);
  url.searchParams.delete(DONE_PARAM);
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}
