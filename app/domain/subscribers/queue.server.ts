import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { withAdvisoryLock } from "../../db/advisory-lock.server.ts";
import type { DatabaseHandle } from "../../db/database.server.ts";
import { db } from "../../db/database.server.ts";
import { rowsOf } from "../../db/open.server.ts";
import { mailQueue, subscribers } from "../../db/schema.ts";
import { getClub } from "../club/club.server.ts";
import { fromClubDateTime } from "../dates/club-time.ts";
import { clubDates } from "../dates/format.ts";
import { getFixture, listFixturesBetween } from "../fixtures/fixtures.server.ts";
import { getNews } from "../news/news.server.ts";
import { itemMail } from "./item-mail.ts";
import { type MailBody, renderMail } from "./mail-content.ts";
import {
  CLAIM_LEASE_MS,
  classifySendError,
  isFullTimeNews,
  listOfItem,
  MAX_ATTEMPTS,
  MORNING_HOUR,
  retryDelayMs,
  scheduledItemsDue,
  type WallClock,
} from "./rules.ts";
import { mailClub, subscriberLinks } from "./subscribers.server.ts";

// The outgoing mail (ADR 032): items queued per subscriber (a unique key per subscriber and
// item), sent by one worker at a time across processes and machines, at MAIL_PER_MINUTE,
// with retries on temporary refusals and bouncing addresses marked.

/**
 * ADR 032: queues `itemKey` for every confirmed subscriber of its list, in the caller's
 * transaction (a news item and its e-mails are one write). `confirmedBefore`: only addresses
 * confirmed by then (a digest is for those who had subscribed when it was due). Returns how
 * many were queued now (an item queued before adds none).
 */
async function queueItem({
  itemKey,
  confirmedBefore,
}: {
  itemKey: string;
  confirmedBefore?: Date;
}): Promise<number> {
  const list = listOfItem(itemKey);
  if (!list) throw new Error(`queueItem: no list for ${itemKey}`);
  const rows = rowsOf<{ id: string }>(
    await db().execute(sql`
      insert into mail_queue (subscriber_id, item_key, next_attempt_at)
      -- Due now, to the millisecond a JavaScript Date can say (a worker compares with one).
      select id, ${itemKey}, date_trunc('milliseconds', now()) from subscribers
       where status = 'confirmed' and lists @> ${JSON.stringify([list])}::jsonb
         ${confirmedBefore ? sql`and confirmed_at <= ${confirmedBefore.toISOString()}::timestamptz` : sql``}
      on conflict (subscriber_id, item_key) do nothing
      returning id`),
  );
  return rows.length;
}

/** rules §2 Manage News: a news item going public is e-mailed to the news list. */
export const queueNewsItem = ({ newsId }: { newsId: string }) =>
  queueItem({ itemKey: `news:${newsId}` });

/** rules §2 Following by e-mail: a result saved at full time goes to the match-day list. */
export async function queueResult({
  fixture,
  now = new Date(),
}: {
  fixture: { id: string; date: Date | null; homeScore: number | null };
  now?: Date;
}): Promise<number> {
  if (fixture.homeScore === null || !isFullTimeNews({ kickOff: fixture.date, now })) return 0;
  return queueItem({ itemKey: `result:${fixture.id}` });
}

/** The club's wall clock at `now` in its time zone. */
function wallClockAt(now: Date, timeZone: string): WallClock {
  const dates = clubDates({ timeZone });
  const day = dates.formatInClubZone({ date: now, pattern: "yyyy-MM-dd" });
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(
    dates.formatInClubZone({ date: now, pattern: "EEE" }),
  );
  return {
    day,
    hour: Number(dates.formatInClubZone({ date: now, pattern: "HH" })),
    weekday: weekday + 1,
  };
}

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** [start, end) of the club's days from `day`, `days` long, as instants. */
const clubDays = ({ day, days, timeZone }: { day: string; days: number; timeZone: string }) => ({
  from: fromClubDateTime({ day, time: "00:00", timeZone }),
  until: fromClubDateTime({ day: addDays(day, days), time: "00:00", timeZone }),
});

/**
 * rules §2 Following by e-mail: queues the digest and the match-day mail when they are due
 * (scheduledItemsDue), for the addresses confirmed by 08:00 that day. Safe to run as often as
 * wanted: an item already queued is not queued again. Returns how many messages were queued.
 */
