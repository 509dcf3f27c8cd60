import { useEffect, useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { buttonStyles } from "../../components/admin/form-fields.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import type { AdminReply } from "../../domain/admin/reply.ts";
import { requireAdministrator } from "../../domain/auth/session.server.ts";
import { importExport } from "../../domain/import/import.server.ts";
import {
  COLLECTIONS,
  IMPORT_MAX_BYTES,
  IMPORT_UPLOAD_MAX_BYTES,
  type ImportReport,
  tooLargeMessage,
} from "../../domain/import/rules.ts";
import {
  COLLECTION_LABELS,
  CREATED_LINKS_SHOWN,
  IMPORT_MESSAGES,
  importIntentSchema,
  PROBLEMS_SHOWN,
  refusalWithoutFileText,
  reportDataUrl,
  reportFileName,
  reportHeading,
  reportOutcome,
} from "../../domain/import/screen.ts";
import type { Route } from "./+types/import";

// Import from the old site (ADR 009, decisions 25; ADR 005's pieces): the administrator
// uploads the old site's export, checks it (a dry run: nothing written) or imports it, and
// reads the report on screen. The same import as `npm run import`. Not an outbox change
// (ADR 006): a 200 MB upload is not kept on the device; offline, nothing is sent.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Import from the old site | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const REPORT_HEADING_ID = "import-report-heading";
const REFUSAL_ID = "import-refusal";
const FILE_HINT_ID = "import-file-hint";

/** The action's reply: a refusal (ADR 005's kind) or the import's report. */
export type ImportReply =
  | Extract<AdminReply, { kind: "refused" }>
  | { kind: "report"; report: ImportReport; message: string };

const refuse = (message: string, status: number) =>
  data<ImportReply>({ kind: "refused", message }, { status });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdministrator(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  // Who asks comes first: nothing of the body is read for a visitor without a session.
  await requireAdministrator(request);
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > IMPORT_UPLOAD_MAX_BYTES) return refuse(tooLargeMessage(length), 413);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return refuse(IMPORT_MESSAGES.notUnderstood, 400);
  }
  const intent = importIntentSchema.safeParse({ intent: formData.get("intent") });
  if (!intent.success) return refuse(IMPORT_MESSAGES.notUnderstood, 400);
  const file = formData.get("file");
  if (!(file instanceof File) || (file.size === 0 && file.name === "")) {
    return refuse(IMPORT_MESSAGES.noFile, 400);
  }
  if (file.size === 0) return refuse(IMPORT_MESSAGES.empty, 400);
  if (file.size > IMPORT_MAX_BYTES) return refuse(tooLargeMessage(file.size), 413);
  const report = await importExport({
    json: new Uint8Array(await file.arrayBuffer()),
    dryRun: intent.data.intent === "check",
  });
  // Not JSON, or not an export of the old site: the report says why, and nothing was written.
  if (report.refused) {
    return refuse(`${refusalWithoutFileText(report.refused)} Nothing was imported.`, 400);
  }
  return data<ImportReply>({ kind: "report", report, message: reportOutcome(report) });
}

// Offline the upload is not kept for later (an outbox change is a few fields, not a file):
// it is refused here, in the browser, before anything is sent.
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  if (!navigator.onLine) {
    // Marked for outboxShouldRevalidate: no loader is asked again while offline.
    return { kind: "refused", message: IMPORT_MESSAGES.offline, outbox: "not-sent" } as const;
  }
  return serverAction();
}
export const shouldRevalidate = outboxShouldRevalidate;

/** The outcome's focus and announcement, once per reply (the same words twice are heard twice). */
function useImportOutcome(reply: ImportReply | undefined): string | null {
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    setStatus(null);
    if (!reply) return;
    document.getElementById(reply.kind === "report" ? REPORT_HEADING_ID : REFUSAL_ID)?.focus();
    // A refusal is an alert, heard as it appears; a report's outcome is said politely.
    if (reply.kind !== "report") return;
    const timer = window.setTimeout(() => setStatus(reply.message), 50);
    return () => window.clearTimeout(timer);
  }, [reply]);
  return status;
}

