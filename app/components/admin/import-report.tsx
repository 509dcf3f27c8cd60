import { type ReactNode, useEffect, useState } from "react";
import { COLLECTIONS } from "../../domain/import/rules.ts";
import {
  COLLECTION_LABELS,
  type ImportReply,
  reportHeading,
  reportOutcome,
  type ShownReport,
} from "../../domain/import/screen.ts";

// The Import screen's report (ADR 009): what a check or an import did, per collection, its
// notes, its problems and the new pages' addresses, with the report to download; and where
// focus goes and what is announced when a reply arrives.

const REPORT_HEADING_ID = "import-report-heading";
export const IMPORT_REFUSAL_ID = "import-refusal";

/** The outcome's focus and announcement, once per reply (the same words twice are heard twice). */
export function useImportOutcome(reply: ImportReply | undefined): string | null {
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    setStatus(null);
    if (!reply) return;
    document
      .getElementById(reply.kind === "report" ? REPORT_HEADING_ID : IMPORT_REFUSAL_ID)
      ?.focus();
    // A refusal is an alert, heard as it appears; a report's outcome is said politely.
    if (reply.kind !== "report") return;
    const timer = window.setTimeout(() => setStatus(reply.message), 50);
    return () => window.clearTimeout(timer);
  }, [reply]);
  return status;
}

const cell = "border-b border-slate-200 px-3 py-2 text-left align-top";
const headCell = `${cell} font-semibold text-slate-800`;

/** A table's column headings. */
function ColumnHeads({ titles }: { titles: string[] }) {
  return (
    <thead>
      <tr>
        {titles.map((title) => (
          <th key={title} scope="col" className={headCell}>
            {title}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A wide table scrolls sideways on a phone; the keyboard can scroll it too. */
function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} className="mt-3 overflow-x-auto">
      {children}
    </section>
  );
}

/** ADR 033: the report's lists hold only what is shown here (shownReport). */
export function ImportReportSection({ report }: { report: ShownReport }) {
  const will = report.dryRun;
  const problems = report.problems;
  const more = report.counts.problems - problems.length;
  const created = report.records;
  const download = (
    <a
      href={report.download.href}
      download={report.download.fileName}
      className="font-semibold text-club underline underline-offset-4"
    >
      Download the report (JSON)
    </a>
  );
  return (
    <section
      aria-labelledby={REPORT_HEADING_ID}
      className="mt-8 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2
        id={REPORT_HEADING_ID}
        tabIndex={-1}
        className="font-display text-2xl font-bold uppercase text-slate-900"
      >
        {reportHeading(report)}
      </h2>
      <p className="mt-2 text-slate-700">{reportOutcome(report)}</p>
      <p className="mt-2">{download}</p>

      <ScrollTable label="Collections">
        <table className="w-full min-w-[36rem] border-collapse text-sm">
          <caption className="text-left font-semibold text-slate-900">
            {will ? "What an import would do, per collection" : "What was done, per collection"}
          </caption>
          <ColumnHeads
            titles={[
              "Collection",
              "In the file",
              will ? "Would create" : "Created",
              will ? "Would update" : "Updated",
              "Unchanged",
              will ? "Would skip" : "Skipped",
              will ? "Would fail" : "Failed",
            ]}
          />
          <tbody>
            {COLLECTIONS.map((name) => {
              const c = report.collections[name];
              return (
                <tr key={name}>
                  <th scope="row" className={headCell}>
                    {COLLECTION_LABELS[name]}
                  </th>
                  <td className={cell}>{c.found}</td>
                  <td className={cell}>{c.created}</td>
                  <td className={cell}>{c.updated}</td>
                  <td className={cell}>{c.unchanged}</td>
                  <td className={cell}>{c.skipped}</td>
                  <td className={cell}>{c.failed ? `Yes, nothing written: ${c.failed}` : "No"}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollTable>

      {report.notes.length > 0 ? (
        <>
          <h3 className="mt-6 text-lg font-bold text-slate-900">Notes</h3>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-slate-700">
            {report.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      ) : null}

      <h3 className="mt-6 text-lg font-bold text-slate-900">Problems</h3>
      {problems.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">None: every document can be read.</p>
      ) : (
        <>
          <ScrollTable label="Problems">
            <table className="w-full min-w-[48rem] border-collapse text-sm">
              <caption className="text-left font-semibold text-slate-900">
                {`${report.counts.problems} ${report.counts.problems === 1 ? "problem" : "problems"}: a skipped document was not imported; a changed one was imported as the reason says`}
              </caption>
              <ColumnHeads
                titles={["Collection", "Row", "Id", "Field", "Value", "Outcome", "Reason"]}
              />
              <tbody>
                {problems.map((p, index) => (
                  // The same document can have several problems on one field: the position keeps them apart.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once shown
                  <tr key={index}>
                    <td className={cell}>{COLLECTION_LABELS[p.collection]}</td>
                    <td className={cell}>{p.row}</td>
                    <td className={`${cell} break-all font-mono`}>{p.id}</td>
                    <td className={`${cell} font-mono`}>{p.field}</td>
                    <td className={`${cell} break-all font-mono`}>{p.value}</td>
                    <td className={cell}>
                      {p.severity === "error"
                        ? will
                          ? "Would skip"
                          : "Skipped"
                        : will
                          ? "Would change"
                          : "Changed"}
                    </td>
                    <td className={cell}>{p.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
          {more > 0 ? (
            // The download link is written once (ADR 033): a second copy of the whole report
            // doubled the page's largest part.
            <p className="mt-2 text-sm text-slate-700">
              And {more} more in the report to download above.
            </p>
          ) : null}
        </>
      )}

      {created.length > 0 ? (
        <>
          <h3 className="mt-6 text-lg font-bold text-slate-900">New pages</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {created.map((r) => (
              <li key={`${r.collection}-${r.id}`}>
                <a
                  href={r.address ?? undefined}
                  className="font-semibold text-club underline-offset-4 hover:underline"
                >
                  {r.address}
                </a>{" "}
                <span className="text-slate-600">
                  ({COLLECTION_LABELS[r.collection]}, row {r.row})
                </span>
              </li>
            ))}
          </ul>
          {report.counts.created > created.length ? (
            <p className="mt-2 text-sm text-slate-700">
              And {report.counts.created - created.length} more in the report.
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
