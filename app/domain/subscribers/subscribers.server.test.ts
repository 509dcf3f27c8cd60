import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { startTestSmtp, type TestSmtp } from "../../../tests/smtp.ts";
import { activity, mailQueue, rateLimitHits, subscribers } from "../../db/schema.ts";
import { eraseSubscriber, exportSubscribers } from "./admin.server.ts";
import { queueNewsItem } from "./queue.server.ts";
import { SUBSCRIBE_LIMITS } from "./rules.ts";
import {
  confirmSubscription,
  countSubscribers,
  eraseExpiredSubscribers,
  getSubscriberByKey,
  requestSubscription,
  unsubscribe,
  updatePreferences,
} from "./subscribers.server.ts";

// rules §2 Following by e-mail, decisions 31: double opt-in through a real SMTP server, the
// same answer for a known address, the limits, preferences, one-click leaving, the counts and
// the erasures.

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());
const transport = () => nodemailer.createTransport({ url: smtp.url });
const linkIn = (text: string, path: string) =>
  new URL(text.match(new RegExp(`https?://\\S+${path}\\S+`))?.[0] ?? "http://x/");

describeWithDatabases("following by e-mail", ({ db }) => {
  beforeEach(async () => {
    await db().delete(subscribers);
    await db().delete(rateLimitHits);
    smtp.received.length = 0;
  });

  const ask = (email: string, clientAddress = "203.0.113.9") =>
    requestSubscription({
      email,
      lists: ["news", "digest"],
      clientAddress,
      transport: transport(),
    });

  it("sends a one-time confirmation link; following it once confirms; nothing else is sent before", async () => {
    expect(await ask("Fan@Example.com")).toEqual({ status: "answered" });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(["fan@example.com"]);
    expect(mail?.header("list-unsubscribe")).toBe("");
    const token =
      linkIn(mail?.text ?? "", "/subscribe/confirm/")
        .pathname.split("/")
        .pop() ?? "";
    const [row] = await db().select().from(subscribers);
    expect(row).toMatchObject({ status: "waiting", lists: ["news", "digest"] });
    // Only the token's hash is kept.
    expect(row?.confirmTokenHash).not.toBe(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await queueNewsItem({ newsId: "00000000-0000-4000-8000-000000000001" })).toBe(0);

    const confirmed = await confirmSubscription({ token });
    expect(confirmed).toEqual({ ok: true, key: row?.manageKey });
    expect(await confirmSubscription({ token })).toEqual({ ok: false });
    expect((await countSubscribers()).news.confirmed).toBe(1);
  });

  it("refuses a link after 48 hours", async () => {
    await ask("late@example.com");
    const [mail] = await smtp.waitFor(1);
    const token =
      linkIn(mail?.text ?? "", "/subscribe/confirm/")
        .pathname.split("/")
        .pop() ?? "";
    await db()
      .update(subscribers)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) });
    expect(await confirmSubscription({ token })).toEqual({ ok: false });
  });

  it("answers the same for a confirmed address, keeps its lists, and mails it its preferences link", async () => {
    await db()
      .insert(subscribers)
      .values({
        email: "known@example.com",
        lists: ["match-day"],
        status: "confirmed",
        manageKey: "k".repeat(32),
      });
    expect(await ask("known@example.com")).toEqual({ status: "answered" });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.text).toContain(`/subscribe/preferences/${"k".repeat(32)}`);
    const [row] = await db().select().from(subscribers);
    expect(row).toMatchObject({ status: "confirmed", lists: ["match-day"] });
  });

  it("limits asks per address given (silently) and per visitor's address", async () => {
    for (let n = 0; n < SUBSCRIBE_LIMITS.perEmail + 1; n++)
      await ask("same@example.com", `198.51.100.${n}`);
    expect(smtp.received).toHaveLength(SUBSCRIBE_LIMITS.perEmail);
    // Counted before anything is sent: no mail server needed to reach the visitor's limit.
    const quiet = (email: string) =>
      requestSubscription({
        email,
        lists: ["news"],
        clientAddress: "198.51.100.0",
        transport: null,
      });
    for (let n = 0; n < SUBSCRIBE_LIMITS.perAddress - 1; n++) await quiet(`other${n}@example.com`);
    expect(await quiet("one-more@example.com")).toEqual({ status: "limited" });
  });

  it("changes the lists with the preferences key, leaves in one step, and comes back", async () => {
    const key = "p".repeat(32);
    await db()
      .insert(subscribers)
      .values({
        email: "prefs@example.com",
        lists: ["news"],
        status: "confirmed",
        manageKey: key,
      });
    expect(await updatePreferences({ key, lists: ["digest", "match-day"] })).toBe(true);
    expect(await getSubscriberByKey({ key })).toMatchObject({ lists: ["digest", "match-day"] });
    expect(await unsubscribe({ key })).toBe(true);
    expect(await getSubscriberByKey({ key })).toMatchObject({ status: "unsubscribed" });
    expect(await updatePreferences({ key, lists: ["news"] })).toBe(true);
    expect(await getSubscriberByKey({ key })).toMatchObject({
      status: "confirmed",
      lists: ["news"],
    });
    expect(await unsubscribe({ key: "q".repeat(32) })).toBe(false);
  });

  it("counts each list by state, exports CSV and erases an address with its mail, recording both", async () => {
    const [fan] = await db()
      .insert(subscribers)
      .values([
        {
          email: "a@example.com",
          lists: ["news", "digest"],
          status: "confirmed",
          manageKey: "a".repeat(32),
        },
        { email: "b@example.com", lists: ["news"], status: "bouncing", manageKey: "b".repeat(32) },
        { email: "c@example.com", lists: ["digest"], manageKey: "c".repeat(32) },
      ])
      .returning();
    const counts = await countSubscribers();
    expect(counts.news).toEqual({ confirmed: 1, waiting: 0, unsubscribed: 0, bouncing: 1 });
    expect(counts.digest).toEqual({ confirmed: 1, waiting: 1, unsubscribed: 0, bouncing: 0 });
    expect(counts.all.confirmed + counts.all.waiting + counts.all.bouncing).toBe(3);

    const [actor] = await db()
      .select()
      .from((await import("../../db/schema.ts")).administrators)
      .limit(1);
    const who = actor ?? {
      id: "00000000-0000-4000-8000-000000000009",
      email: "editor@example.com",
    };
    const csv = await exportSubscribers({ actor: who });
    expect(csv.split("\r\n")[0]).toBe("email,status,lists,subscribed,confirmed,unsubscribed");
    expect(csv).toContain("a@example.com,confirmed,news digest,");

    await db()
      .insert(mailQueue)
      .values({ subscriberId: fan?.id ?? "", itemKey: "news:x" });
    expect(await eraseSubscriber({ actor: who, email: "A@example.com" })).toBe(true);
    expect(
      await db().select().from(subscribers).where(eq(subscribers.email, "a@example.com")),
    ).toEqual([]);
    expect(await db().select().from(mailQueue)).toEqual([]);
    const records = await db().select().from(activity).where(eq(activity.screen, "subscribers"));
    expect(records.map((r) => r.action).sort()).toEqual(["erase-subscriber", "export-subscribers"]);
    expect(JSON.stringify(records)).not.toContain("a@example.com");
  });

  it("erases unconfirmed addresses after 48 hours and unsubscribed ones after 30 days", async () => {
    const now = new Date();
    const ago = (hours: number) => new Date(now.getTime() - hours * 3600 * 1000);
    await db()
      .insert(subscribers)
      .values([
        { email: "new@example.com", createdAt: ago(47), manageKey: "1".repeat(32) },
        { email: "old@example.com", createdAt: ago(49), manageKey: "2".repeat(32) },
        {
          email: "left-recently@example.com",
          status: "unsubscribed",
          unsubscribedAt: ago(29 * 24),
          manageKey: "3".repeat(32),
        },
        {
          email: "left-long-ago@example.com",
          status: "unsubscribed",
          unsubscribedAt: ago(31 * 24),
          manageKey: "4".repeat(32),
        },
        {
          email: "fan@example.com",
          status: "confirmed",
          createdAt: ago(999),
          manageKey: "5".repeat(32),
        },
      ]);
    expect(await eraseExpiredSubscribers({ now })).toBe(2);
    const left = (await db().select().from(subscribers)).map((row) => row.email).sort();
    expect(left).toEqual(["fan@example.com", "left-recently@example.com", "new@example.com"]);
  });
});
