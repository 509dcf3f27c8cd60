import { data } from "react-router";
import { getDatabaseHandle } from "../../db/database.server.ts";
import { recordedWrite } from "../activity/activity.server.ts";
import { backupBefore } from "../backups/files.server.ts";
import { importExport } from "./import.server.ts";
import { bodyChunks, readImportForm } from "./read.server.ts";
import {
  COLLECTIONS,
  IMPORT_MAX_BYTES,
  IMPORT_UPLOAD_MAX_BYTES,
  tooLargeMessage,
} from "./rules.ts";
import {
  IMPORT_MESSAGES,
  type ImportReply,
  importIntentSchema,
  refusalWithoutFileText,
  reportOutcome,
  shownReport,
} from "./screen.ts";

// The Import screen's action after the session check (ADR 009): reads the upload (refusing
// one too large before reading it), checks or imports it, and answers the report or why not.

const refuse = (message: string, status: number) =>
  data<ImportReply>({ kind: "refused", message }, { status });

/** The caller has checked the session: this reads the body. */
export async function importUpload({
  request,
  actor,
}: {
  request: Request;
  /** Who imports: recorded with a real import (ADR 021). */
  actor: { id: string; email: string };
}) {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > IMPORT_UPLOAD_MAX_BYTES) return refuse(tooLargeMessage(length), 413);
  // ADR 025: the body arrives in chunks; the form is parsed in a worker thread.
  let form: Awaited<ReturnType<typeof readImportForm>>;
  try {
    form = await readImportForm({
      chunks: await bodyChunks(request.body),
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
  const dryRun = intent.data.intent === "check";
  // ADR 027: a real import is preceded by a backup; without one it does not go ahead.
  if (!dryRun) {
    try {
      await backupBefore({ handle: getDatabaseHandle(), change: "import" });
    } catch {
      return refuse(IMPORT_MESSAGES.backupFailed, 500);
    }
  }
  const json = file.bytes;
  // ADR 021: a real import is recorded in one transaction with what it wrote; a check is not.
  const report = dryRun
    ? await importExport({ json, dryRun })
    : await recordedWrite(
        () => importExport({ json, dryRun }),
        (done) =>
          done.refused
            ? null
            : {
                actor,
                screen: "import",
                action: "import",
                label: file.name,
                fields: COLLECTIONS.filter(
                  (name) => done.collections[name].created + done.collections[name].updated > 0,
                ),
              },
      );
  // Not JSON, or not an export of the old site: the report says why, and nothing was written.
  if (report.refused) {
    return refuse(`${refusalWithoutFileText(report.refused)} Nothing was imported.`, 400);
  }
  return data<ImportReply>({
    kind: "report",
    report: shownReport(report),
    message: reportOutcome(report),
  });
}
