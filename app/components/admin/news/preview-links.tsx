import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { useClubDates } from "../../site/use-club-dates.ts";
import { buttonStyles } from "../form-fields.tsx";

// ADR 034: the preview links of an unpublished story: share a new one (its address is shown
// once, as an invitation's is), and withdraw any that still work.

export interface PreviewLinkRow {
  id: string;
  createdBy: string;
  expiresAt: Date;
}

export function PreviewLinks({
  links,
  shared,
}: {
  links: PreviewLinkRow[];
  /** The address just made, shown once; null otherwise. */
  shared: string | null;
}) {
  const { formatShortDateTime } = useClubDates();
  const sharedField = useRef<HTMLInputElement>(null);
  // The new address gets the focus, selected, ready to copy.
  useEffect(() => {
    if (shared) sharedField.current?.select();
  }, [shared]);
  return (
    <section
      aria-labelledby="preview-links-title"
      className="mx-auto mt-6 max-w-4xl rounded-xl bg-white p-5 ring-1 ring-slate-200"
    >
      <h2
        id="preview-links-title"
        className="font-display text-xl font-bold uppercase text-slate-900"
      >
        Preview links
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Anyone with a preview link can read this story without signing in, for 7 days or until you
        withdraw the link. Search engines never list it.
      </p>
      {shared ? (
        <div className="mt-3">
          <label htmlFor="shared-link" className="block text-sm font-semibold text-slate-800">
            New preview link (copy it now: it is shown once)
          </label>
          <input
            ref={sharedField}
            id="shared-link"
            readOnly
            value={shared}
            className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3"
          />
        </div>
      ) : null}
      <Form method="post" className="mt-3">
        <button type="submit" name="intent" value="share" className={buttonStyles.primary}>
          Share a preview link
        </button>
      </Form>
      {links.length > 0 ? (
        <ul className="mt-4 space-y-2">
          {links.map((link, index) => (
            <li key={link.id} className="flex flex-wrap items-center gap-3 text-sm">
              <span>
                {`Link ${links.length - index}, shared by ${link.createdBy}, works until `}
                <time dateTime={link.expiresAt.toISOString()}>
                  {formatShortDateTime(link.expiresAt)}
                </time>
              </span>
              <Form method="post">
                <input type="hidden" name="link" value={link.id} />
                <button
                  type="submit"
                  name="intent"
                  value="withdraw"
                  className={buttonStyles.danger}
                  aria-label={`Withdraw link ${links.length - index}`}
                >
                  Withdraw
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No preview link works now.</p>
      )}
    </section>
  );
}
