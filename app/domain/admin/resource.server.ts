import { data, redirect } from "react-router";
import { z } from "zod";
import { db, withTransactionScope } from "../../db/database.server.ts";
import { recordBefore, recordChange, withActivityContext } from "../activity/activity.server.ts";
import { requireAccess } from "../auth/session.server.ts";
import { REQUEST_ID_FIELD } from "../connectivity/outbox.ts";
import { applyOnce } from "../connectivity/request-ids.server.ts";
import { parseForm } from "../forms/parse-form.ts";
import { holdMedia } from "../media/hold.server.ts";
import { storeUpload } from "../media/media.server.ts";
import { fieldsNaming, MEDIA_MESSAGES, type MediaKind, mediaHashesIn } from "../media/rules.ts";
import { type AdminReply, DONE_PARAM, SAVED_PARAM, type SavedMode } from "./reply.ts";
import type { AdminScreenKey } from "./screens.ts";

// The one action of every admin screen (ADR 005). In this order: the session (before the
// body is read), the body, the request id (a replayed change is answered, not applied again;
// ADR 006), the intent, Zod, the domain function, the reply. The page cache is emptied by
// the host after any admin write that succeeds (ADR 007); every refusal here answers 4xx,
// so it empties nothing and the request id stays free to be sent again.

/** What a screen's records need from the helper; the route module passes its domain calls. */
export interface AdminResource<Value extends { id?: string | undefined }> {
  /** The screen in the registry (ADR 020): the permission every request is checked for. */
  screen: AdminScreenKey;
  /** The screen's form; a screen without one (Messages) only has row buttons. */
  form?: AdminForm<Value>;
  /**
   * Null when the record is gone; `{ refused }` when a rule keeps it (the last
   * administrator, a venue still used by fixtures): answered 409 with those words, nothing changed.
   */
  remove: (input: {
    id: string;
  }) => Promise<{ token: string; label: string } | { refused: string } | null>;
  /** Null when the Undo came too late; `{ refused }` when a rule keeps it out (a locked season). */
  restore: (input: {
    token: string;
  }) => Promise<{ id: string; label: string } | { refused: string } | null>;
  /** Other buttons of a row (Move up, Mark as read): the reply they give. */
  rowIntents?: Record<string, (input: { id: string }) => Promise<AdminReply>>;
  /** The list's address after a save, e.g. with its filters; the save's parameters are added. */
  listHref: (url: URL, mode: SavedMode) => string;
  /** The refusals' words (a save's confirmation is read by the loader from its address). */
  messages: {
    /** The record to update, delete or act on no longer exists. */
    gone: string;
    /** The Undo came too late (or twice). */
    expired: string;
  };
}

interface AdminForm<Value extends { id?: string | undefined }> {
  /** The form's own fields: the only names a reply for an invalid form gives back. */
  fields: z.ZodObject;
  /** What the form is parsed with on the server (the same schema the browser uses). */
  schema: z.ZodType<Value>;
  /** Checks the schema cannot make (a name already taken): field errors, or null. */
  check?: (value: Value) => Promise<Record<string, string[]> | null>;
  /**
   * Image fields that take an upload (ADR 017): the file posted as `file` is checked, processed
   * and stored, and its address becomes the value of `field`; a refusal is `field`'s error.
   */
  uploads?: { field: string; file: string; kind: MediaKind }[];
  /**
   * `{ refused }` when a rule keeps the change out (an archived season that is locked, ADR
   * 016): answered 409 with those words above the form, what was typed kept, nothing changed.
   */
  create: (value: Value) => Promise<{ id: string } | { refused: string }>;
  /** Null when the record is gone (deleted meanwhile); `{ refused }` as for create. */
  update: (value: Value & { id: string }) => Promise<{ id: string } | { refused: string } | null>;
}

/** The route's `action`: typed so the screen's `actionData` is an AdminReply. */
export type AdminAction = (args: { request: Request }) => Promise<ReplyData | Response>;
type ReplyData = ReturnType<typeof data<AdminReply>>;

const NOT_UNDERSTOOD = "That request was not understood.";

