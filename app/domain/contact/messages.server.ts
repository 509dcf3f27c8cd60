import { and, count, desc, eq, isNull, lt, ne } from "drizzle-orm";
import { db } from "../../db/database.server.ts";
import { activity, contactMessages } from "../../db/schema.ts";
import {
  forgetExpiredDeleted,
  keepDeleted,
  snapshotDate,
  takeDeleted,
} from "../undo/undo.server.ts";
import { messagesErasedBefore } from "./rules.ts";

// The administrator's inbox of contact messages (decisions 18): newest first, unread
// marked, mark as read, delete with Undo (decisions 17).

export type ContactMessage = typeof contactMessages.$inferSelect;
const ENTITY = "contact_message";

export async function listMessages(): Promise<ContactMessage[]> {
  return db()
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
}

export async function countUnreadMessages(): Promise<number> {
  const [row] = await db()
    .select({ value: count() })
    .from(contactMessages)
    .where(isNull(contactMessages.readAt));
  return row?.value ?? 0;
}

/** Marks a message read; returns false when it does not exist. */
export async function markMessageRead({ id }: { id: string }): Promise<boolean> {
  const rows = await db()
    .update(contactMessages)
    .set({ readAt: new Date() })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  return rows.length > 0;
}

/** Deletes at once; returns the message and the undo token, or null when it did not exist. */
export async function removeMessage({
  id,
}: {
  id: string;
}): Promise<{ message: ContactMessage; token: string } | null> {
  return db().transaction(async (tx) => {
    const [message] = await tx
      .delete(contactMessages)
      .where(eq(contactMessages.id, id))
      .returning();
    if (!message) return null;
    return {
      message,
      token: await keepDeleted(tx, { entity: ENTITY, recordId: message.id, data: message }),
    };
  });
}

/** Puts a deleted message back with the same id and fields; null when the undo expired. */
export async function restoreMessage({ token }: { token: string }): Promise<ContactMessage | null> {
  return db().transaction(async (tx) => {
    const data = await takeDeleted(tx, { entity: ENTITY, token });
    if (!data) return null;
    const [row] = await tx
      .insert(contactMessages)
      .values({
        id: String(data.id),
        name: String(data.name),
        email: String(data.email),
        message: String(data.message),
        kind: data.kind === "come-and-try" ? "come-and-try" : "contact",
        createdAt: snapshotDate(data.createdAt) ?? new Date(),
        readAt: snapshotDate(data.readAt),
      })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  });
}

/**
 * ADR 051, the privacy policy: erases what the site holds of a message once it is
 * MESSAGE_KEEP_MONTHS old, in one transaction: the message, and the sender's name in the
 * Activity records about it (the records stay, unnamed). The copies of deleted messages kept
 * for Undo go too once their Undo has run out. Returns how many messages were erased.
 */
export async function eraseOldMessages({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const before = messagesErasedBefore(now);
  return db().transaction(async (tx) => {
    const erased = await tx
      .delete(contactMessages)
      .where(lt(contactMessages.createdAt, before))
      .returning({ id: contactMessages.id });
    await forgetExpiredDeleted(tx, { entity: ENTITY, now });
    await tx
      .update(activity)
      .set({ label: "" })
      .where(and(eq(activity.screen, "messages"), lt(activity.at, before), ne(activity.label, "")));
    return erased.length;
  });
}
