import { type ReactNode, useEffect, useRef, useSyncExternalStore } from "react";
import { CloseIcon } from "../site/icons.tsx";
import { OPENS_FORM_ATTRIBUTE } from "./resource/ids.ts";

// rules §2 Manage Fixtures: on narrow screens the form opens as a slide-up panel. It is a
// modal <dialog>: focus moves into it, the page behind is inert, Escape closes it, and
// focus goes back to what opened it. On wide screens, and without JavaScript, the same form
// is simply part of the page.

const NARROW_SCREEN = "(max-width: 1023.98px)";

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    // The server and the first render in the browser: the on-page form.
    () => false,
  );
}

export function SlideUpPanel({
  title,
  headingId,
  open,
  onOpen,
  onClose,
  openLabel,
  children,
}: {
  title: string;
  /** The heading's id: where focus goes when a save leaves nothing better to focus. */
  headingId: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** The button that opens the panel on narrow screens, e.g. 'Add fixture'. */
  openLabel: string;
  children: ReactNode;
}) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const titleId = headingId;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!narrow || !dialog) return;
    if (open && !dialog.open) {
      returnTo.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, narrow]);

  if (!narrow) {
    return (
      <section
        aria-labelledby={titleId}
        className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2
          id={titleId}
          tabIndex={-1}
          className="font-display text-2xl font-extrabold uppercase text-slate-900"
        >
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </section>
    );
  }

  const closed = () => {
    onClose();
    const target = returnTo.current?.isConnected ? returnTo.current : openerRef.current;
    // After the dialog has let go of focus; unless the screen has put it somewhere already
    // (after a save: on the saved row).
    requestAnimationFrame(() => {
      const active = document.activeElement;
      const placed = active && active !== document.body && !dialogRef.current?.contains(active);
      if (!placed || active === returnTo.current) target?.focus();
    });
  };

  return (
    <>
      <button
        ref={openerRef}
        type="button"
        aria-haspopup="dialog"
        {...{ [OPENS_FORM_ATTRIBUTE]: "" }}
        onClick={onOpen}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-md bg-club px-5 font-semibold text-club-contrast shadow hover:opacity-90"
      >
        <span aria-hidden="true" className="text-xl leading-none">
          +
        </span>
        {openLabel}
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        onClose={closed}
        className="inset-x-0 top-auto bottom-0 m-0 max-h-[92dvh] w-full max-w-none animate-slide-up overflow-y-auto rounded-t-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-950/60"
      >
        <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2">
          <h2
            id={titleId}
            tabIndex={-1}
            className="font-display text-2xl font-extrabold uppercase text-slate-900"
          >
            {title}
          </h2>
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md px-2 font-semibold text-slate-700 hover:bg-slate-100"
          >
            <CloseIcon className="size-6" />
            <span className="sr-only">Close</span>
          </button>
        </div>
        <div className="px-4 pt-4 pb-8">{children}</div>
      </dialog>
    </>
  );
}
