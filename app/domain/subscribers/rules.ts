// Supporters who follow the club by e-mail (rules §2 Following by e-mail, decisions 31,
// ADR 032): the lists, the limits, the queue's timing and the schedule. Pure: no I/O.

/** rules §2 Following by e-mail: what a supporter can receive. */
export const MAIL_LISTS = ["news", "digest", "match-day"] as const;
export type MailList = (typeof MAIL_LISTS)[number];

export const MAIL_LIST_LABELS: Record<MailList, string> = {
  news: "Each news item when it is published",
  digest: "A weekly digest of fixtures and results",
  "match-day": "Match days: that morning's fixtures and each result at full time",
};

/** The lists' short names, for the Subscribers screen's table. */
export const MAIL_LIST_NAMES: Record<MailList, string> = {
  news: "News",
  digest: "Weekly digest",
  "match-day": "Match days",
};

/** The lists of a stored or posted list, in their order (an unknown name is dropped). */
export const listsOf = (given: readonly unknown[]): MailList[] =>
  MAIL_LISTS.filter((list) => given.includes(list));

export const SUBSCRIBER_STATUSES = ["confirmed", "waiting", "unsubscribed", "bouncing"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  confirmed: "Confirmed",
  waiting: "Waiting for confirmation",
  unsubscribed: "Unsubscribed",
  bouncing: "Bouncing",
};

/** rules §2 Subscribers: each list's addresses by state, and every address ("all") by state. */
export type SubscriberCounts = Record<MailList | "all", Record<SubscriberStatus, number>>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** rules §9, decisions 31: the confirmation link works once, for 48 hours. */
export const CONFIRM_TTL_MS = 48 * HOUR_MS;
/** rules §9: an address never confirmed is erased 48 hours after it was given. */
export const UNCONFIRMED_KEEP_MS = 48 * HOUR_MS;
/** rules §9: an address that unsubscribed is erased after 30 days. */
export const UNSUBSCRIBED_KEEP_MS = 30 * DAY_MS;

/**
 * rules §12, decisions 31: asking to subscribe is limited per address given and per visitor's
 * address, in the same window; a refused ask gets the same answer as any other.
 */
export const SUBSCRIBE_LIMITS = { windowMs: HOUR_MS, perEmail: 3, perAddress: 10 } as const;

/** rules §2 Following by e-mail: the one answer to every ask, subscribed already or not. */
export const SUBSCRIBE_ANSWER = {
  title: "Please check your e-mail",
  text: "If the address can receive our e-mail, a message with a link is on its way. Follow the link within 48 hours to start receiving our e-mails. Nothing is sent before.",
} as const;

/** ADR 032: a claimed message is someone's for this long; a worker that died leaves it due again. */
export const CLAIM_LEASE_MS = 10 * 60 * 1000;
/** ADR 032: a temporary refusal is tried again this many times before the message is given up. */
export const MAX_ATTEMPTS = 8;

/**
 * ADR 032: after the `attempts`th temporary refusal, wait 1, 2, 4 … minutes (at most 6 hours)
 * before trying again.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * HOUR_MS);
}

export type SendFailure = "temporary" | "permanent";

/**
 * ADR 032: an SMTP reply of 5xx is permanent (the address is marked bouncing, never tried
 * again); 4xx, or no reply at all (a connection refused or timed out), is temporary.
 */
export function classifySendError(error: unknown): SendFailure {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600 ? "permanent" : "temporary";
}

/** ADR 032: how far apart two messages go out at MAIL_PER_MINUTE. */
export const sendSpacingMs = (perMinute: number): number => 60_000 / perMinute;

/** The club's wall clock at an instant: its day 'yyyy-MM-dd', hour and weekday (1 = Monday). */
export interface WallClock {
  day: string;
  hour: number;
  weekday: number;
}

/** rules §2 Following by e-mail: digest and match-day mails leave at 08:00 club time. */
export const MORNING_HOUR = 8;

/**
 * rules §2 Following by e-mail: which scheduled items are due at this wall clock. The match-day
 * mail of a day with fixtures from 08:00 that day; the weekly digest from Monday 08:00 (its
 * key is that Monday). Asked again later that day, the same keys come back: the queue's key per
 * subscriber and item makes the second ask a no-op.
 */
export function scheduledItemsDue({
  clock,
  hasFixturesToday,
}: {
  clock: WallClock;
  hasFixturesToday: boolean;
}): string[] {
  if (clock.hour < MORNING_HOUR) return [];
  const due: string[] = [];
  if (clock.weekday === 1) due.push(`digest:${clock.day}`);
  if (hasFixturesToday) due.push(`match-day:${clock.day}`);
  return due;
}

/** ADR 032: the list an item's key goes to ("news:…" → news). */
export function listOfItem(itemKey: string): MailList | null {
  const kind = itemKey.slice(0, itemKey.indexOf(":"));
  if (kind === "news") return "news";
  if (kind === "digest") return "digest";
  if (kind === "match-day" || kind === "result") return "match-day";
  return null;
}

/** One CSV field (RFC 4180), safe to open in a spreadsheet: no formula runs from it. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** rules §2 Subscribers: the export for the club's records, one line per address. */
export function subscribersCsv(
  rows: {
    email: string;
    status: string;
    lists: readonly string[];
    createdAt: Date;
    confirmedAt: Date | null;
    unsubscribedAt: Date | null;
  }[],
): string {
  const lines = [["email", "status", "lists", "subscribed", "confirmed", "unsubscribed"]];
  for (const row of rows) {
    lines.push([
      row.email,
      row.status,
      row.lists.join(" "),
      row.createdAt.toISOString(),
      row.confirmedAt?.toISOString() ?? "",
      row.unsubscribedAt?.toISOString() ?? "",
    ]);
  }
  return `${lines.map((line) => line.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/**
 * rules §2 Following by e-mail: a result saved for a match that kicked off within the last
 * day is e-mailed to the match-day list ("at full time"); a result typed in long after (an
 * old match, an import) is not.
 */
export function isFullTimeNews({ kickOff, now }: { kickOff: Date | null; now: Date }): boolean {
  if (!kickOff) return false;
  const age = now.getTime() - kickOff.getTime();
  return age >= -6 * HOUR_MS && age <= DAY_MS;
}
