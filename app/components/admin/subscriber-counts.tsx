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
    <div className="mt-6 overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200">
      <table className="w-full min-w-[30rem] text-left">
        <caption className="px-4 pt-4 text-left text-lg font-bold text-slate-900">
          Addresses per list
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="px-4 py-3">
              List
            </th>
            {SUBSCRIBER_STATUSES.map((status) => (
              <th key={status} scope="col" className="px-4 py-3 text-right">
                {SUBSCRIBER_STATUS_LABELS[status]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...MAIL_LISTS, "all" as const].map((list) => (
            <tr key={list} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="px-4 py-3 font-semibold">
                {list === "all" ? "Every address" : MAIL_LIST_NAMES[list]}
              </th>
              {SUBSCRIBER_STATUSES.map((status) => (
                <td key={status} className="px-4 py-3 text-right tabular-nums">
                  {counts[list][status]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
