import {
  type SubscriberCounts as Counts,
  MAIL_LIST_NAMES,
  MAIL_LISTS,
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
} from "../../domain/subscribers/rules.ts";

// rules §2 Subscribers: each list's addresses by state, as a table with row and column headers.

export function SubscriberCounts({ counts }: { counts: Counts }) {
  return (
    // On a narrow screen the table scrolls sideways in its own box, which takes keyboard focus
    // so it can be scrolled without a pointer (WCAG 2.1.1); the page itself never does.
    <section
      aria-labelledby="subscriber-counts-caption"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className="mt-6 overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200"
    >
      <table className="w-full min-w-[28rem] text-left text-sm sm:text-base">
        <caption
          id="subscriber-counts-caption"
          className="px-4 pt-4 text-left text-lg font-bold text-slate-900"
        >
          Addresses per list
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-2 py-3 sm:px-4">
              List
            </th>
            {SUBSCRIBER_STATUSES.map((status) => (
              <th key={status} scope="col" className="px-2 py-3 text-right sm:px-4">
                {SUBSCRIBER_STATUS_LABELS[status]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...MAIL_LISTS, "all" as const].map((list) => (
            <tr key={list} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="px-2 py-3 font-semibold sm:px-4">
                {list === "all" ? "Every address" : MAIL_LIST_NAMES[list]}
              </th>
              {SUBSCRIBER_STATUSES.map((status) => (
                <td key={status} className="px-2 py-3 text-right tabular-nums sm:px-4">
                  {counts[list][status]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
