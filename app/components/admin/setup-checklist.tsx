import { Form, Link } from "react-router";
import type { SetupItem } from "../../domain/club/setup.ts";

// decisions 35: the dashboard's setup checklist. Each item says in words whether it is done
// (never by colour or a tick alone) and links to the screen where it is done.

export function SetupChecklist({ items }: { items: readonly SetupItem[] }) {
  const done = items.filter((item) => item.done).length;
  return (
    <section
      aria-labelledby="setup-title"
      className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="setup-title" className="font-display text-xl font-bold uppercase text-slate-900">
        Set up the club's site
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {done} of {items.length} done. Each item ticks itself once it is done.
      </p>
      <ol className="mt-4 space-y-2">
        {items.map((item) => (
          <li key={item.key} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className={`mt-2.5 flex size-6 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                item.done ? "bg-emerald-700 text-white" : "border-2 border-slate-400 bg-white"
              }`}
            >
              {item.done ? "✓" : ""}
            </span>
            <div className="min-w-0">
              {/* The name says the state in words ("Colours: done"), starting with the
                  visible label. */}
              <Link
                to={item.href}
                aria-label={`${item.label}: ${item.done ? "done" : "to do"}`}
                className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4 hover:no-underline"
              >
                {item.label}
              </Link>
              <p className="text-sm text-slate-600">
                {item.done ? <strong className="text-emerald-800">Done. </strong> : null}
                {item.hint}
              </p>
            </div>
          </li>
        ))}
      </ol>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="dismiss-setup" />
        <button
          type="submit"
          className="min-h-11 rounded-md border border-slate-300 bg-white px-4 font-semibold text-slate-800 hover:bg-slate-100"
        >
          Hide this checklist
        </button>
      </Form>
    </section>
  );
}

/** decisions 35: until the club saves its own privacy policy and terms. */
export function LegalReminder() {
  return (
    <div
      role="status"
      className="mt-4 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p>
        <strong>The privacy policy and terms are still the template.</strong> Adapt them to the club
        and save each one in{" "}
        <Link to="/admin/pages" className="font-semibold underline underline-offset-4">
          Pages
        </Link>
        .
      </p>
    </div>
  );
}
