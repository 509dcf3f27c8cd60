import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { buildNews } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { db as currentDb } from "../../db/database.server.ts";
import { rowsOf } from "../../db/open.server.ts";
import { administrators, appliedRequests, news } from "../../db/schema.ts";
import { APPLIED_REQUEST_KEEP_MS, applyOnce } from "./request-ids.server.ts";

async function newsTitled(title: string) {
  return currentDb().select({ id: news.id }).from(news).where(eq(news.title, title));
}

async function appliedCount() {
  const [row] = rowsOf<{ n: number }>(
    await currentDb().execute(sql`select count(*)::int as n from applied_requests`),
  );
  return row?.n ?? 0;
}

describeWithDatabases("applyOnce", ({ db }) => {
  let adminA = "";
  let adminB = "";
  beforeAll(async () => {
    const rows = await db()
      .insert(administrators)
      .values([
        { email: `a-${randomUUID()}@club.example`, passwordHash: "x" },
        { email: `b-${randomUUID()}@club.example`, passwordHash: "x" },
      ])
      .returning({ id: administrators.id });
    adminA = rows[0]?.id ?? "";
    adminB = rows[1]?.id ?? "";
  });

  const addNews = (title: string) => async () => {
    await currentDb().insert(news).values(buildNews({ title }));
    return redirect(`/admin/news?done=created&title=${encodeURIComponent(title)}`);
  };

  it("applies a change once and answers a replay with the first answer", async () => {
    const requestId = randomUUID();
    const title = `Once ${requestId}`;
    const first = (await applyOnce({
      administratorId: adminA,
      requestId,
      apply: addNews(title),
    })) as Response;
    const second = (await applyOnce({
      administratorId: adminA,
      requestId,
      apply: addNews(title),
    })) as Response;
    expect(await newsTitled(title)).toHaveLength(1);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
  });

  it("gives a replay the same data answer (a delete's Undo offer)", async () => {
    const requestId = randomUUID();
    let calls = 0;
    const apply = async () => {
      calls += 1;
      return { undo: { token: `token-${calls}`, label: "“Item”" } };
    };
    expect(await applyOnce({ administratorId: adminA, requestId, apply })).toEqual({
      undo: { token: "token-1", label: "“Item”" },
    });
    expect(await applyOnce({ administratorId: adminA, requestId, apply })).toEqual({
      undo: { token: "token-1", label: "“Item”" },
    });
    expect(calls).toBe(1);
  });

  it("keeps ids per administrator", async () => {
    const requestId = randomUUID();
    const title = `Per admin ${requestId}`;
    await applyOnce({ administratorId: adminA, requestId, apply: addNews(title) });
    await applyOnce({ administratorId: adminB, requestId, apply: addNews(title) });
    expect(await newsTitled(title)).toHaveLength(2);
  });

  it("two concurrent sends of one id write once", async () => {
    const requestId = randomUUID();
    const title = `Concurrent ${requestId}`;
    await Promise.all([
      applyOnce({ administratorId: adminA, requestId, apply: addNews(title) }),
      applyOnce({ administratorId: adminA, requestId, apply: addNews(title) }),
    ]);
    expect(await newsTitled(title)).toHaveLength(1);
  });

  it("bad input refused: nothing written, no id kept, and the id can be sent again", async () => {
    const requestId = randomUUID();
    const title = `Refused ${requestId}`;
    const before = await appliedCount();
    const refused = await applyOnce({
      administratorId: adminA,
      requestId,
      apply: async () => {
        await currentDb().insert(news).values(buildNews({ title }));
        return data({ refused: "That request was not understood." }, { status: 400 });
      },
    });
    expect(refused).toMatchObject({ data: { refused: "That request was not understood." } });
    expect(await newsTitled(title)).toHaveLength(0);
    expect(await appliedCount()).toBe(before);

    await applyOnce({ administratorId: adminA, requestId, apply: addNews(title) });
    expect(await newsTitled(title)).toHaveLength(1);
  });

  it("an error undoes the change and keeps no id", async () => {
    const requestId = randomUUID();
    const title = `Error ${requestId}`;
    await expect(
      applyOnce({
        administratorId: adminA,
        requestId,
        apply: async () => {
          await currentDb().insert(news).values(buildNews({ title }));
          throw new Error("boom");
        },
      }),
    ).rejects.toThrow("boom");
    expect(await newsTitled(title)).toHaveLength(0);
    const kept = await db()
      .select()
      .from(appliedRequests)
      .where(eq(appliedRequests.requestId, requestId));
    expect(kept).toEqual([]);
  });

  it("prunes ids older than a week", async () => {
    const old = randomUUID();
    await db()
      .insert(appliedRequests)
      .values({
        administratorId: adminA,
        requestId: old,
        outcome: { kind: "data", data: null, status: 200 },
        appliedAt: new Date(Date.now() - APPLIED_REQUEST_KEEP_MS - 60_000),
      });
    await applyOnce({
      administratorId: adminA,
      requestId: randomUUID(),
      apply: async () => ({ ok: true }),
    });
    const kept = await db()
      .select()
      .from(appliedRequests)
      .where(eq(appliedRequests.requestId, old));
    expect(kept).toEqual([]);
  });
});
