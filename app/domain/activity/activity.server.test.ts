import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { hashAt } from "../../../tests/password-hash.ts";
import { activity, administrators, news } from "../../db/schema.ts";
import { adminAction } from "../admin/resource.server.ts";
import { changeOwnPassword } from "../auth/administrators.server.ts";
import { createSession } from "../auth/session.server.ts";
import { REQUEST_ID_FIELD } from "../connectivity/outbox.ts";
import { newsFormSchema } from "../news/news.schema.ts";
import { createNews, removeNews, restoreNews, updateNews } from "../news/news.server.ts";
import {
  latestChanges,
  listActivity,
  recordActivity,
  recordedWrite,
  removeOldActivity,
} from "./activity.server.ts";

// Activity (ADR 021) on a real database: what the admin action helper records, in the same
// transaction as the change; that refusals and failures record nothing; that no secret is
// ever stored; the listing with its filters and pages; "changed by"; the retention.

const BROKEN_TITLE = "Breaks after writing";
const REFUSED_TITLE = "Refused by a rule";

const action = adminAction({
  screen: "news",
  form: {
    fields: newsFormSchema,
    schema: newsFormSchema,
    create: async ({ id: _, ...input }) =>
      input.title === REFUSED_TITLE ? { refused: "No." } : createNews(input),
    update: async ({ id, ...input }) => {
      const saved = await updateNews({ id, input });
      // The change is written, then the write fails: none of it may stay.
      if (input.title === BROKEN_TITLE) throw new Error("the disk is full");
      return saved;
    },
  },
  remove: async ({ id }) => {
    const deleted = await removeNews({ id });
    return deleted && { token: deleted.token, label: `“${deleted.item.title}”` };
  },
  restore: async ({ token }) => {
    const restored = await restoreNews({ token });
    return restored && { id: restored.id, label: `“${restored.title}”` };
  },
  listHref: () => "/admin/news",
  messages: { gone: "Gone.", expired: "Too late." },
});