export async function planScheduledMail({
  now = new Date(),
}: {
  now?: Date;
} = {}): Promise<number> {
  const { details } = await getClub();
  const clock = wallClockAt(now, details.timeZone);
  const today = clubDays({ day: clock.day, days: 1, timeZone: details.timeZone });
  const hasFixturesToday = (await listFixturesBetween(today)).length > 0;
  let queued = 0;
  const morning = fromClubDateTime({
    day: clock.day,
    time: `${String(MORNING_HOUR).padStart(2, "0")}:00`,
    timeZone: details.timeZone,
  });
  for (const itemKey of scheduledItemsDue({ clock, hasFixturesToday })) {
    queued += await queueItem({ itemKey, confirmedBefore: morning });
  }
  return queued;
}

/** What an item says, or null when it is gone (a news item deleted before it went out). */
async function itemBody(itemKey: string): Promise<MailBody | null> {
  const [kind = "", ref = ""] = [
    itemKey.slice(0, itemKey.indexOf(":")),
    itemKey.slice(itemKey.indexOf(":") + 1),
  ];
  const { details } = await getClub();
  const dates = clubDates({ timeZone: details.timeZone });
  const site = {
    teamName: details.teamName,
    shortName: details.shortName,
    origin: details.url,
    dates,
  };
  if (kind === "news") {
    const item = await getNews({ id: ref });
    return item ? itemMail.news({ site, item }) : null;
  }
  if (kind === "result") {
    const fixture = await getFixture({ id: ref });
    return fixture && fixture.homeScore !== null ? itemMail.result({ site, fixture }) : null;
  }
  if (kind === "match-day") {
    const fixtures = await listFixturesBetween(
      clubDays({ day: ref, days: 1, timeZone: details.timeZone }),
    );
    return fixtures.length > 0 ? itemMail.matchDay({ site, fixtures }) : null;
  }
  if (kind === "digest") {
    const coming = await listFixturesBetween(
      clubDays({ day: ref, days: 7, timeZone: details.timeZone }),
    );
    const past = await listFixturesBetween(
      clubDays({ day: addDays(ref, -7), days: 7, timeZone: details.timeZone }),
    );
    return itemMail.digest({ site, coming, past: past.filter((f) => f.homeScore !== null) });
  }
  return null;
}

/** The next digest's content, sent to an administrator as a test (rules §2 Subscribers). */
export async function sendTestDigest({
  to,
  transport,
  now = new Date(),
}: {
  to: string;
  transport: Transporter;
  now?: Date;
}): Promise<void> {
  const { details } = await getClub();
  const clock = wallClockAt(now, details.timeZone);
  // The coming Monday (today when it is Monday before the digest leaves).
  const ahead = clock.weekday === 1 && clock.hour < MORNING_HOUR ? 0 : 8 - clock.weekday;
  const body = await itemBody(`digest:${addDays(clock.day, ahead)}`);
  if (!body) return;
  const { club, origin, from } = await mailClub();
  const links = subscriberLinks({ origin, key: "test-digest-no-subscriber-key" });
  const mail = renderMail({ body: { ...body, subject: `[Test] ${body.subject}` }, club, links });
  await transport.sendMail({ ...mail, to, from });
}

export interface SendReport {
  sent: number;
  retried: number;
  bounced: number;
  dropped: number;
}

/**
 * ADR 032: sends up to `limit` due messages, one every `spacingMs`. The batch is claimed in one
 * statement (each row's next attempt pushed a lease ahead, only if still due, rows another
 * worker holds skipped), so two workers never send one message twice; the lease also brings
 * back a message whose worker died mid-send. A 4xx (or no answer) is tried again later with
 * backoff, up to MAX_ATTEMPTS; a 5xx marks the address bouncing and none of its messages is
 * tried again.
 */
