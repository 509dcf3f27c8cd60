import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import {
  type AdminReply,
  isAdminReply,
  type UndoOffer,
  withoutSavedParams,
} from "../../../domain/admin/reply.ts";
import {
  ADD_ANOTHER_ID,
  OPENS_FORM_ATTRIBUTE,
  ROW_ACTION_ATTRIBUTE,
  rowDomId,
  SCREEN_ERROR_ID,
  SCREEN_TITLE_ID,
} from "./ids.ts";

// The client half of the admin resource module (ADR 005): turns the action's reply (or the
// save's redirect, read back by the loader) into what the screen shows, where the keyboard
// goes and what a screen reader hears. Every admin screen uses it; no screen decides this.

export interface AdminScreenState {
  /** The reply this screen is showing (null on a fresh visit). */
  reply: AdminReply | null;
  /** The polite announcement ("News item created."), put into a live region that exists. */
  status: string | null;
  /** A refusal, shown and announced at once. */
  error: string | null;
  undo: UndoOffer | undefined;
  /** Conform's result for the form: only when the form itself was sent and refused. */
  lastResult: SubmissionResult<string[]> | undefined;
  /** A new key after each save or change of mode: the form starts again from its defaults. */
  formKey: string;
  /** This address without the save's parameters: where the screen's forms post. */
  actionHref: string;
  /** After a record was added: "Add another" takes the keyboard to the form (ADR 039). */
  addAnother: (() => void) | null;
}

const focusable = "input:not([type=hidden]):not([disabled]), select, textarea, [contenteditable]";

function focus(element: Element | null | undefined): boolean {
  if (!(element instanceof HTMLElement)) return false;
  element.focus();
  return document.activeElement === element;
}

function focusRow(id: string, control?: string): boolean {
  const row = document.getElementById(rowDomId(id));
  if (!row) return false;
  if (control) {
    const wanted = row.querySelector(`[${ROW_ACTION_ATTRIBUTE}="${control}"]`);
    // At the top (or bottom) of the list the button pressed is inert now: use the other one.
    const usable =
      wanted && wanted.getAttribute("aria-disabled") !== "true"
        ? wanted
        : row.querySelector(`[${ROW_ACTION_ATTRIBUTE}^="move-"]:not([aria-disabled="true"])`);
    if (focus(usable)) return true;
  }
  return focus(row);
}

/**
 * `actionData` is the route's action reply (or the outbox's answer, ignored here); `saved` is
 * the loader's reading of `?saved=…&done=…`; `editingId` the record in the form (?edit=…);
 * `formId` and `formHeadingId` the form and its heading (add mode's "add another" target).
 * A screen that is only a list (no form, no ?saved) passes `actionData` alone.
 */