export default function Import({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const reply = actionData as ImportReply | undefined;
  const status = useImportOutcome(reply);
  const busy = navigation.state === "submitting";
  const refusal = reply?.kind === "refused" ? reply.message : null;
  return (
    <>
      <AdminPageHeader
        title="Import from the old site"
        intro="Move the news, fixtures, league table and team from the old site's export file to this site."
        screen={{ error: null, status, undo: undefined, actionHref: "/admin/import" }}
      />
      <section
        aria-labelledby="import-form-heading"
        className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <h2 id="import-form-heading" className="text-lg font-bold text-slate-900">
          Choose the export file
        </h2>
        <div className="mt-2 space-y-2 text-sm text-slate-700">
          <p>
            The export file is the old site's database saved as one .json file (its collections
            news, fixtures, leagueTable and team), the same file{" "}
            <code className="rounded bg-slate-100 px-1">npm run import</code> reads.
          </p>
          <p>
            <strong>Check the file</strong> shows what an import would do and writes nothing.{" "}
            <strong>Import</strong> adds what is new and updates what changed. Nothing on this site
            is ever deleted, and importing the same file twice changes nothing the second time.
          </p>
        </div>
        <Form
          method="post"
          encType="multipart/form-data"
          action="/admin/import"
          className="mt-4 space-y-4"
          aria-busy={busy}
        >
          {refusal ? (
            <p
              id={REFUSAL_ID}
              role="alert"
              tabIndex={-1}
              className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
            >
              {refusal}
            </p>
          ) : null}
          <div>
            <label htmlFor="import-file" className="block text-sm font-semibold text-slate-800">
              Export file (.json)
            </label>
            <p id={FILE_HINT_ID} className="mt-1 text-sm text-slate-600">
              Up to {IMPORT_MAX_BYTES / 1_000_000} MB.
            </p>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".json,application/json"
              required
              aria-describedby={refusal ? `${FILE_HINT_ID} ${REFUSAL_ID}` : FILE_HINT_ID}
              aria-invalid={refusal ? true : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white p-2 text-base text-slate-900 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:font-semibold file:text-slate-800"
            />
          </div>
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              name="intent"
              value="check"
              className={buttonStyles.primary}
              aria-disabled={busy || undefined}
            >
              Check the file
            </button>
            <button
              type="submit"
              name="intent"
              value="import"
              className={buttonStyles.secondary}
              aria-disabled={busy || undefined}
            >
              Import
            </button>
          </div>
          {busy ? (
            <p className="text-sm text-slate-600">
              Sending the file and reading it: a large file takes a while.
            </p>
          ) : null}
        </Form>
      </section>
      {reply?.kind === "report" ? <Report report={reply.report} /> : null}
    </>
  );
}

const cell = "border-b border-slate-200 px-3 py-2 text-left align-top";
const headCell = `${cell} font-semibold text-slate-800`;

/** A wide table scrolls sideways on a phone; the keyboard can scroll it too. */
function ScrollTable({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} className="mt-3 overflow-x-auto">
      {children}
    </section>
  );
}

function Report({ report }: { report: ImportReport }) {
  const will = report.dryRun;
  const problems = report.problems.slice(0, PROBLEMS_SHOWN);
  const more = report.problems.length - problems.length;
  // A check's records were rolled back: only a real run's new pages have addresses to visit.
  const created = will ? [] : report.records.filter((r) => r.action === "created" && r.address);
  const download = (
    <a
      href={reportDataUrl(report)}
      download={reportFileName(report)}
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
          <thead>
            <tr>
              {[
                "Collection",
                "In the file",
                will ? "Would create" : "Created",
                will ? "Would update" : "Updated",
                "Unchanged",
                will ? "Would skip" : "Skipped",
                will ? "Would fail" : "Failed",
              ].map((title) => (
                <th key={title} scope="col" className={headCell}>
                  {title}
                </th>
              ))}
            </tr>
          </thead>
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
                {`${report.problems.length} ${report.problems.length === 1 ? "problem" : "problems"}: a skipped document was not imported; a changed one was imported as the reason says`}
              </caption>
              <thead>
                <tr>
                  {["Collection", "Row", "Id", "Field", "Value", "Outcome", "Reason"].map(
                    (title) => (
                      <th key={title} scope="col" className={headCell}>
                        {title}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
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
            <p className="mt-2 text-sm text-slate-700">
              And {more} more: {download}
            </p>
          ) : null}
        </>
      )}

      {created.length > 0 ? (
        <>
          <h3 className="mt-6 text-lg font-bold text-slate-900">New pages</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {created.slice(0, CREATED_LINKS_SHOWN).map((r) => (
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
          {created.length > CREATED_LINKS_SHOWN ? (
            <p className="mt-2 text-sm text-slate-700">
              And {created.length - CREATED_LINKS_SHOWN} more in the report.
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
