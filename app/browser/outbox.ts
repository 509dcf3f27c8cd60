import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { useEffect, useState, useSyncExternalStore } from "react";
import { labelFieldFor } from "../domain/admin/screens.ts";
import {
  type ChangeKind,
  canQueue,
  describeChange,
  REQUEST_ID_FIELD,
  SENT_AT_FIELD,
  type TypedFields,
} from "../domain/connectivity/outbox.ts";

// The admin outbox (decisions 22, ADR 006): a change the server could not take (no
// connection, or no answer within 10 seconds) is kept in this browser's IndexedDB with what
// was typed, listed as pending, and sent again in order when the connection is back.

export interface OutboxChange {
  key?: number;
  requestId: string;
  /** Where the form posted (path and query), i.e. the route action that takes it. */
  action: string;
  /** The admin screen it belongs to (the action's path). */
  screen: string;
  fields: TypedFields;
  kind: ChangeKind;
  label: string;
  queuedAt: number;
  status: "pending" | "refused";
  /** The server's words when it refused the change on replay. */
  message?: string;
  /** rules §12: the administrator who made it; no one else's session ever sends it. */
  owner?: string;
}

interface OutboxSchema extends DBSchema {
  changes: { key: number; value: OutboxChange; indexes: { requestId: string } };
}

let database: Promise<IDBPDatabase<OutboxSchema>> | undefined;
function outboxDatabase() {
  database ??= openDB<OutboxSchema>("clubsite-outbox", 1, {
    upgrade(db) {
      const store = db.createObjectStore("changes", { keyPath: "key", autoIncrement: true });
      store.createIndex("requestId", "requestId", { unique: true });
    },
  });
  return database;
}

// Other tabs of the admin hear about changes too.
const CHANNEL = "clubsite-outbox";
const listeners = new Set<() => void>();
let channel: BroadcastChannel | undefined;
function changed(broadcast = true) {
  for (const listener of listeners) listener();
  if (broadcast) channel?.postMessage("changed");
}
function subscribe(listener: () => void): () => void {
  if (!channel && typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => changed(false);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Who is signed in (set by the admin layout): the outbox lists and sends only their changes.
let owner: string | undefined;
export function setOutboxOwner(email: string): void {
  owner = email;
}

/** This administrator's kept changes, oldest first (the order they are sent in). */
export async function listChanges(): Promise<OutboxChange[]> {
  const all = await (await outboxDatabase()).getAll("changes");
  return all.filter((change) => owner !== undefined && change.owner === owner);
}

/** rules §12: signing out forgets every kept change in this browser. */
export async function clearOutbox(): Promise<void> {
  await (await outboxDatabase()).clear("changes");
  changed();
}

export async function findChange(requestId: string): Promise<OutboxChange | undefined> {
  return (await outboxDatabase()).getFromIndex("changes", "requestId", requestId);
}

/** Keeps a change unless 10 batches already wait (then nothing is kept). */
export async function queueChange({
  requestId,
  action,
  fields,
  label,
}: {
  requestId: string;
  action: string;
  fields: TypedFields;
  label?: string;
}): Promise<"queued" | "full"> {
  const db = await outboxDatabase();
  const tx = db.transaction("changes", "readwrite");
  const pending = (await tx.store.getAll()).filter((change) => change.status === "pending");
  if (!canQueue(pending.length)) {
    await tx.done;
    return "full";
  }
  const described = describeChange({ fields, labelField: labelFieldFor(action) });
  await tx.store.put({
    requestId,
    action,
    screen: new URL(action, "http://x").pathname,
    fields: fields.filter(([name]) => name !== REPLAY_FIELD),
    kind: described.kind,
    label: label ?? described.label,
    queuedAt: Date.now(),
    status: "pending",
    owner,
  });
  await tx.done;
  changed();
  return "queued";
}

export async function removeChange(requestId: string): Promise<void> {
  const change = await findChange(requestId);
  if (change?.key === undefined) return;
  await (await outboxDatabase()).delete("changes", change.key);
  changed();
}

export async function markRefused({
  requestId,
  message,
}: {
  requestId: string;
  message: string;
}): Promise<void> {
  const change = await findChange(requestId);
  if (!change) return;
  await (await outboxDatabase()).put("changes", { ...change, status: "refused", message });
  changed();
}

/** The kept changes, live (this tab and others). Empty until read, and on the server. */
export function useOutbox(): OutboxChange[] {
  const [changes, setChanges] = useState<OutboxChange[]>([]);
  useEffect(() => {
    let current = true;
    const read = () =>
      void listChanges()
        .then((list) => {
          if (current) setChanges(list);
        })
        .catch(() => {});
    read();
    const unsubscribe = subscribe(read);
    return () => {
      current = false;
      unsubscribe();
    };
  }, []);
  return changes;
}

/** The field a replay carries, so the route's client action knows it is one. */
export const REPLAY_FIELD = "outboxReplay";

// The last thing the outbox did with a form submission, for the screen to say.
export type OutboxNotice =
  | { kind: "queued"; label: string; at: number }
  | { kind: "full"; at: number }
  | null;
let notice: OutboxNotice = null;
const noticeListeners = new Set<() => void>();
export function setOutboxNotice(next: OutboxNotice): void {
  notice = next;
  for (const listener of noticeListeners) listener();
}
export function useOutboxNotice(): OutboxNotice {
  return useSyncExternalStore(
    (listener) => {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
    () => notice,
    () => null,
  );
}

// Request ids (ADR 006): every admin form post gets a fresh id when its data is gathered
// (the `formdata` event fires inside `new FormData(form)`, which React Router calls). The
// form and the name of the button that sent it are remembered for the outbox.
const submissions = new Map<string, { form: HTMLFormElement; label?: string }>();
let submitterLabel: string | undefined;

function newRequestId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Outside a secure context randomUUID is missing: a version 4 UUID from random bytes.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Admin writes that take a request id: every post under /admin but signing in and out. */
function takesRequestId(form: HTMLFormElement): boolean {
  if (form.method.toLowerCase() !== "post") return false;
  const path = new URL(form.action, window.location.href).pathname;
  return path.startsWith("/admin/") && path !== "/admin/login" && path !== "/admin/logout";
}

/** Installs the request-id listeners; returns their removal (an effect's cleanup). */
export function installRequestIds(): () => void {
  const onSubmit = (event: SubmitEvent) => {
    submitterLabel = event.submitter?.getAttribute("aria-label") ?? undefined;
  };
  const onFormData = (event: FormDataEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !takesRequestId(form)) return;
    const requestId = newRequestId();
    event.formData.set(REQUEST_ID_FIELD, requestId);
    // ADR 036: this device's clock at the send; a replay from the outbox sets it again.
    event.formData.set(SENT_AT_FIELD, String(Date.now()));
    // The label stays until the next submit: Conform and React Router both gather the data.
    submissions.set(requestId, { form, label: submitterLabel });
    // Only the last few matter (validation builds FormData too).
    if (submissions.size > 20) submissions.delete(submissions.keys().next().value ?? "");
  };
  window.addEventListener("submit", onSubmit, true);
  window.addEventListener("formdata", onFormData, true);
  return () => {
    window.removeEventListener("submit", onSubmit, true);
    window.removeEventListener("formdata", onFormData, true);
  };
}

/** The form a request id came from and the name of the button that sent it, if known. */
export function submissionOf(requestId: string) {
  return submissions.get(requestId);
}
