import { eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { buildFixture, buildNews } from "../../../scripts/factories.ts";
import { describeWithDatabases, useDemoClub } from "../../../tests/db.ts";
import { startTestSmtp, type TestSmtp } from "../../../tests/smtp.ts";
import { getDatabaseHandle } from "../../db/database.server.ts";
import { fixtures, mailQueue, news, subscribers } from "../../db/schema.ts";
import {
  itemProgress,
  planScheduledMail,
  queueNewsItem,
  queueResult,
  sendDueMail,
  sendTestDigest,
  withMailLock,
} from "./queue.server.ts";

// ADR 032: the queue against a real SMTP server (tests/smtp.ts): what arrives, a temporary
// refusal delivered once later, a 550 marked and never tried again, and two workers on one
// database sending each subscriber each item once.

const HOUR = 3600 * 1000;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

const transport = () => nodemailer.createTransport({ url: smtp.url });

describeWithDatabases("the supporters' mail queue", ({ db }) => {
  // Written against the demo club (its name, address and e-mail).
  beforeAll(() => useDemoClub(db));
  beforeEach(async () => {
    await db().delete(subscribers);
    await db().delete(news);
    smtp.received.length = 0;
    smtp.setMode("accept");
  });

  async function confirmed(count: number, lists = ["news", "match-day"]) {
    return db()
      .insert(subscribers)
      .values(
        Array.from({ length: count }, (_, n) => ({
          email: `fan${n}@example.com`,
          lists,
          status: "confirmed" as const,
          confirmedAt: new Date(Date.now() - HOUR),
          manageKey: `key-${String(n).padStart(28, "0")}`,
        })),
      )
      .returning();
  }

  async function publish(title = "Cup draw") {
    const [item] = await db()
      .insert(news)
      .values(buildNews({ title, content: "First paragraph.\n\nSecond paragraph." }))
      .returning();
    if (!item) throw new Error("no news");
    return item;
  }

  it("queues a news item for the confirmed news list only, once, and sends both parts with the unsubscribe headers", async () => {
    await confirmed(2);
    await db()
      .insert(subscribers)
      .values([
        { email: "waiting@example.com", lists: ["news"], manageKey: "w".repeat(32) },
        {
          email: "digest-only@example.com",
          lists: ["digest"],
          status: "confirmed",
          manageKey: "d".repeat(32),
        },
      ]);
    const item = await publish();
    // Queued in the same transaction as the item (a rollback takes both back).
    await expect(
      db().transaction(async (tx) => {
        const { withTransactionScope } = await import("../../db/database.server.ts");
        await withTransactionScope(tx, () => queueNewsItem({ newsId: item.id }));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await db().select().from(mailQueue)).toHaveLength(0);
    expect(await queueNewsItem({ newsId: item.id })).toBe(2);
    expect(await queueNewsItem({ newsId: item.id })).toBe(0);

    const report = await sendDueMail({ transport: transport(), limit: 10 });
    expect(report).toMatchObject({ sent: 2, retried: 0, bounced: 0 });
    const mail = await smtp.waitFor(2);
    expect(mail.map((m) => m.to[0]).sort()).toEqual(["fan0@example.com", "fan1@example.com"]);
    const first = mail[0];
    expect(first?.subject).toBe("Cup draw");
    expect(first?.text).toContain("Second paragraph.");
    expect(first?.html).toContain("<h1");
    expect(first?.header("list-unsubscribe")).toMatch(
      /^<https:\/\/.+\/subscribe\/unsubscribe\/key-/,
    );
    expect(first?.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(first?.text).toContain("/subscribe/preferences/key-");

    expect(await sendDueMail({ transport: transport(), limit: 10 })).toMatchObject({ sent: 0 });
    expect(await itemProgress({ itemKey: `news:${item.id}` })).toEqual({ queued: 2, sent: 2 });
  });

  it("delivers a message refused with 4xx once, later, after the backoff", async () => {
    await confirmed(1);
    const item = await publish();
    await queueNewsItem({ newsId: item.id });
    smtp.setMode("temporary", 1);
    expect(await sendDueMail({ transport: transport(), limit: 10 })).toMatchObject({ retried: 1 });
    expect(smtp.received).toHaveLength(0);
    const [row] = await db().select().from(mailQueue);
    expect(row?.attempts).toBe(1);
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing is tried.
    expect(await sendDueMail({ transport: transport(), limit: 10 })).toMatchObject({
      sent: 0,
      retried: 0,
    });
    const later = () => new Date(Date.now() + HOUR);
    expect(await sendDueMail({ transport: transport(), limit: 10, now: later })).toMatchObject({
      sent: 1,
    });
    expect(await smtp.waitFor(1)).toHaveLength(1);
    expect(await sendDueMail({ transport: transport(), limit: 10, now: later })).toMatchObject({
      sent: 0,
    });
    expect(smtp.received).toHaveLength(1);
  });

  it("marks an address bouncing on 550 and never tries it again", async () => {
    const [fan] = await confirmed(1);
    const first = await publish("One");
    await queueNewsItem({ newsId: first.id });
    smtp.setMode("permanent");
    const refusedBefore = smtp.refused;
    expect(await sendDueMail({ transport: transport(), limit: 10 })).toMatchObject({ bounced: 1 });
    const [row] = await db()
      .select()
      .from(subscribers)
      .where(eq(subscribers.id, fan?.id ?? ""));
    expect(row?.status).toBe("bouncing");
    smtp.setMode("accept");
    const second = await publish("Two");
    expect(await queueNewsItem({ newsId: second.id })).toBe(0);
    const later = () => new Date(Date.now() + 24 * HOUR);
    expect(await sendDueMail({ transport: transport(), limit: 10, now: later })).toMatchObject({
      sent: 0,
    });
    expect(smtp.refused - refusedBefore).toBe(1);
    expect(smtp.received).toHaveLength(0);
  });

  it("two workers on one database send each subscriber each item once", async () => {
    await confirmed(24);
    const item = await publish();
    await queueNewsItem({ newsId: item.id });
    const handle = getDatabaseHandle();
    const worker = () =>
      withMailLock(handle, () => sendDueMail({ transport: transport(), limit: 8 }));
    for (let turn = 0; turn < 6; turn++)
      await Promise.all([worker(), worker(), sendDueMail({ transport: transport(), limit: 8 })]);
    const mail = await smtp.waitFor(24);
    const addresses = mail.map((m) => m.to[0]);
    expect(new Set(addresses).size).toBe(24);
    expect(addresses).toHaveLength(24);
    expect(await itemProgress({ itemKey: `news:${item.id}` })).toEqual({ queued: 24, sent: 24 });
  });

  it("sends a result at full time to the match-day list once; an old result is not sent", async () => {
    await confirmed(1, ["match-day"]);
    const [today, old] = await db()
      .insert(fixtures)
      .values([
        buildFixture({ date: new Date(Date.now() - 2 * HOUR), homeScore: 3, awayScore: 1 }),
        buildFixture({ date: new Date(Date.now() - 30 * 24 * HOUR), homeScore: 1, awayScore: 1 }),
      ])
      .returning();
    if (!today || !old) throw new Error("no fixtures");
    expect(await queueResult({ fixture: today })).toBe(1);
    expect(await queueResult({ fixture: today })).toBe(0);
    expect(await queueResult({ fixture: old })).toBe(0);
    await sendDueMail({ transport: transport(), limit: 10 });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toMatch(/^Full time: .* 3 - 1 /);
    await db().delete(fixtures).where(sql`true`);
  });

  it("queues the match-day mail from 08:00 on a day with fixtures, once", async () => {
    await confirmed(1, ["match-day"]);
    // A Wednesday in Dublin, 09:00: no digest (Mondays), a fixture at 14:00.
    const morning = new Date("2026-11-25T09:00:00Z");
    await db()
      .insert(fixtures)
      .values(buildFixture({ date: new Date("2026-11-25T14:00:00Z") }));
    await db()
      .update(subscribers)
      .set({ confirmedAt: new Date("2026-11-20T10:00:00Z") });
    expect(await planScheduledMail({ now: new Date("2026-11-25T07:00:00Z") })).toBe(0);
    expect(await planScheduledMail({ now: morning })).toBe(1);
    expect(await planScheduledMail({ now: morning })).toBe(0);
    const [row] = await db().select().from(mailQueue);
    expect(row?.itemKey).toBe("match-day:2026-11-25");
    await db().delete(fixtures).where(sql`true`);
  });

  it("sends the next digest to an administrator as a test, queueing nothing", async () => {
    await confirmed(1, ["digest"]);
    await db()
      .insert(fixtures)
      .values(buildFixture({ opponent: "Harbour Hawks", date: new Date("2026-11-24T14:00:00Z") }));
    // A Thursday: the next digest is Monday 30 November's, with that week's fixtures.
    await sendTestDigest({
      to: "editor@club.example",
      transport: transport(),
      now: new Date("2026-11-19T10:00:00Z"),
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(["editor@club.example"]);
    expect(mail?.subject).toMatch(/^\[Test\] /);
    expect(mail?.text).toContain("Harbour Hawks");
    expect(await db().select().from(mailQueue)).toEqual([]);
    await db().delete(fixtures).where(sql`true`);
  });
});
