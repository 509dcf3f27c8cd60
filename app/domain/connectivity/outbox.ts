// The admin outbox's rules (rules §4 "Data-store connectivity", §8 Backend unreachable;
// decisions 3, 22): pure, for the admin's pages, the outbox and the server. Apart from
// rules.ts, which every public page fetches (ADR 019), so none of this is in their code.

/** rules §4 / decisions 22: writes wait in batches, at most 10 pending. */
export const OUTBOX_MAX_BATCHES = 10;

/** The form field that carries a change's request id (ADR 006). */
export const REQUEST_ID_FIELD = "requestId";

/**
 * The form field that carries the device's clock at each send (ms since 1970), set again on
 * every replay from the outbox: the server measures the device's clock offset with it (ADR 036).
 */
export const SENT_AT_FIELD = "sentAt";

/** rules §8 Backend unreachable: the admin's warning after 10 seconds without an answer. */
export const ADMIN_OFFLINE_WARNING =
  "You are offline: the server cannot be reached or has not answered for 10 seconds. Changes you save are kept on this device and sent when the connection is back.";

/** decisions 22: the marker of a change waiting in the outbox. */
export const PENDING_MARKER = "Pending, will be sent when you are back online";

/** decisions 22: the plain refusal when the outbox is full; the form keeps what was typed. */
export const OUTBOX_FULL_MESSAGE = `${OUTBOX_MAX_BATCHES} changes are already waiting to be sent. This change cannot be kept until the connection is back: nothing was saved, and the form still holds what you typed.`;

/** decisions 22: the outbox takes a batch only while fewer than 10 are pending. */
export function canQueue(pendingBatches: number): boolean {
  return pendingBatches < OUTBOX_MAX_BATCHES;
}

/** A change kept in the outbox, as typed: the form's fields in order. */
export type TypedFields = [name: string, value: string][];

export type ChangeKind = "create" | "update" | "delete" | "other";

/**
 * decisions 22: how a pending change is named in the list ("Update: “Cup final”"). The name
 * is the field the screen declares as its records' label (the registry of admin screens, domain/admin/screens.ts).
 */
export function describeChange({
  fields,
  labelField,
}: {
  fields: TypedFields;
  labelField: string | undefined;
}): { kind: ChangeKind; label: string } {
  const value = (name: string) => fields.find(([key]) => key === name)?.[1]?.trim() ?? "";
  const intent = value("intent");
  const name = labelField ? value(labelField) : "";
  const kind: ChangeKind =
    intent === "delete"
      ? "delete"
      : intent === "save" || intent === ""
        ? value("id")
          ? "update"
          : "create"
        : "other";
  const verb = { create: "Add", update: "Update", delete: "Delete", other: "Change" }[kind];
  return { kind, label: name ? `${verb}: “${name}”` : verb };
}

/**
 * decisions 3, 22: the server's own words when it refuses a replayed change (an admin
 * reply's refusal or its form's errors, or Conform's errors), never a silent drop.
 */
export function refusalMessage(result: unknown): string | null {
  if (!result || typeof result !== "object") return null;
  const record = result as Record<string, unknown>;
  if (record.kind === "refused" && typeof record.message === "string") return record.message;
  if (record.kind === "invalid") return refusalMessage(record.submission);
  if (record.status === "error" && record.error && typeof record.error === "object") {
    const messages = Object.entries(record.error as Record<string, unknown>).flatMap(
      ([field, list]) =>
        Array.isArray(list)
          ? list.map((message) => (field ? `${field}: ${String(message)}` : String(message)))
          : [],
    );
    return messages.length > 0 ? messages.join(" ") : "The server refused this change.";
  }
  return null;
}