const reply = (value: AdminReply, status = 200): ReplyData => data(value, { status });
const refused = (message: string, status: number): ReplyData =>
  reply({ kind: "refused", message }, status);

const idSchema = z.object({ id: z.uuid() });
const tokenSchema = z.object({ token: z.uuid() });

export function adminAction<Value extends { id?: string | undefined }>(
  resource: AdminResource<Value>,
): AdminAction {
  return async ({ request }) => {
    // Who asks comes first: nothing of the body is read for a visitor without a session, or
    // for someone whose roles do not reach this screen (rules §6).
    const administrator = await requireAccess(request, resource.screen);
    const formData = await request.formData();
    const requestId = z.uuid().safeParse(formData.get(REQUEST_ID_FIELD));
    // Uploads are processed before the change's transaction (encoding takes seconds); the same
    // file twice is the same upload, so a replayed change stores nothing new.
    const uploadErrors =
      (formData.get("intent") ?? "save") === "save" && resource.form?.uploads
        ? await takeUploads({ formData, uploads: resource.form.uploads })
        : null;
    const url = new URL(request.url);
    // ADR 021: the change and its record of who made it are one transaction.
    const run = () =>
      withActivityContext({ actor: administrator, screen: resource.screen }, () =>
        handle({ resource, formData, uploadErrors, url }),
      );
    if (!requestId.success) {
      return db().transaction((tx) => withTransactionScope(tx, run));
    }
    return applyOnce({ administratorId: administrator.id, requestId: requestId.data, apply: run });
  };
}

/**
 * Stores each upload posted with the form and puts its address into the image field; the
 * files themselves leave the form data. A refused file leaves the field as it was.
 */
