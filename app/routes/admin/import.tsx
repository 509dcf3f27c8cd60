import { Form, useNavigation } from "react-router";
import { outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { buttonStyles } from "../../components/admin/form-fields.tsx";
import {
  IMPORT_REFUSAL_ID,
  ImportReportSection,
  useImportOutcome,
} from "../../components/admin/import-report.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { IMPORT_MAX_BYTES } from "../../domain/import/rules.ts";
import { IMPORT_MESSAGES, type ImportReply } from "../../domain/import/screen.ts";
import { importUpload } from "../../domain/import/upload.server.ts";
import type { Route } from "./+types/import";

// Import from the old site (ADR 009, decisions 25; ADR 005's pieces): the administrator
// uploads the old site's export, checks it (a dry run: nothing written) or imports it, and
// reads the report on screen. The same import as `npm run import`. Not an outbox change
// (ADR 006): a 200 MB upload is not kept on the device; offline, nothing is sent.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Import from the old site | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const FILE_HINT_ID = "import-file-hint";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "import");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  // Who asks comes first: nothing of the body is read for a visitor without a session.
  const administrator = await requireAccess(request, "import");
  return importUpload({ request, actor: administrator });
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
              id={IMPORT_REFUSAL_ID}
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
              aria-describedby={refusal ? `${FILE_HINT_ID} ${IMPORT_REFUSAL_ID}` : FILE_HINT_ID}
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
      {reply?.kind === "report" ? <ImportReportSection report={reply.report} /> : null}
    </>
  );
}
