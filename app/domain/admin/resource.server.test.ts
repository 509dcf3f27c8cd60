import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { db as currentDb } from "../../db/database.server.ts";
import { administrators, news } from "../../db/schema.ts";
import { createSession } from "../auth/session.server.ts";
import { REQUEST_ID_FIELD } from "../connectivity/outbox.ts";
import { newsFormSchema } from "../news/news.schema.ts";
import { createNews, removeNews, restoreNews, updateNews } from "../news/news.server.ts";
import type { AdminReply } from "./reply.ts";
import { adminAction } from "./resource.server.ts";

// The admin resource module's action helper (ADR 005) on a real database: every reply kind,
// request ids applied once, and the session checked before the body is read.

const quoted = (title: string) => `“${title}”`;
const marked: string[] = [];
/** Records the screen refuses to delete (as a venue still used by fixtures is refused). */
const kept: string[] = [];
/** A title the screen refuses to store, as a locked season refuses its writes (ADR 016). */
const LOCKED_TITLE = "In a locked season";
const LOCKED = "Locked: unlock it on Seasons to edit.";
/** Undo tokens the screen refuses to restore (the season was locked meanwhile). */
const lockedTokens: string[] = [];

const action = adminAction({
  screen: "news",
  form: {
    fields: newsFormSchema,
    schema: newsFormSchema,
    create: async ({ id: _, ...input }) =>
      input.title === LOCKED_TITLE ? { refused: LOCKED } : createNews(input),
    update: async ({ id, ...input }) =>
      input.title === LOCKED_TITLE ? { refused: LOCKED } : updateNews({ id, input }),
  },
  remove: async ({ id }) => {
    if (kept.includes(id)) return { refused: "Used by 4 fixtures." };
    const deleted = await removeNews({ id });
    return deleted && { token: deleted.token, label: quoted(deleted.item.title) };
  },
  restore: async ({ token }) => {
    if (lockedTokens.includes(token)) return { refused: LOCKED };
    const restored = await restoreNews({ token });
    return restored && { id: restored.id, label: quoted(restored.title) };
  },
  rowIntents: {
    mark: async ({ id }) => {
      marked.push(id);
      return { kind: "saved", id, message: "Marked.", focus: "row" };
    },
  },
  listHref: () => "/admin/news",
  messages: {
    gone: "This news item no longer exists.",
    expired: "This news item can no longer be restored.",
  },
});

interface Answer {
  status: number;
  reply?: AdminReply;
  location?: string | null;
}

/** The helper's answer as the browser would see it: a reply with its status, or a redirect. */
async function answer(result: unknown): Promise<Answer> {
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location") };
  }
  // A reply with a status (`data(...)`), or a replayed 200 reply as plain data.
  const withInit = result as { type?: string; data: AdminReply; init: ResponseInit | null };
  if (withInit.type !== "DataWithResponseInit") return { status: 200, reply: result as AdminReply };
  return { status: withInit.init?.status ?? 200, reply: withInit.data };
}

const createdTitled = async (title: string) => [await createNews({ title, content: "Body" })];

const storedTitled = (title: string) =>
  currentDb().select().from(news).where(eq(news.title, title));