export function useAdminReply({
  actionData,
  saved = null,
  editingId = null,
  formId = "",
  formHeadingId = "",
}: {
  actionData: unknown;
  saved?: AdminReply | null;
  editingId?: string | null;
  formId?: string;
  formHeadingId?: string;
}): AdminScreenState {
  const location = useLocation();
  const reply: AdminReply | null = isAdminReply(actionData) ? actionData : saved;
  const message = reply?.kind === "saved" || reply?.kind === "restored" ? reply.message : null;

  // The live region keeps its element; its words are emptied and then set again, so the
  // same message twice in a row ("Team updated.") is heard twice.
  const [status, setStatus] = useState(message);
  const first = useRef(true);
  const latest = useRef({ reply, message, editingId, formId, formHeadingId });
  latest.current = { reply, message, editingId, formId, formHeadingId };
  const wasEditing = useRef(editingId);
  // The navigation that brought the last save's redirect. Only a new save starts the form
  // again: a failed save (ADR 023), a refusal, a delete or a move all arrive at a new
  // address, and the form must keep what was typed through them.
  const savedNow = reply !== null && reply === saved;
  const [savedAt, setSavedAt] = useState(savedNow ? location.key : "");
  if (savedNow && savedAt !== location.key) setSavedAt(location.key);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (location.key); the values are read from `latest`
  useEffect(() => {
    const now = latest.current;
    const previouslyEditing = wasEditing.current;
    wasEditing.current = now.editingId;
    if (first.current) {
      first.current = false;
      // A page opened in edit mode starts in the form.
      if (now.editingId) focusFirstField(now.formId, now.formHeadingId);
      return;
    }
    setStatus(null);
    const timer = window.setTimeout(() => setStatus(now.message), 50);
    placeFocus({ ...now, previouslyEditing });
    return () => window.clearTimeout(timer);
  }, [location.key]);

  return {
    reply,
    status,
    error: reply?.kind === "refused" ? reply.message : null,
    undo: reply?.kind === "deleted" ? reply.undo : undefined,
    lastResult: reply?.kind === "invalid" ? reply.submission : undefined,
    // Only a save's redirect starts the form again: a delete or a move leaves what is typed.
    formKey: `${editingId ?? "new"}|${savedNow ? location.key : savedAt}`,
    actionHref: withoutSavedParams(`${location.pathname}${location.search}`),
    addAnother:
      savedNow && reply.kind === "saved" && reply.done === "created" && formId && !editingId
        ? () => startAnother(formId, formHeadingId)
        : null,
  };
}

/** "Add another": to the form's first field, opening the form first where it is folded away. */
function startAnother(formId: string, formHeadingId: string) {
  const form = document.getElementById(formId);
  if (focus(form?.querySelector(focusable))) return;
  const opener = document.querySelector(`[${OPENS_FORM_ATTRIBUTE}]`);
  if (opener instanceof HTMLElement) opener.click();
  else focus(document.getElementById(formHeadingId));
}

function focusFirstField(formId: string, formHeadingId: string) {
  const form = document.getElementById(formId);
  if (!focus(form?.querySelector(focusable))) focus(document.getElementById(formHeadingId));
}

function placeFocus({
  reply,
  editingId,
  previouslyEditing,
  formId,
  formHeadingId,
}: {
  reply: AdminReply | null;
  editingId: string | null;
  previouslyEditing: string | null;
  formId: string;
  formHeadingId: string;
}) {
  switch (reply?.kind) {
    case "saved":
      // ADR 039: after a record was added, "Add another" (one key press back to the form).
      if (
        reply.done === "created" &&
        !editingId &&
        focus(document.getElementById(ADD_ANOTHER_ID))
      ) {
        return;
      }
      // The saved row; when the list does not show it (another page, a filter), the form's
      // heading, ready to add another.
      if (!focusRow(reply.id, reply.focus === "row" ? undefined : reply.focus)) {
        focus(document.getElementById(formHeadingId));
      }
      return;
    case "restored":
      if (!focusRow(reply.id)) focus(document.getElementById(SCREEN_TITLE_ID));
      return;
    case "deleted":
      // The Undo notice focuses its own button when it appears.
      return;
    case "invalid": {
      const form = document.getElementById(formId);
      focus(form?.querySelector('[aria-invalid="true"]') ?? form?.querySelector('[role="alert"]'));
      return;
    }
    case "refused":
      // A failed save of the form (ADR 023): to the message that says what happened and
      // that the form still holds what was typed; the form is next in the page. A refused or
      // failed row action leaves focus on the button pressed (the alert is announced).
      if (
        reply.failed &&
        reply.typed !== false &&
        !focus(document.getElementById(SCREEN_ERROR_ID))
      ) {
        focusFirstField(formId, formHeadingId);
      }
      return;
    default:
      // Edit moves into the form; Cancel edit goes back to the row it came from.
      if (editingId && editingId !== previouslyEditing) focusFirstField(formId, formHeadingId);
      else if (!editingId && previouslyEditing) focusRow(previouslyEditing);
  }
}
