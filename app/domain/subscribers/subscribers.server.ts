import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { loadEnv } from "../../config/env.server.ts";
import { db } from "../../db/database.server.ts";
import { rowsOf } from "../../db/open.server.ts";
import { subscribers } from "../../db/schema.ts";
import { logger } from "../../logger.server.ts";
import { hashToken, isTokenShaped, newToken } from "../auth/one-time-token.server.ts";
import { getClub } from "../club/club.server.ts";
import { transportFromEnvironment } from "../mail/mail.server.ts";
import { reserveHits } from "../rate-limit/rate-limit.server.ts";
import { type MailBody, type MailClub, renderMail, type SubscriberLinks } from "./mail-content.ts";
import {
  CONFIRM_TTL_MS,
  listsOf,
  type MailList,
  SUBSCRIBE_LIMITS,
  SUBSCRIBER_STATUSES,
  type SubscriberCounts,
  type SubscriberStatus,
  UNCONFIRMED_KEEP_MS,
  UNSUBSCRIBED_KEEP_MS,
} from "./rules.ts";

// Supporters who follow the club by e-mail (rules §2 Following by e-mail, decisions 31,
// ADR 032): asking, confirming (double opt-in), changing lists, leaving, the Subscribers
// screen's counts, export and removal, and erasing what is no longer needed. The only code
// touching `subscribers`; the outgoing mail is queue.server.ts.

const normalise = (email: string) => email.trim().toLowerCase();
const newManageKey = () => randomBytes(24).toString("base64url");
const MANAGE_KEY = /^[A-Za-z0-9_-]{32}$/;

/** The links every e-mail to this subscriber carries, on the site's public address. */
export function subscriberLinks({ origin, key }: { origin: string; key: string }): SubscriberLinks {
  return {
    preferences: new URL(`/subscribe/preferences/${key}`, origin).toString(),
    unsubscribe: new URL(`/subscribe/unsubscribe/${key}`, origin).toString(),
  };
}

/** The club as the e-mails show it, and the site's public address (ADR 013). */
export async function mailClub(): Promise<{ club: MailClub; origin: string; from: string }> {
  const { details } = await getClub();
  const env = loadEnv();
  const address = env.SMTP_FROM ?? env.CONTACT_TO ?? details.email;
  return {
    club: details,
    origin: details.url,
    from: `"${details.shortName.replace(/["\r\n]/g, "")}" <${address}>`,
  };
}

export type SubscribeOutcome = { status: "answered" } | { status: "limited" };

/**
 * rules §2 Following by e-mail, decisions 31: asks for `lists` at `email`. The answer is the
 * same whatever the address's state; only a visitor over their own limit is told so. A new,
 * waiting, unsubscribed or bouncing address gets a new confirmation link (the older one stops
 * working) and receives nothing else until it is followed; a confirmed address keeps its lists
 * (a stranger cannot change them) and is sent its preferences link instead.
 */
export async function requestSubscription({
  email: given,
  lists,
  clientAddress,
  transport = transportFromEnvironment(),
}: {
  email: string;
  lists: MailList[];
  clientAddress: string;
  transport?: Transporter | null;
}): Promise<SubscribeOutcome> {
  const email = normalise(given);
  const L = SUBSCRIBE_LIMITS;
  const byAddress = await reserveHits([
    { bucket: "subscribe-address", key: clientAddress, windowMs: L.windowMs, limit: L.perAddress },
  ]);
  if (!byAddress.allowed) return { status: "limited" };
  const byEmail = await reserveHits([
    { bucket: "subscribe-email", key: email, windowMs: L.windowMs, limit: L.perEmail },
  ]);
  if (!byEmail.allowed || !transport) return { status: "answered" };
  const { token, hash } = newToken();
  const [row] = await db()
    .insert(subscribers)
    .values({
      email,
      lists: listsOf(lists),
      confirmTokenHash: hash,
      confirmExpiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
      manageKey: newManageKey(),
    })
    .onConflictDoUpdate({
      target: subscribers.email,
      // A confirmed address is left as it is; any other asks again.
      setWhere: sql`${subscribers.status} <> 'confirmed'`,
      set: {
        lists: listsOf(lists),
        status: "waiting",
        confirmTokenHash: hash,
        confirmExpiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
        createdAt: new Date(),
        unsubscribedAt: null,
        bouncedAt: null,
      },
    })
    .returning({ status: subscribers.status });
  const { club, origin, from } = await mailClub();
  let body: MailBody;
  let links: SubscriberLinks | null = null;
  if (row) {
    const url = new URL(`/subscribe/confirm/${token}`, origin).toString();
    body = {
      subject: `Please confirm your e-mails from ${club.shortName}`,
      heading: "Please confirm your subscription",
      paragraphs: [
        `Someone, hopefully you, asked for e-mails from ${club.name} at this address. Follow the link within 48 hours to start receiving them.`,
        "If it was not you, ignore this message: nothing more will be sent, and the address is erased within 48 hours.",
      ],
      action: { label: "Confirm my subscription", url },
    };
  } else {
    const [known] = await db()
      .select({ manageKey: subscribers.manageKey })
      .from(subscribers)
      .where(eq(subscribers.email, email));
    if (!known) return { status: "answered" };
    links = subscriberLinks({ origin, key: known.manageKey });
    body = {
      subject: `You already receive e-mails from ${club.shortName}`,
      heading: "You are already subscribed",
      paragraphs: [
        `Someone asked for e-mails from ${club.name} at this address, which already receives them. Nothing has changed.`,
      ],
      action: { label: "Change what you receive", url: links.preferences },
    };
  }
  try {
    const mail = renderMail({ body, club, links });
    await transport.sendMail({ ...mail, to: email, from });
  } catch (error) {
    // Never the link in the log; the visitor's answer is the same either way.
    logger().error({ err: error }, "subscription: sending the confirmation failed");
  }
  return { status: "answered" };
}

