import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";

// DECISIONS 17: after a delete, a notice offers Undo for about 10 seconds. The timer pauses
// while the pointer or focus is on the notice (switch and screen-reader users need time),
// and without JavaScript the notice simply stays until the next page.

export const UNDO_VISIBLE_MS = 10_000;

export interface UndoOffer {
  token: string;
  /** What was deleted, e.g. 'Message from Aoife Brennan'. */
  label: string;
}

export function UndoNotice({ offer }: { offer: UndoOffer | undefined }) {
  const [visible, setVisible] = useState(Boolean(offer));
  const [paused, setPaused] = useState(false);
  const remaining = useRef(UNDO_VISIBLE_MS);

  useEffect(() => {
    remaining.current = UNDO_VISIBLE_MS;
    setVisible(Boolean(offer));
  }, [offer]);

  useEffect(() => {
    if (!visible || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => setVisible(false), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [visible, paused]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {offer && visible ? (
        // Hover and focus only pause the timer; the control inside is the Undo button.
        // biome-ignore lint/a11y/noStaticElementInteractions: not an interaction, see above
        <div
          className="pointer-events-auto flex w-full max-w-md items-center justify-between gap-4 rounded-lg bg-slate-900 px-4 py-3 text-white shadow-lg"
          onMouseEnter={() => setPaused(true)}
          onMouseLeave={() => setPaused(false)}
          onFocus={() => setPaused(true)}
          onBlur={() => setPaused(false)}
        >
          <p className="text-sm">{offer.label} deleted.</p>
          <Form method="post" className="shrink-0">
            <input type="hidden" name="token" value={offer.token} />
            <button
              type="submit"
              name="intent"
              value="undo"
              className="min-h-11 rounded-md px-4 font-semibold text-amber-300 underline-offset-4 hover:underline"
            >
              Undo
            </button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
