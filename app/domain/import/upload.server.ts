import { data } from "react-router";
import { importExport } from "./import.server.ts";
import { readImportForm } from "./read.server.ts";
import { IMPORT_MAX_BYTES, IMPORT_UPLOAD_MAX_BYTES, tooLargeMessage } from "./rules.ts";
import {
  IMPORT_MESSAGES,
  type ImportReply,
  importIntentSchema,
  refusalWithoutFileText,
  reportOutcome,
} from "./screen.ts";

// The Import screen's action after the session check (ADR 009): reads the upload (refusing
// one too large before reading it), checks or imports it, and answers the report or why not.

const refuse = (message: string, status: number) =>
  data<ImportReply>({ kind: "refused", message }, { status });

/** The caller has checked the session: this reads the body. */
export async function importUpload({ request }: { request: Request }) {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > IMPORT_UPLOAD_MAX_BYTES) return refuse(tooLargeMessage(length), 413);
  // ADR 025: the body arrives in chunks; the form is parsed in a worker thread.
  let form: Awaited<ReturnType<typeof readImportForm>>;
  try {
    form = await readImportForm({
      body: new Uint8Array(await request.arrayBuffer()),
      contentType: request.headers.get("content-type") ?? "",
    });
  } catch {
    form = null;
  }
  if (!form) return refuse(IMPORT_MESSAGES.notUnderstood, 400);
  const intent = importIntentSchema.safeParse({ intent: form.intent });
  if (!intent.success) return refuse(IMPORT_MESSAGES.notUnderstood, 400);
  const { file } = form;
  if (!file || (file.size === 0 && file.name === "")) {
    return refuse(IMPORT_MESSAGES.noFile, 400);
  }
  if (file.size === 0) return refuse(IMPORT_MESSAGES.empty, 400);
  if (file.size > IMPORT_MAX_BYTES) return refuse(tooLargeMessage(file.size), 413);
  const report = await importExport({
    json: file.bytes,
    dryRun: intent.data.intent === "check",
  });
  // Not JSON, or not an export of the old site: the report says why, and nothing was written.
  if (report.refused) {
    return refuse(`${refusalWithoutFileText(report.refused)} Nothing was imported.`, 400);
  }
  return data<ImportReply>({ kind: "report", report, message: reportOutcome(report) });
}