export type ConfirmOutcome = { ok: true; key: string } | { ok: false };

/**
 * decisions 31: the confirmation link, once and within 48 hours. The token's hash is cleared
 * in the same statement that checks it, so a link works once.
 */
export async function confirmSubscription({ token }: { token: string }): Promise<ConfirmOutcome> {
  if (!isTokenShaped(token)) return { ok: false };
  const now = new Date();
  const [row] = await db()
    .update(subscribers)
    .set({
      status: "confirmed",
      confirmedAt: now,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      unsubscribedAt: null,
    })
    .where(
      and(
        eq(subscribers.confirmTokenHash, hashToken(token)),
        gt(subscribers.confirmExpiresAt, now),
      ),
    )
    .returning({ key: subscribers.manageKey });
  return row ? { ok: true, key: row.key } : { ok: false };
}

export interface SubscriberView {
  email: string;
  lists: MailList[];
  status: SubscriberStatus;
}

/** The subscriber a preferences or unsubscribe link names, or null (unknown or erased). */
export async function getSubscriberByKey({ key }: { key: string }): Promise<SubscriberView | null> {
  if (!MANAGE_KEY.test(key)) return null;
  const [row] = await db()
    .select({ email: subscribers.email, lists: subscribers.lists, status: subscribers.status })
    .from(subscribers)
    .where(eq(subscribers.manageKey, key));
  return row ? { ...row, lists: listsOf(row.lists) } : null;
}

/**
 * rules §2 Following by e-mail: the preferences link changes the lists (no account). An address
 * that had unsubscribed and chooses lists again receives them again: it was confirmed before.
 */
export async function updatePreferences({
  key,
  lists,
}: {
  key: string;
  lists: MailList[];
}): Promise<boolean> {
  if (!MANAGE_KEY.test(key)) return false;
  const updated = await db()
    .update(subscribers)
    .set({ lists: listsOf(lists), status: "confirmed", unsubscribedAt: null })
    .where(
      and(
        eq(subscribers.manageKey, key),
        or(eq(subscribers.status, "confirmed"), eq(subscribers.status, "unsubscribed")),
      ),
    )
    .returning({ id: subscribers.id });
  return updated.length > 0;
}

/** RFC 8058, rules §2 Following by e-mail: one step, nothing more asked. True when known. */
export async function unsubscribe({ key }: { key: string }): Promise<boolean> {
  if (!MANAGE_KEY.test(key)) return false;
  const [row] = await db()
    .update(subscribers)
    .set({
      status: "unsubscribed",
      unsubscribedAt: sql`coalesce(${subscribers.unsubscribedAt}, now())`,
    })
    .where(and(eq(subscribers.manageKey, key), sql`${subscribers.status} <> 'waiting'`))
    .returning({ id: subscribers.id });
  return Boolean(row);
}

const emptyCounts = () =>
  Object.fromEntries(SUBSCRIBER_STATUSES.map((status) => [status, 0])) as Record<
    SubscriberStatus,
    number
  >;

/** rules §2 Subscribers: each list's addresses by state, and every address by state. */
export async function countSubscribers(): Promise<SubscriberCounts> {
  const counts: SubscriberCounts = {
    news: emptyCounts(),
    digest: emptyCounts(),
    "match-day": emptyCounts(),
    all: emptyCounts(),
  };
  const rows = rowsOf<{ list: string; status: SubscriberStatus; n: number | string }>(
    await db().execute(sql`
      select l.list, s.status, count(*) as n
        from subscribers s cross join lateral jsonb_array_elements_text(s.lists) as l(list)
       group by l.list, s.status
      union all
      select 'all', status, count(*) from subscribers group by status`),
  );
  for (const row of rows) {
    const list = counts[row.list as MailList | "all"];
    if (list && row.status in list) list[row.status] = Number(row.n);
  }
  return counts;
}

/** rules §2 Subscribers: every address for the export, oldest first. */
export async function listSubscribersForExport() {
  return db()
    .select({
      email: subscribers.email,
      status: subscribers.status,
      lists: subscribers.lists,
      createdAt: subscribers.createdAt,
      confirmedAt: subscribers.confirmedAt,
      unsubscribedAt: subscribers.unsubscribedAt,
    })
    .from(subscribers)
    .orderBy(asc(subscribers.createdAt), asc(subscribers.email));
}

/** rules §2 Subscribers: erases an address and its queued mail (not hidden: gone). */
export async function removeSubscriber({
  email,
}: {
  email: string;
}): Promise<{ id: string } | null> {
  const [row] = await db()
    .delete(subscribers)
    .where(eq(subscribers.email, normalise(email)))
    .returning({ id: subscribers.id });
  return row ?? null;
}

/**
 * rules §9, decisions 31 (the privacy policy says so): erases addresses never confirmed 48
 * hours after they were given, and unsubscribed ones after 30 days. Returns how many.
 */
export async function eraseExpiredSubscribers({ now = new Date() }: { now?: Date } = {}) {
  const removed = await db()
    .delete(subscribers)
    .where(
      or(
        and(
          eq(subscribers.status, "waiting"),
          lt(subscribers.createdAt, new Date(now.getTime() - UNCONFIRMED_KEEP_MS)),
        ),
        and(
          eq(subscribers.status, "unsubscribed"),
          lt(subscribers.unsubscribedAt, new Date(now.getTime() - UNSUBSCRIBED_KEEP_MS)),
        ),
      ),
    )
    .returning({ id: subscribers.id });
  return removed.length;
}