export async function sendDueMail({
  transport,
  limit,
  spacingMs = 0,
  now = () => new Date(),
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
}: {
  transport: Transporter;
  limit: number;
  spacingMs?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}): Promise<SendReport> {
  const report: SendReport = { sent: 0, retried: 0, bounced: 0, dropped: 0 };
  const at = now();
  // One statement claims the batch: rows another worker holds (or has just claimed) are
  // skipped, and each claimed row's next attempt moves a lease ahead.
  const claimed = rowsOf<{
    id: string;
    item_key: string;
    attempts: number;
    subscriber_id: string;
    email: string;
    manage_key: string;
  }>(
    await db().execute(sql`
      with due as (
        select q.id from mail_queue q join subscribers s on s.id = q.subscriber_id
         where q.sent_at is null and q.failed_at is null
           and q.next_attempt_at <= ${at.toISOString()}::timestamptz and s.status = 'confirmed'
         order by q.next_attempt_at, q.id
         limit ${limit}
         for update of q skip locked)
      update mail_queue q
         set attempts = q.attempts + 1,
             next_attempt_at = ${new Date(at.getTime() + CLAIM_LEASE_MS).toISOString()}::timestamptz
        from due, subscribers s
       where q.id = due.id and s.id = q.subscriber_id
         and q.sent_at is null and q.failed_at is null
         and q.next_attempt_at <= ${at.toISOString()}::timestamptz
      returning q.id, q.item_key, q.attempts, q.subscriber_id, s.email, s.manage_key`),
  );
  if (claimed.length === 0) return report;
  claimed.sort((a, b) => (a.id < b.id ? -1 : 1));
  const { club, origin, from } = await mailClub();
  const bodies = new Map<string, MailBody | null>();
  let last = 0;
  for (const row of claimed) {
    const id = row.id;
    const claimedRow = {
      itemKey: row.item_key,
      attempts: Number(row.attempts),
      subscriberId: row.subscriber_id,
    };
    const subscriber = { email: row.email, key: row.manage_key };
    if (!bodies.has(claimedRow.itemKey))
      bodies.set(claimedRow.itemKey, await itemBody(claimedRow.itemKey));
    const body = bodies.get(claimedRow.itemKey);
    if (!body) {
      await db()
        .update(mailQueue)
        .set({ failedAt: at, lastError: "the item is gone" })
        .where(eq(mailQueue.id, id));
      report.dropped++;
      continue;
    }
    const wait = last + spacingMs - Date.now();
    if (last > 0 && wait > 0) await sleep(wait);
    last = Date.now();
    const mail = renderMail({
      body,
      club,
      links: subscriberLinks({ origin, key: subscriber.key }),
    });
    try {
      await transport.sendMail({
        ...mail,
        to: subscriber.email,
        from,
        // The same Message-ID if it is ever sent again: receiving systems can drop the copy.
        messageId: `<${id}@${new URL(origin).hostname}>`,
      });
      await db()
        .update(mailQueue)
        .set({ sentAt: now(), lastError: null })
        .where(eq(mailQueue.id, id));
      report.sent++;
    } catch (error) {
      const reason = String(
        (error as { response?: unknown }).response ?? (error as Error).message,
      ).slice(0, 300);
      if (classifySendError(error) === "permanent") {
        await db().transaction(async (tx) => {
          await tx
            .update(mailQueue)
            .set({ failedAt: now(), lastError: reason })
            .where(eq(mailQueue.id, id));
          await tx
            .update(subscribers)
            .set({ status: "bouncing", bouncedAt: now() })
            .where(eq(subscribers.id, claimedRow.subscriberId));
        });
        report.bounced++;
      } else {
        const giveUp = claimedRow.attempts >= MAX_ATTEMPTS;
        await db()
          .update(mailQueue)
          .set(
            giveUp
              ? { failedAt: now(), lastError: reason }
              : {
                  nextAttemptAt: new Date(now().getTime() + retryDelayMs(claimedRow.attempts)),
                  lastError: reason,
                },
          )
          .where(eq(mailQueue.id, id));
        report.retried++;
      }
    }
  }
  return report;
}

/** Removes sent and given-up messages of items older than 60 days (the key has done its job). */
export async function forgetOldMail({ now = new Date() }: { now?: Date } = {}): Promise<void> {
  const old = new Date(now.getTime() - 60 * 24 * 3600 * 1000);
  await db()
    .delete(mailQueue)
    .where(
      and(
        lte(mailQueue.createdAt, old),
        sql`(${mailQueue.sentAt} is not null or ${mailQueue.failedAt} is not null)`,
      ),
    );
}

/**
 * ADR 032: one sender at a time across processes and machines: a session advisory lock held
 * on a connection of its own while `body` runs; the others skip. The embedded database has
 * one process: it runs `body`.
 */
export function withMailLock<T>(
  handle: DatabaseHandle,
  body: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  return withAdvisoryLock(handle, "clubsite.mail", body);
}

/** Queue rows of an item, for tests and the bench: how many are queued and sent. */
export async function itemProgress({ itemKey }: { itemKey: string }) {
  const [row] = await db()
    .select({
      queued: sql<number>`count(*)::int`,
      sent: sql<number>`count(${mailQueue.sentAt})::int`,
    })
    .from(mailQueue)
    .where(inArray(mailQueue.itemKey, [itemKey]));
  return row ?? { queued: 0, sent: 0 };
}