describeWithDatabases("adminAction", ({ db }) => {
  let cookie = "";
  beforeAll(async () => {
    const [admin] = await db()
      .insert(administrators)
      .values({ email: `resource-${randomUUID()}@club.example`, passwordHash: "x" })
      .returning({ id: administrators.id });
    const setCookie = await createSession({
      request: new Request("http://localhost/admin/login"),
      administratorId: admin?.id ?? "",
    });
    cookie = setCookie.split(";")[0] ?? "";
  });

  const post = async (fields: Record<string, string>, url = "http://localhost/admin/news") =>
    answer(
      await action({
        request: new Request(url, {
          method: "POST",
          headers: { cookie },
          body: new URLSearchParams(fields),
        }),
      }),
    );

  describe("the session comes first", () => {
    it("refuses a request without a session before reading a byte of its body", async () => {
      let read = false;
      // No chunk is asked for until someone reads (highWaterMark 0).
      const body = new ReadableStream(
        {
          pull(controller) {
            read = true;
            controller.enqueue(new TextEncoder().encode("intent=save&title=x&content=y"));
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      const request = new Request("http://localhost/admin/news", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
        duplex: "half",
      } as RequestInit);
      const thrown = await action({ request }).catch((error: unknown) => error);
      expect((thrown as { init?: ResponseInit }).init?.status).toBe(401);
      expect(read).toBe(false);
      expect(request.bodyUsed).toBe(false);
    });
  });

  describe("replies", () => {
    it("invalid: 400, the field errors, and only the form's own fields given back", async () => {
      const result = await post({
        intent: "save",
        title: "   ",
        content: "Typed content",
        secret: "never echoed",
        [REQUEST_ID_FIELD]: randomUUID(),
      });
      expect(result.status).toBe(400);
      expect(result.reply?.kind).toBe("invalid");
      if (result.reply?.kind !== "invalid") return;
      expect(result.reply.submission.error?.title).toEqual(["Please enter a title."]);
      expect(result.reply.submission.initialValue).toEqual({
        title: "   ",
        content: "Typed content",
      });
    });

    it("saved: a create redirects to the list with the saved id (post/redirect/get)", async () => {
      const title = `Created ${randomUUID()}`;
      const result = await post({ intent: "save", title, content: "Words." });
      const [row] = await storedTitled(title);
      expect(result.status).toBe(302);
      expect(result.location).toBe(`/admin/news?saved=${row?.id}&done=created`);
    });

    it("saved: an update redirects with done=updated; a vanished record is refused with 404", async () => {
      const item = await createNews({ title: `To update ${randomUUID()}`, content: "Old." });
      const changed = `Updated ${randomUUID()}`;
      const result = await post({ intent: "save", id: item.id, title: changed, content: "New." });
      expect(result.location).toBe(`/admin/news?saved=${item.id}&done=updated`);
      expect(await storedTitled(changed)).toHaveLength(1);

      const gone = await post({ intent: "save", id: randomUUID(), title: "X", content: "Y" });
      expect(gone.status).toBe(404);
      expect(gone.reply?.kind === "invalid" && gone.reply.submission.error?.[""]).toEqual([
        "This news item no longer exists.",
      ]);
    });

    it("deleted with an Undo offer, then restored with the same id; a second Undo is refused", async () => {
      const title = `Deleted ${randomUUID()}`;
      const item = await createNews({ title, content: "Soon gone." });
      const deleted = await post({ intent: "delete", id: item.id });
      expect(deleted.status).toBe(200);
      expect(deleted.reply).toMatchObject({
        kind: "deleted",
        id: item.id,
        message: `${quoted(title)} deleted.`,
        undo: { label: quoted(title) },
      });
      expect(await storedTitled(title)).toEqual([]);
      if (deleted.reply?.kind !== "deleted") return;

      const restored = await post({ intent: "undo", token: deleted.reply.undo.token });
      expect(restored.reply).toEqual({
        kind: "restored",
        id: item.id,
        message: `${quoted(title)} restored.`,
      });
      expect(await storedTitled(title)).toHaveLength(1);

      const again = await post({ intent: "undo", token: deleted.reply.undo.token });
      expect(again).toEqual({
        status: 410,
        reply: { kind: "refused", message: "This news item can no longer be restored." },
      });
    });

    it("refused: a record that is gone, an unknown intent, a malformed id", async () => {
      expect(await post({ intent: "delete", id: randomUUID() })).toEqual({
        status: 404,
        reply: { kind: "refused", message: "This news item no longer exists." },
      });
      const notUnderstood = {
        status: 400,
        reply: { kind: "refused", message: "That request was not understood." },
      };
      expect(await post({ intent: "publish", id: randomUUID() })).toEqual(notUnderstood);
      expect(await post({ intent: "delete", id: "1; drop table news" })).toEqual(notUnderstood);
    });

    it("refused: a delete the screen will not do answers 409 with its words, deleting nothing", async () => {
      const [item] = await createdTitled("Kept on purpose");
      if (!item) throw new Error("not stored");
      kept.push(item.id);
      expect(await post({ intent: "delete", id: item.id })).toEqual({
        status: 409,
        reply: { kind: "refused", message: "Used by 4 fixtures." },
      });
      expect(await storedTitled("Kept on purpose")).toHaveLength(1);
    });

    it("refused: a save or an Undo a rule keeps out answers 409 with its words, storing nothing", async () => {
      const item = await createNews({ title: `Open ${randomUUID()}`, content: "Old." });
      for (const fields of [{}, { id: item.id }] as Record<string, string>[]) {
        const result = await post({ intent: "save", title: LOCKED_TITLE, content: "x", ...fields });
        expect(result.status).toBe(409);
        expect(result.reply?.kind === "invalid" && result.reply.submission.error?.[""]).toEqual([
          LOCKED,
        ]);
        // What was typed stays in the form.
        expect(
          result.reply?.kind === "invalid" && result.reply.submission.initialValue,
        ).toMatchObject({ title: LOCKED_TITLE });
      }
      expect(await storedTitled(LOCKED_TITLE)).toEqual([]);
      const deleted = await post({ intent: "delete", id: item.id });
      if (deleted.reply?.kind !== "deleted") throw new Error("not deleted");
      lockedTokens.push(deleted.reply.undo.token);
      expect(await post({ intent: "undo", token: deleted.reply.undo.token })).toEqual({
        status: 409,
        reply: { kind: "refused", message: LOCKED },
      });
    });

    it("a row intent of the screen answers its own reply", async () => {
      const id = randomUUID();
      expect(await post({ intent: "mark", id })).toEqual({
        status: 200,
        reply: { kind: "saved", id, message: "Marked.", focus: "row" },
      });
      expect(marked).toContain(id);
    });
  });

  describe("request ids", () => {
    it("applies a change once: a replay gets the first answer and writes nothing", async () => {
      const requestId = randomUUID();
      const title = `Once ${requestId}`;
      const fields = { intent: "save", title, content: "Once.", [REQUEST_ID_FIELD]: requestId };
      const first = await post(fields);
      const second = await post(fields);
      expect(await storedTitled(title)).toHaveLength(1);
      expect(second).toEqual(first);
    });

    it("a delete replayed answers the same Undo offer and deletes nothing else", async () => {
      const title = `Delete once ${randomUUID()}`;
      const item = await createNews({ title, content: "x" });
      const fields = { intent: "delete", id: item.id, [REQUEST_ID_FIELD]: randomUUID() };
      const first = await post(fields);
      const second = await post(fields);
      expect(first.reply?.kind).toBe("deleted");
      expect(second).toEqual(first);
    });

    it("a refused change keeps no record of its id: the same id can be sent again, corrected", async () => {
      const requestId = randomUUID();
      const title = `Corrected ${requestId}`;
      const refused = await post({
        intent: "save",
        title: "",
        content: "x",
        [REQUEST_ID_FIELD]: requestId,
      });
      expect(refused.status).toBe(400);
      const accepted = await post({
        intent: "save",
        title,
        content: "x",
        [REQUEST_ID_FIELD]: requestId,
      });
      expect(accepted.status).toBe(302);
      expect(await storedTitled(title)).toHaveLength(1);
    });
  });
});
