import { useCallback, useEffect, useRef, useState } from "react";
import { queueChange, removeChange } from "../../../browser/outbox.ts";
import { REQUEST_ID_FIELD } from "../../../domain/connectivity/outbox.ts";

// A draft saves itself while it is written (ADR 034): every AUTOSAVE_MS and whenever a field
// of the form loses focus, the form's text fields go to /admin/news/autosave when they changed
// since the last autosave. A dropped signal or a closed tab loses at most AUTOSAVE_MS of
// typing. The first autosave of a new story creates its draft: from then on the form updates
// that draft, and the address names it (?edit=<id>), so a reload opens it again. Offline, an
// existing draft's autosave waits in the outbox (ADR 006) as a save of its text, the newer
// replacing the older; a story never saved yet waits for its own save button (so it is not
// created twice).

/** ADR 034: how often a draft being written is saved. */
const AUTOSAVE_MS = 10_000;

const FIELDS = ["title", "content", "byline", "image", "imageAlt", "category", "fixtureId"];

function textFields(form: HTMLFormElement): FormData {
  const typed = new FormData(form);
  const body = new FormData();
  for (const name of FIELDS) body.set(name, String(typed.get(name) ?? ""));
  return body;
}

export type AutosaveState =
  | { kind: "idle" }
  | { kind: "saved"; at: Date }
  | { kind: "queued" }
  | { kind: "failed" };

export function useAutosave({
  formId,
  enabled,
  id,
}: {
  formId: string;
  /** Only a draft saves itself. */
  enabled: boolean;
  /** The draft's id once it exists. */
  id: string | null;
}): { state: AutosaveState; draftId: string | null } {
  const [state, setState] = useState<AutosaveState>({ kind: "idle" });
  const [draftId, setDraftId] = useState<string | null>(null);
  const idRef = useRef(id ?? draftId);
  idRef.current = id ?? draftId;
  const lastSent = useRef<string | null>(null);
  const inFlight = useRef(false);
  const queued = useRef<string | null>(null);
  const submitted = useRef(false);
  // A new save lock round (the form answered and is open again) lets autosave speak again.
  if (!enabled) submitted.current = false;

  const save = useCallback(async () => {
    const form = document.getElementById(formId);
    if (!enabled || submitted.current || inFlight.current || !(form instanceof HTMLFormElement))
      return;
    const body = textFields(form);
    const key = JSON.stringify([...body]);
    // Nothing new, or not a story yet (no title or text): wait for the next turn.
    if (key === lastSent.current) return;
    if (!String(body.get("title")).trim() || !String(body.get("content")).trim()) return;
    if (idRef.current) body.set("id", idRef.current);
    inFlight.current = true;
    try {
      const response = await fetch("/admin/news/autosave", { method: "POST", body });
      const answer = (await response.json()) as { saved: boolean; id?: string };
      if (!answer.saved || !answer.id) {
        setState({ kind: "failed" });
        return;
      }
      lastSent.current = key;
      setState({ kind: "saved", at: new Date() });
      if (!idRef.current) {
        idRef.current = answer.id;
        setDraftId(answer.id);
        // A reload opens the draft (React Router's own state is kept with the entry).
        const url = new URL(window.location.href);
        url.searchParams.set("edit", answer.id);
        window.history.replaceState(window.history.state, "", url);
      }
    } catch {
      // Offline or no answer: an existing draft's text waits in the outbox; a new story's
      // stays in the form, and its save button keeps it (the outbox too).
      const draft = idRef.current;
      if (!draft) {
        setState({ kind: "failed" });
        return;
      }
      const requestId = crypto.randomUUID();
      const fields: [string, string][] = [
        ["intent", "save"],
        ["id", draft],
        [REQUEST_ID_FIELD, requestId],
        ...[...body]
          .filter(([name]) => name !== "id")
          .map(([name, value]) => [name, String(value)] as [string, string]),
      ];
      if (queued.current) await removeChange(queued.current);
      const outcome = await queueChange({
        requestId,
        action: "/admin/news",
        fields,
        label: String(body.get("title")),
      });
      queued.current = outcome === "queued" ? requestId : null;
      if (outcome === "queued") lastSent.current = key;
      setState(outcome === "queued" ? { kind: "queued" } : { kind: "failed" });
    } finally {
      inFlight.current = false;
    }
  }, [enabled, formId]);

  useEffect(() => {
    if (!enabled) return;
    const form = document.getElementById(formId);
    // What the form held when it opened is saved already.
    if (form instanceof HTMLFormElement) lastSent.current = JSON.stringify([...textFields(form)]);
    // Focus leaving a field for the form's own save button is the save about to happen
    // (ADR 039 moves focus there when Enter saves): an autosave then would race it, and a new
    // story would be stored twice.
    const onBlur = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof HTMLButtonElement && next.type === "submit" && next.form === form) return;
      void save();
    };
    // From the moment the form is sent, only its save speaks for it. Conform checks a field
    // on blur through a submit of its own (a hidden `__intent__` button), not a save.
    const onSubmit = (event: SubmitEvent) => {
      if (event.submitter?.getAttribute("name") === "__intent__") return;
      submitted.current = true;
    };
    form?.addEventListener("focusout", onBlur);
    form?.addEventListener("submit", onSubmit);
    const timer = setInterval(() => void save(), AUTOSAVE_MS);
    return () => {
      form?.removeEventListener("focusout", onBlur);
      form?.removeEventListener("submit", onSubmit);
      clearInterval(timer);
    };
  }, [enabled, formId, save]);

  return { state, draftId };
}
