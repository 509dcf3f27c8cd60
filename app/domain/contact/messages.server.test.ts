import { asc, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { buildContactMessage } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { activity, contactMessages, deletedRecords } from "../../db/schema.ts";
import {
  countUnreadMessages,
  eraseOldMessages,
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

  it("ADR 051: erases messages older than 12 months, their expired Undo copies and the sender's name in Activity", async () => {
    await db().delete(contactMessages);
    await db().delete(activity);
    const now = new Date("2026-11-28T03:15:00Z");
    const [old, kept] = await db()
      .insert(contactMessages)
      .values([
        buildContactMessage({ name: "Old Sender", createdAt: new Date("2025-11-28T03:14:59Z") }),
        buildContactMessage({ name: "Recent Sender", createdAt: new Date("2025-11-28T03:15:00Z") }),
      ])
      .returning();
    if (!old || !kept) throw new Error("messages not stored");
    // A message deleted long ago, whose Undo ran out: its copy still holds the sender's words.
    const [gone] = await db()
      .insert(contactMessages)
      .values(buildContactMessage({ name: "Deleted Sender" }))
      .returning();
    const deleted = await removeMessage({ id: gone?.id ?? "" });
    await db()
      .update(deletedRecords)
      .set({ deletedAt: new Date(now.getTime() - 2 * 3600 * 1000) })
      .where(eq(deletedRecords.token, deleted?.token ?? ""));
    const entry = { actor: "secretary@example.org", screen: "messages", action: "read" };
    await db()
      .insert(activity)
      .values([
        { ...entry, recordId: old.id, label: "Old Sender", at: new Date("2025-11-01T10:00:00Z") },
        {
          ...entry,
          recordId: kept.id,
          label: "Recent Sender",
          at: new Date("2026-01-02T10:00:00Z"),
        },
        { ...entry, screen: "news", recordId: null, label: "Cup draw", at: new Date("2025-01-01") },
      ]);

    expect(await eraseOldMessages({ now })).toBe(1);
    expect((await listMessages()).map((m) => m.name)).toEqual(["Recent Sender"]);
    expect(
      await db()
        .select()
        .from(deletedRecords)
        .where(eq(deletedRecords.token, deleted?.token ?? "")),
    ).toEqual([]);
    const records = await db()
      .select({ screen: activity.screen, recordId: activity.recordId, label: activity.label })
      .from(activity)
      .orderBy(asc(activity.at));
    expect(records).toEqual([
      { screen: "news", recordId: null, label: "Cup draw" },
      { screen: "messages", recordId: old.id, label: "" },
      { screen: "messages", recordId: kept.id, label: "Recent Sender" },
    ]);
    // Nothing more is due the same day.
    expect(await eraseOldMessages({ now })).toBe(0);
  });
});
