import type { ContactMessageInput } from "./contact.schema.ts";

// Pure rules of the contact form (no I/O).

/** decisions 18, rules §4 Contact messages: at most this many messages per sender address per hour. */
export const CONTACT_RATE_LIMIT = { maxMessages: 5, windowMs: 60 * 60 * 1000 } as const;

/**
 * The privacy policy's promise (app/domain/pages/legal-defaults.ts, ADR 051): a contact
 * message or "Come and try" enquiry is kept no longer than this many months.
 */
export const MESSAGE_KEEP_MONTHS = 12;

/** ADR 051: messages sent before this instant are erased (calendar months, in UTC). */
export function messagesErasedBefore(now: Date): Date {
  const cutoff = new Date(now.getTime());
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - MESSAGE_KEEP_MONTHS);
  // The same day of the month, or the month's last day when it has fewer (29 February).
  const lastDay = new Date(
    Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0),
  ).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

/** decisions 18: the honeypot field; people never see it, so any value means a bot. */
export const HONEYPOT_FIELD = "website";

/** decisions 18: a submission with the honeypot filled in is spam. */
export function isHoneypotFilled(value: string | null | undefined): boolean {
  return typeof value === "string" && value.trim() !== "";
}

/** decisions 18: what a sender whose honeypot was filled in is told (nothing is stored). */
export const spamMessage = (clubEmail: string) =>
  `Your message was not sent because it looked like automated spam. If you are a person, please leave the field marked 'Leave this field empty' blank, or e-mail us at ${clubEmail}.`;

/** rules §4 Contact messages: what a sender over the rate limit is told (HTTP 429, nothing is stored). */
export const rateLimitMessage = (clubEmail: string) =>
  `You have sent several messages in the last hour, so this one was not sent. Please try again later, or e-mail us at ${clubEmail}.`;

/** rules §4 Contact messages: the clear confirmation after a message is stored. */
export const CONFIRMATION = {
  title: "Thank you, your message has been sent.",
  text: "We read every message and will reply by e-mail as soon as we can, usually within a few days.",
} as const;

/** rules §4 Contact messages, decisions 18: the e-mail that forwards a stored message to the club. */
export function forwardedMail({
  club,
  message,
  kind = "contact",
  to,
  from,
}: {
  /** The club's details (Club details, ADR 013). */
  club: { shortName: string; url: string };
  message: ContactMessageInput;
  /** A "Come and try" enquiry (ADR 031) says so in its subject; its reply may be a phone number. */
  kind?: MessageKind;
  to: string;
  from: string;
}): { to: string; from: string; replyTo?: string; subject: string; text: string } {
  // Header fields never carry line breaks from visitor input.
  const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();
  const reply = oneLine(message.email);
  const byMail = isEmailAddress(reply);
  return {
    to,
    from: `"${club.shortName} website" <${from}>`,
    ...(byMail ? { replyTo: reply } : {}),
    subject:
      kind === "come-and-try"
        ? `Come and try: enquiry from ${oneLine(message.name)}`
        : `Website message from ${oneLine(message.name)}`,
    text: [
      `Name: ${oneLine(message.name)}`,
      `${byMail ? "E-mail" : "Reply to"}: ${reply}`,
      "",
      message.message,
      "",
      "--",
      kind === "come-and-try"
        ? `Sent with the Come and try form of ${club.url}.${byMail ? " Reply to this e-mail to answer the sender." : ""}`
        : `Sent with the contact form of ${club.url}. Reply to this e-mail to answer the sender.`,
    ].join("\n"),
  };
}

/** Which form an inbox message came from (ADR 031). */
export type MessageKind = "contact" | "come-and-try";

/** rules §2 Messages: the mark an inbox message carries for its form, or none. */
export const MESSAGE_KIND_MARKS: Record<MessageKind, string | null> = {
  contact: null,
  "come-and-try": "Come and try",
};

/** Whether a reply address is an e-mail address (else a phone number: a Come and try enquiry). */
function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** rules §2 Messages: the link that answers a message: mailto for an address, tel for a phone number. */
export function replyHref(reply: string): string {
  return isEmailAddress(reply) ? `mailto:${reply}` : `tel:${reply.replace(/[^\d+]/g, "")}`;
}