describeWithDatabases("activity", ({ db }) => {
  let cookie = "";
  let me = { id: "", email: "" };
  beforeAll(async () => {
    const email = `activity-${randomUUID()}@club.example`;
    const [row] = await db()
      .insert(administrators)
      .values({ email, passwordHash: hashAt("correct horse battery staple", 1024) })
      .returning({ id: administrators.id, email: administrators.email });
    me = { id: row?.id ?? "", email };
    const setCookie = await createSession({
      request: new Request("http://localhost/admin/login"),
      administratorId: me.id,
    });
    cookie = setCookie.split(";")[0] ?? "";
  });

  const post = (fields: Record<string, string>, headers: Record<string, string> = { cookie }) =>
    action({
      request: new Request("http://localhost/admin/news", {
        method: "POST",
        headers,
        body: new URLSearchParams(fields),
      }),
    }).catch((thrown: unknown) => thrown);

  const recordsOf = (recordId: string) =>
    db().select().from(activity).where(eq(activity.recordId, recordId)).orderBy(activity.at);

  describe("recording through the admin action helper", () => {
    it("records a create, an update with its changed fields, a delete and an Undo", async () => {
      const title = `Cup draw ${randomUUID()}`;
      await post({ intent: "save", title, content: "Words." });
      const [item] = await db().select().from(news).where(eq(news.title, title));
      const id = item?.id ?? "";
      await post({ intent: "save", id, title: `${title}!`, content: "Other words." });
      const deleted = (await post({ intent: "delete", id })) as {
        data: { undo: { token: string } };
      };
      await post({
        intent: "undo",
        token: deleted.data.undo.token,
        [REQUEST_ID_FIELD]: randomUUID(),
      });

      const rows = await recordsOf(id);
      expect(rows.map(({ action, label, fields }) => ({ action, label, fields }))).toEqual([
        { action: "create", label: title, fields: [] },
        { action: "update", label: `${title}!`, fields: ["title", "content"] },
        { action: "delete", label: `${title}!`, fields: [] },
        { action: "undo", label: `${title}!`, fields: [] },
      ]);
      for (const row of rows) {
        expect(row).toMatchObject({ administratorId: me.id, actor: me.email, screen: "news" });
      }
    });

    it("a failing write leaves neither the change nor its record (one transaction)", async () => {
      const item = await createNews({ title: `Steady ${randomUUID()}`, content: "Body." });
      for (const requestId of [undefined, randomUUID()]) {
        const thrown = await post({
          intent: "save",
          id: item.id,
          title: BROKEN_TITLE,
          content: "Body.",
          ...(requestId ? { [REQUEST_ID_FIELD]: requestId } : {}),
        });
        expect(thrown).toBeInstanceOf(Error);
      }
      const [stored] = await db().select().from(news).where(eq(news.id, item.id));
      expect(stored?.title).toBe(item.title);
      expect(await recordsOf(item.id)).toEqual([]);
    });

    it("a refused or invalid write, or one without a session, records nothing", async () => {
      const before = await db().select().from(activity);
      await post({ intent: "save", title: "  ", content: "Invalid." });
      await post({ intent: "save", title: REFUSED_TITLE, content: "Refused." });
      await post({ intent: "save", id: randomUUID(), title: "Gone", content: "Gone." });
      await post({ intent: "delete", id: randomUUID() });
      await post({ intent: "undo", token: randomUUID() });
      await post({ intent: "save", title: "No session", content: "x" }, {});
      expect(await db().select().from(activity)).toEqual(before);
    });
  });

  it("a password change names the field, never a password or a hash", async () => {
    const newPassword = `plover xylophone quarry ${randomUUID()}`;
    expect(
      await changeOwnPassword({
        administratorId: me.id,
        currentPassword: "correct horse battery staple",
        newPassword,
      }),
    ).toBeNull();
    const [row] = await recordsOf(me.id);
    expect(row).toMatchObject({ screen: "password", action: "password", fields: ["password"] });
    const [admin] = await db().select().from(administrators).where(eq(administrators.id, me.id));
    const everything = JSON.stringify(await db().select().from(activity));
    expect(everything).not.toContain(newPassword);
    expect(everything).not.toContain(admin?.passwordHash ?? "no hash");
    expect(everything).not.toContain("correct horse");

    // A wrong current password changes nothing and records nothing.
    await changeOwnPassword({
      administratorId: me.id,
      currentPassword: "not it at all, sorry",
      newPassword: `another long one ${randomUUID()}`,
    });
    expect(await recordsOf(me.id)).toHaveLength(1);
  });

  it("recordedWrite records nothing when the write says it changed nothing", async () => {
    const before = await db().select().from(activity);
    await recordedWrite(
      async () => null,
      () => null,
    );
    await expect(
      recordedWrite(
        async () => {
          await recordActivity({ actor: me, screen: "news", action: "create" });
          throw new Error("after the record");
        },
        () => null,
      ),
    ).rejects.toThrow("after the record");
    expect(await db().select().from(activity)).toEqual(before);
  });

  describe("listing", () => {
    const screen = `test-${randomUUID().slice(0, 8)}`;
    const ann = `ann-${randomUUID()}@club.example`;
    const bob = `bob-${randomUUID()}@club.example`;
    const annId = randomUUID();
    const recordId = randomUUID();
    const start = new Date("2026-06-01T10:00:00Z");
    beforeAll(async () => {
      await db()
        .insert(activity)
        .values(
          Array.from({ length: 7 }, (_, index) => ({
            at: new Date(start.getTime() + index * 60_000),
            administratorId: index % 2 === 0 ? annId : null,
            actor: index % 2 === 0 ? ann : bob,
            screen,
            action: "update",
            recordId: index < 3 ? recordId : randomUUID(),
            label: `Item ${index}`,
            fields: ["title"],
          })),
        );
    });

    it("lists newest first, a page at a time, filtered by person and screen", async () => {
      const first = await listActivity({ screen, page: 1, pageSize: 3 });
      expect(first.total).toBe(7);
      expect(first.pages).toBe(3);
      expect(first.entries.map((entry) => entry.text)).toEqual([
        "updated the record “Item 6” (title)",
        "updated the record “Item 5” (title)",
        "updated the record “Item 4” (title)",
      ]);
      const last = await listActivity({ screen, page: 3, pageSize: 3 });
      expect(last.entries.map((entry) => entry.text)).toEqual([
        "updated the record “Item 0” (title)",
      ]);
      const bobs = await listActivity({ screen, actor: bob, page: 1 });
      expect(bobs.total).toBe(3);
      expect(bobs.entries.every((entry) => entry.actor === bob)).toBe(true);
      expect(first.people).toEqual(expect.arrayContaining([ann, bob]));
      expect(first.screens).toContain(screen);
      expect(first.entries[0]?.at).toBe(new Date(start.getTime() + 6 * 60_000).toISOString());
    });

    it("shows only one's own when told so, and offers only oneself to choose", async () => {
      const own = await listActivity({ ownOnly: annId, page: 1 });
      expect(own.total).toBe(4);
      expect(own.people).toEqual([ann]);
    });

    it("gives each record's latest change, in one query", async () => {
      const now = new Date(start.getTime() + 3 * 24 * 3600_000);
      const changes = await latestChanges({ screen, ids: [recordId, randomUUID()], now });
      expect(Object.keys(changes)).toEqual([recordId]);
      expect(changes[recordId]).toMatchObject({ actor: ann, ago: "3 days ago" });
      expect(changes[recordId]?.at).toBe(new Date(start.getTime() + 2 * 60_000).toISOString());
      expect(await latestChanges({ screen, ids: [] })).toEqual({});
    });
  });

  it("retention removes the records older than the days kept, and only those", async () => {
    const screen = `kept-${randomUUID().slice(0, 8)}`;
    const now = new Date("2026-11-28T12:00:00Z");
    const day = 24 * 3600_000;
    await db()
      .insert(activity)
      .values(
        [731, 730.5, 729, 1].map((days, index) => ({
          at: new Date(now.getTime() - days * day),
          actor: "someone@club.example",
          screen,
          action: "update",
          label: `Age ${index}`,
        })),
      );
    const removed = await removeOldActivity({ days: 730, now });
    expect(removed).toBeGreaterThanOrEqual(2);
    const left = await db().select().from(activity).where(eq(activity.screen, screen));
    expect(left.map((row) => row.label).sort()).toEqual(["Age 2", "Age 3"]);
  });
});
