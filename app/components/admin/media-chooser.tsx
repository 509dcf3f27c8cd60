import { useId, useRef, useState } from "react";
import { type MediaChoice, type MediaKind, mediaLabel } from "../../domain/media/rules.ts";
import { buttonStyles } from "./form-fields.tsx";

// “Choose from library” (ADR 017): an image field takes an earlier upload instead of the same
// file again. A modal <dialog> (the browser keeps focus inside, Escape closes it, and focus
// goes back to the button that opened it) lists the earlier uploads of the field's kind with
// their descriptions, as buttons. Needs JavaScript; without it the address field still takes
// an upload's address.

type State =
  | { status: "idle" | "loading" | "failed" }
  | { status: "loaded"; choices: MediaChoice[] };

export function MediaChooser({
  kind,
  noun,
  onChoose,
}: {
  kind: MediaKind;
  noun: string;
  onChoose: (choice: MediaChoice) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const [state, setState] = useState<State>({ status: "idle" });

  async function load() {
    setState({ status: "loading" });
    try {
      const response = await fetch(`/admin/media/choices?kind=${kind}`, {
        headers: { accept: "application/json" },
      });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json()) as { choices: MediaChoice[] };
      setState({ status: "loaded", choices: body.choices });
    } catch {
      setState({ status: "failed" });
    }
  }

  function open() {
    dialog.current?.showModal();
    // Focus starts on the heading, which names the dialog, rather than on Close (the first
    // control): the choices arrive a moment later and are announced, and Tab reaches them.
    heading.current?.focus();
    void load();
  }

  function choose(choice: MediaChoice) {
    dialog.current?.close();
    onChoose(choice);
  }

  return (
    <>
      <button type="button" onClick={open} className={`${buttonStyles.secondary} mt-3 text-sm`}>
        Choose from library
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={headingId}
        className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-xl bg-white p-0 shadow-xl backdrop:bg-slate-900/60"
      >
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
            <h2
              id={headingId}
              ref={heading}
              tabIndex={-1}
              className="text-lg font-bold text-slate-900"
            >
              {`Choose an earlier ${noun}`}
            </h2>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className={`${buttonStyles.secondary} text-sm`}
            >
              Close
            </button>
          </div>
          <div className="overflow-y-auto px-4 py-3" aria-live="polite">
            {state.status !== "loaded" ? (
              state.status === "failed" ? (
                <p className="font-medium text-red-700">
                  The library could not be loaded. Check the connection and try again.
                </p>
              ) : (
                <p className="text-slate-600">Loading the library…</p>
              )
            ) : state.choices.length === 0 ? (
              <p className="text-slate-600">{`No ${noun}s uploaded yet.`}</p>
            ) : (
              <ul className="grid gap-2 sm:grid-cols-2">
                {state.choices.map((choice) => (
                  <li key={choice.id}>
                    <button
                      type="button"
                      onClick={() => choose(choice)}
                      className="flex min-h-11 w-full items-center gap-3 rounded-lg border border-slate-300 bg-white p-2 text-left hover:bg-slate-50"
                    >
                      <img
                        src={choice.thumbnail}
                        alt=""
                        loading="lazy"
                        className="h-16 w-20 shrink-0 rounded bg-slate-100 object-contain"
                      />
                      <span className="min-w-0 text-sm">
                        <span className="block font-semibold text-slate-900 wrap-anywhere">
                          {mediaLabel(choice)}
                        </span>
                        <span className="block text-slate-600">{`${choice.width} × ${choice.height} px`}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </dialog>
    </>
  );
}
