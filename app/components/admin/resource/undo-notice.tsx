import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import type { UndoOffer } from "../../../domain/admin/reply.ts";
import { useHydrated } from "../../site/use-hydrated.ts";
import { rowAfterDelete, SCREEN_TITLE_ID, UNDO_BUTTON_ID } from "./ids.ts";

// decisions 17, WCAG 2.2.1: after a delete the notice offers Undo, and the keyboard is on
// it (one key press undoes). It is part of the page under the screen's title, never over
// other content, and stays while focus or the pointer is in it, at least 20 seconds
// otherwise, or until dismissed (Dismiss, or Escape anywhere in it: ADR 039), which puts the
// keyboard back in the list, on the row that took the deleted one's place. Without
// JavaScript it stays until the next page.

const UNDO_VISIBLE_MS = 20_000;

export function UndoNotice({ offer, action }: { offer: UndoOffer | undefined; action: string }) {
  const [visible, setVisible] = useState(Boolean(offer));
  const [inside, setInside] = useState({ focus: false, pointer: false });
  const paused = inside.focus || inside.pointer;
  const undoButton = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    setVisible(Boolean(offer));
  }, [offer]);

  // A new offer takes the keyboard once, as soon as its button is on the page.
  const focused = useRef<UndoOffer | undefined>(undefined);
  useEffect(() => {
    if (!offer || !visible || focused.current === offer) return;
    focused.current = offer;
    undoButton.current?.focus();
  }, [offer, visible]);

  useEffect(() => {
    if (!visible || paused) return;
    // Leaving the notice starts the full time again: nobody is hurried out of it.
    const timer = window.setTimeout(() => setVisible(false), UNDO_VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [visible, paused]);

  if (!offer || !visible) return null;
  const dismiss = () => {
    setVisible(false);
    (rowAfterDelete() ?? document.getElementById(SCREEN_TITLE_ID))?.focus();
  };
  return (
    <section
      aria-label="Undo delete"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-900 px-4 py-3 text-white shadow"
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        dismiss();
      }}
      onPointerEnter={() => setInside((now) => ({ ...now, pointer: true }))}
      onPointerLeave={() => setInside((now) => ({ ...now, pointer: false }))}
      onFocus={() => setInside((now) => ({ ...now, focus: true }))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) {
          setInside((now) => ({ ...now, focus: false }));
        }
      }}
    >
      <p id="undo-label" className="text-sm">
        {offer.label} deleted.
      </p>
      <div className="flex shrink-0 gap-2">
        <Form method="post" action={action}>
          <input type="hidden" name="token" value={offer.token} />
          <button
            ref={undoButton}
            id={UNDO_BUTTON_ID}
            type="submit"
            name="intent"
            value="undo"
            aria-describedby="undo-label"
            className="min-h-11 rounded-md bg-amber-300 px-4 font-semibold text-slate-950 hover:bg-amber-200"
          >
            Undo
          </button>
        </Form>
        {hydrated ? (
          <button
            type="button"
            onClick={dismiss}
            className="inline-flex min-h-11 items-center justify-center rounded-md border border-slate-400 px-4 font-semibold text-white hover:bg-slate-800"
          >
            Dismiss
          </button>
        ) : null}
      </div>
    </section>
  );
}
