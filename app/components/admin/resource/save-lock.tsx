import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { useUploadProgress } from "../../../browser/upload-progress.ts";
import { savingText, uploadNoun } from "../../../domain/admin/saving.ts";

// ADR 039: while a save is on its way, the form says so and cannot be changed, reset or sent
// again underneath the volunteer. Every admin form calls `useSaveLock(form.id, useSaving())`
// and ends with `FormActions` (or `SaveButton` and `SaveStatus`); no screen handles this itself.

/** Marks a form's save button: where the keyboard waits while the fields are locked. */
export const SAVE_BUTTON_ATTRIBUTE = "data-save-button";

/** Marks an image field's file input with what it sends ('photo', 'logo'). */
export const UPLOAD_NOUN_ATTRIBUTE = "data-upload-noun";

/**
 * True from the moment a form's save is sent until its answer is on the screen: while it is
 * submitted and while the page reloads after it (the save's redirect), so the form never
 * starts again under someone typing. `action`: only a save posted there (a screen with
 * several forms); the save is a POST whose intent is `save` (or has none).
 */
export function useSaving(action?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || !navigation.formData) return false;
  if (navigation.formMethod?.toUpperCase() !== "POST") return false;
  const intent = navigation.formData.get("intent");
  if (intent !== null && intent !== "save") return false;
  return action === undefined || samePath(navigation.formAction, action);
}

function samePath(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const path = (href: string) => {
    const url = new URL(href, "http://x");
    url.searchParams.delete("index");
    return `${url.pathname}?${url.searchParams}`;
  };
  return path(a) === path(b);
}

const LOCKABLE = "input, select, textarea, button, [contenteditable=true]";

/**
 * Locks the form `formId` while `saving`: every field and button in it is disabled (nothing
 * can be typed, chosen, dropped on or removed; a screen reader hears the form is busy), and a
 * rich text editor stops taking typing; afterwards each is given back as it was. The save
 * button is left alone, never disabled (ADR 005): when the save began from a field (Enter),
 * the keyboard moves to that button, next to the words saying what is happening.
 */
export function useSaveLock(formId: string, saving: boolean): void {
  useLayoutEffect(() => {
    const form = document.getElementById(formId);
    if (!saving || !(form instanceof HTMLFormElement)) return;
    const button = form.querySelector<HTMLElement>(`[${SAVE_BUTTON_ATTRIBUTE}]`);
    const active = document.activeElement;
    if (button && (active === document.body || (form.contains(active) && active !== button))) {
      button.focus();
    }
    const given: (() => void)[] = [];
    for (const element of form.querySelectorAll<HTMLElement>(LOCKABLE)) {
      if (element === button) continue;
      if (element.isContentEditable && !("disabled" in element)) {
        element.setAttribute("contenteditable", "false");
        given.push(() => element.setAttribute("contenteditable", "true"));
      } else if ("disabled" in element && element.disabled === false) {
        element.disabled = true;
        given.push(() => {
          element.disabled = false;
        });
      }
    }
    form.setAttribute("aria-busy", "true");
    return () => {
      for (const give of given) give();
      form.removeAttribute("aria-busy");
    };
  }, [formId, saving]);
}

/**
 * 'Saving…', or 'Saving… uploading photo 60 %' while a chosen file is sent (rules §2 Admin
 * screens in common), in a polite live region that is always on the page.
 */
export function SaveStatus({ saving }: { saving: boolean }) {
  const region = useRef<HTMLSpanElement>(null);
  const progress = useUploadProgress();
  const [noun, setNoun] = useState<string | null>(null);
  useEffect(() => {
    if (!saving) return;
    const form = region.current?.closest("form");
    const kinds = [...(form?.querySelectorAll<HTMLInputElement>("input[type=file]") ?? [])]
      .filter((input) => (input.files?.length ?? 0) > 0)
      .map((input) => input.getAttribute(UPLOAD_NOUN_ATTRIBUTE) ?? "file");
    setNoun(uploadNoun(kinds));
  }, [saving]);
  return (
    <span ref={region} role="status" className="text-sm font-medium text-slate-700">
      {saving ? savingText({ progress, noun }) : null}
    </span>
  );
}
