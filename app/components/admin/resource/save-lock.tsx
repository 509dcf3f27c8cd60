import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useNavigation } from "react-router";
import { useUploadProgress } from "../../../browser/upload-progress.ts";
import { savingText, uploadNoun } from "../../../domain/admin/saving.ts";

// ADR 039: while a save is on its way, the form says so and cannot be changed, reset or sent
// again underneath the volunteer. Every admin form wraps its fields in `SaveLock` and ends
// with `FormActions` (or `SaveButton` and `SaveStatus`); no screen handles this itself.

/** Marks a form's save button: where the keyboard waits while the fields are locked. */
export const SAVE_BUTTON_ATTRIBUTE = "data-save-button";

/** Marks an image field's file input with what it sends ('photo', 'logo'). */
export const UPLOAD_NOUN_ATTRIBUTE = "data-upload-noun";

const SaveLockContext = createContext(false);

/** True inside a form whose save is on its way (for fields a fieldset cannot disable: Quill). */
export function useSaveLocked(): boolean {
  return useContext(SaveLockContext);
}

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

/**
 * The form's fields, disabled while `saving` (a disabled fieldset: nothing in it can be typed
 * into, chosen or dropped on, and a screen reader hears it is busy). The save button stays
 * outside it, never disabled (ADR 005): when the save began from a field (Enter), the keyboard
 * moves to that button, next to the words saying what is happening.
 */
export function SaveLock({
  saving,
  className = "",
  children,
}: {
  saving: boolean;
  className?: string;
  children: ReactNode;
}) {
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useLayoutEffect(() => {
    const element = fieldset.current;
    if (!saving || !element) return;
    const active = document.activeElement;
    if (active === document.body || element.contains(active)) {
      const button = element.form?.querySelector(`[${SAVE_BUTTON_ATTRIBUTE}]`);
      if (button instanceof HTMLElement) button.focus();
    }
  }, [saving]);
  return (
    <SaveLockContext value={saving}>
      <fieldset
        ref={fieldset}
        disabled={saving}
        aria-busy={saving || undefined}
        className={`min-w-0 ${className}`}
      >
        {children}
      </fieldset>
    </SaveLockContext>
  );
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
