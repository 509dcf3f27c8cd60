import { recordActivity, recordedWrite } from "../activity/activity.server.ts";
import { mailConfigured, transportFromEnvironment } from "../mail/mail.server.ts";
import { queueNewsItem, queueResult, sendTestDigest } from "./queue.server.ts";
import { subscribersCsv } from "./rules.ts";
import {
  countSubscribers,
  listSubscribersForExport,
  removeSubscriber,
} from "./subscribers.server.ts";

// The Subscribers screen (rules §2 Subscribers, §6 Roles: Editors and Administrators): what it
// shows and does, each change recorded in Activity (ADR 021) without the address itself.

type Actor = { id: string; email: string };

export async function subscribersScreen() {
  return { counts: await countSubscribers(), mailEnabled: mailConfigured() };
}

/** The export for the club's records, recorded in Activity. */
export async function exportSubscribers({ actor }: { actor: Actor }): Promise<string> {
  const rows = await listSubscribersForExport();
  await recordActivity({ actor, screen: "subscribers", action: "export-subscribers" });
  return subscribersCsv(rows);
}

/** Erases an address and its queued mail (not hidden: gone). False when there was none. */
export async function eraseSubscriber({
  actor,
  email,
}: {
  actor: Actor;
  email: string;
}): Promise<boolean> {
  const removed = await recordedWrite(
    () => removeSubscriber({ email }),
    (row) => (row ? { actor, screen: "subscribers", action: "erase-subscriber" } : null),
  );
  return removed !== null;
}

/** The next digest, to the administrator's own address, now (rules §2 Subscribers). */
export async function sendMeTheNextDigest({
  actor,
}: {
  actor: Actor;
}): Promise<"sent" | "no-mail" | "failed"> {
  const transport = transportFromEnvironment();
  if (!transport) return "no-mail";
  try {
    await sendTestDigest({ to: actor.email, transport });
  } catch {
    return "failed";
  }
  await recordActivity({ actor, screen: "subscribers", action: "test-digest" });
  return "sent";
}

/**
 * rules §2 Manage News: a news item going public is queued for the news list in the caller's
 * transaction (the admin action's), and recorded in Activity when anyone gets it.
 */
export async function mailNewsItem({ id, title }: { id: string; title: string }): Promise<number> {
  if (!mailConfigured()) return 0;
  const queued = await queueNewsItem({ newsId: id });
  if (queued > 0) await recordActivity({ action: "mail", recordId: id, label: title });
  return queued;
}

/** rules §2 Manage News: "This will be e-mailed to N subscribers"; null without e-mail. */
export async function newsRecipients(): Promise<number | null> {
  return mailConfigured() ? (await countSubscribers()).news.confirmed : null;
}

/**
 * rules §2 Following by e-mail: a result saved at full time goes to the match-day list, in the
 * caller's transaction (saving it again sends nothing more: one message per subscriber and item).
 */
export async function mailResult(fixture: {
  id: string;
  date: Date | null;
  homeScore: number | null;
}): Promise<void> {
  if (mailConfigured()) await queueResult({ fixture });
}