async function takeUploads({
  formData,
  uploads,
}: {
  formData: FormData;
  uploads: NonNullable<AdminForm<{ id?: string }>["uploads"]>;
}): Promise<Record<string, string[]> | null> {
  const errors: Record<string, string[]> = {};
  for (const { field, file: name, kind } of uploads) {
    const file = formData.get(name);
    formData.delete(name);
    // An empty file input posts a nameless empty file: no upload.
    if (!(file instanceof File) || (file.size === 0 && file.name === "")) continue;
    const outcome = await storeUpload({
      bytes: new Uint8Array(await file.arrayBuffer()),
      kind,
      fileName: file.name,
    });
    if (outcome.ok) formData.set(field, outcome.media.url);
    else errors[field] = [outcome.message];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

async function handle<Value extends { id?: string | undefined }>({
  resource,
  formData,
  uploadErrors,
  url,
}: {
  resource: AdminResource<Value>;
  formData: FormData;
  uploadErrors: Record<string, string[]> | null;
  url: URL;
}): Promise<ReplyData | Response> {
  const intent = formData.get("intent") ?? "save";
  const fields = Object.fromEntries(formData);
  if (intent === "save") {
    if (!resource.form) return refused(NOT_UNDERSTOOD, 400);
    return save({ resource, form: resource.form, formData, uploadErrors, url });
  }
  if (intent === "delete") {
    const input = idSchema.safeParse(fields);
    if (!input.success) return refused(NOT_UNDERSTOOD, 400);
    const before = await recordBefore(input.data.id);
    const deleted = await resource.remove(input.data);
    if (!deleted) return refused(resource.messages.gone, 404);
    if ("refused" in deleted) return refused(deleted.refused, 409);
    await recordChange({ action: "delete", recordId: input.data.id, before, label: deleted.label });
    return reply({
      kind: "deleted",
      id: input.data.id,
      message: `${deleted.label} deleted.`,
      undo: deleted,
    });
  }
  if (intent === "undo") {
    const input = tokenSchema.safeParse(fields);
    if (!input.success) return refused(NOT_UNDERSTOOD, 400);
    const restored = await resource.restore(input.data);
    if (!restored) return refused(resource.messages.expired, 410);
    if ("refused" in restored) return refused(restored.refused, 409);
    await recordChange({
      action: "undo",
      recordId: restored.id,
      before: null,
      label: restored.label,
    });
    return reply({ kind: "restored", id: restored.id, message: `${restored.label} restored.` });
  }
  const rowIntent = typeof intent === "string" ? resource.rowIntents?.[intent] : undefined;
  const input = idSchema.safeParse(fields);
  if (!rowIntent || !input.success) return refused(NOT_UNDERSTOOD, 400);
  const before = await recordBefore(input.data.id);
  const answer = await rowIntent(input.data);
  if (answer.kind !== "refused") {
    await recordChange({ action: String(intent), recordId: input.data.id, before });
  }
  return reply(answer);
}

async function save<Value extends { id?: string | undefined }>({
  resource,
  form,
  formData,
  uploadErrors,
  url,
}: {
  resource: AdminResource<Value>;
  form: AdminForm<Value>;
  formData: FormData;
  uploadErrors: Record<string, string[]> | null;
  url: URL;
}): Promise<ReplyData | Response> {
  // Only the schema's own fields (and list rows up to its maximum) are parsed at all.
  const submission = parseForm(formData, { schema: form.schema });
  const own = Object.keys(form.fields.shape);
  // The reply gives back what was typed in the form's own fields, and nothing else posted.
  const invalid = (result: ReturnType<typeof submission.reply>, status: number) => {
    const initialValue = result.initialValue
      ? Object.fromEntries(
          Object.entries(result.initialValue).filter(([name]) => own.includes(name)),
        )
      : result.initialValue;
    return reply({ kind: "invalid", submission: { ...result, initialValue } }, status);
  };
  if (uploadErrors && submission.status !== undefined) {
    // A refused file is that field's error, beside any other field's; nothing is saved.
    const fieldErrors: Record<string, string[]> = {};
    const others = (submission.status === "error" ? submission.error : null) ?? {};
    for (const [name, messages] of Object.entries(others)) {
      if (Array.isArray(messages)) fieldErrors[name] = messages;
    }
    return invalid(submission.reply({ fieldErrors: { ...fieldErrors, ...uploadErrors } }), 400);
  }
  if (submission.status !== "success") {
    // Conform's own intents (add a scorer row without JavaScript) are not errors.
    return invalid(submission.reply(), submission.status === "error" ? 400 : 200);
  }
  const value = submission.value;
  const fieldErrors = await form.check?.(value);
  if (fieldErrors) return invalid(submission.reply({ fieldErrors }), 400);
  const { id } = value;
  const before = id ? await recordBefore(id) : null;
  const write = () => (id ? form.update({ ...value, id }) : form.create(value));
  // The uploads the change names are held until it is written (deleteMedia waits for it); one
  // deleted since the form was opened is that field's error, and nothing is written.
  const named = mediaHashesIn(value);
  const stored =
    named.length === 0
      ? await write()
      : await db().transaction((tx) =>
          withTransactionScope(tx, async () => {
            const missing = await holdMedia(named);
            return missing.length > 0 ? { missing } : write();
          }),
        );
  if (stored && "missing" in stored) {
    const fields = fieldsNaming(value, stored.missing);
    // Every named upload is in some field's text; above the form if one ever is not.
    if (fields.length === 0) {
      return invalid(submission.reply({ formErrors: [MEDIA_MESSAGES.deleted] }), 409);
    }
    const fieldErrors = Object.fromEntries(fields.map((name) => [name, [MEDIA_MESSAGES.deleted]]));
    return invalid(submission.reply({ fieldErrors }), 409);
  }
  if (!stored) return invalid(submission.reply({ formErrors: [resource.messages.gone] }), 404);
  if ("refused" in stored) return invalid(submission.reply({ formErrors: [stored.refused] }), 409);
  const saved: { id: string; mode: SavedMode } = {
    id: stored.id,
    mode: id ? "updated" : "created",
  };
  await recordChange({ action: id ? "update" : "create", recordId: stored.id, before });
  // Post/redirect/get: the form starts again, the list is read again, a reload repeats nothing.
  const next = new URL(resource.listHref(url, saved.mode), url);
  next.searchParams.set(SAVED_PARAM, saved.id);
  next.searchParams.set(DONE_PARAM, saved.mode);
  return redirect(`${next.pathname}${next.search}`);
}
