import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { buildContactMessage } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { contactMessages, deletedRecords } from "../../db/schema.ts";
import {
  countUnreadMessages,
  listMessages,
  markMessageRead,
  removeMessage,
  restoreMessage,
} from "./messages.server.ts";

describeWithDatabases("contact messages inbox", ({ db }) => {
  it("lists newest first and counts unread", async () => {
    await db()
      .insert(contactMessages)
      .values([
        buildContactMessage({ name: "Older", createdAt: new Date("2026-01-01T10:00:00Z") }),
        buildContactMessage({ name: "Newer", createdAt: new Date("2026-02-01T10:00:00Z") }),
      ]);
    expect((await listMessages()).map((m) => m.name)).toEqual(["Newer", "Older"]);
    expect(await countUnreadMessages()).toBe(2);
  });

  it("marks a message read", async () => {
    const [newer] = await listMessages();
    expect(await markMessageRead({ id: newer?.id ?? "" })).toBe(true);
    expect(await countUnreadMessages()).toBe(1);
    expect(await markMessageRead({ id: "00000000-0000-4000-8000-000000000000" })).toBe(false);
  });

  it("deletes at once and restores the same id and fields with the undo token", async () => {
    const [original] = await listMessages();
    if (!original) throw new Error("no message");
    const deleted = await removeMessage({ id: original.id });
    expect(deleted?.message.id).toBe(original.id);
    expect(
      await db().select().from(contactMessages).where(eq(contactMessages.id, original.id)),
    ).toEqual([]);

    const restored = await restoreMessage({ token: deleted?.token ?? "" });
    expect(restored).toEqual(original);
    expect((await listMessages())[0]).toEqual(original);
    // A token works once.
    expect(await restoreMessage({ token: deleted?.token ?? "" })).toBeNull();
  });

  it("refuses unknown, malformed and expired undo tokens", async () => {
    expect(await removeMessage({ id: "00000000-0000-4000-8000-000000000000" })).toBeNull();
    expect(await restoreMessage({ token: "not-a-token" })).toBeNull();
    expect(await restoreMessage({ token: "00000000-0000-4000-8000-000000000000" })).toBeNull();
    const [message] = await listMessages();
    const deleted = await removeMessage({ id: message?.id ?? "" });
    await db()
      .update(deletedRecords)
      .set({ deletedAt: new Date(Date.now() - 2 * 3600 * 1000) })
      .where(eq(deletedRecords.token, deleted?.token ?? ""));
    expect(await restoreMessage({ token: deleted?.token ?? "" })).toBeNull();
  });
});
