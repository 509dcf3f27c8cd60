import type { Transporter } from "nodemailer";
import { loadEnv } from "../../config/env.server.ts";
import { db } from "../../db/database.server.ts";
import { contactMessages } from "../../db/schema.ts";
import { logger } from "../../logger.server.ts";
import { getClub } from "../club/club.server.ts";
import { transportFromEnvironment } from "../mail/mail.server.ts";
import { reserveHits } from "../rate-limit/rate-limit.server.ts";
import type { ContactMessageInput } from "./contact.schema.ts";
import { CONTACT_RATE_LIMIT, forwardedMail, type MessageKind } from "./rules.ts";

// The public side of the contact form (decisions 18): store the message, limit how often one
// address may send, and forward a copy by e-mail when SMTP is configured. The inbox that
// lists the messages for administrators is messages.server.ts.

export type SubmitOutcome = { status: "stored"; id: string } | { status: "rate-limited" };

/**
 * Stores a valid message unless its sender's address has reached the limit (rules §4 Contact messages).
 * The counter lives in the database, so every server process shares it.
 */
export async function submitContactMessage({
  message,
  clientAddress,
  kind = "contact",
}: {
  message: ContactMessageInput;
  clientAddress: string;
  /** Which form sent it (ADR 031): the inbox marks a "Come and try" enquiry. */
  kind?: MessageKind;
}): Promise<SubmitOutcome> {
  if (!(await countContactAttempt({ clientAddress }))) return { status: "rate-limited" };
  const [row] = await db()
    .insert(contactMessages)
    .values({ name: message.name, email: message.email, message: message.message, kind })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("The contact message was not stored.");
  return { status: "stored", id: row.id };
}

/**
 * Counts one post of the contact form against its sender's limit, whether it is stored or
 * refused (rules §12: invalid forms count too). False when the limit was already reached.
 */
export async function countContactAttempt({
  clientAddress,
}: {
  clientAddress: string;
}): Promise<boolean> {
  const reservation = await reserveHits([
    {
      bucket: "contact",
      key: clientAddress,
      windowMs: CONTACT_RATE_LIMIT.windowMs,
      limit: CONTACT_RATE_LIMIT.maxMessages,
    },
  ]);
  return reservation.allowed;
}

export type ForwardOutcome = "sent" | "skipped" | "failed";

/**
 * Forwards a stored message to the club by e-mail (rules §4 Contact messages). Never throws: the message is
 * already stored and listed for administrators, so a failure to send loses nothing; it is
 * logged without the message's content. `transport` is for tests; by default SMTP_URL.
 */
export async function forwardContactMessage({
  message,
  id,
  kind = "contact",
  transport = transportFromEnvironment(),
}: {
  message: ContactMessageInput;
  id: string;
  kind?: MessageKind;
  transport?: Transporter | null;
}): Promise<ForwardOutcome> {
  if (!transport) return "skipped";
  const env = loadEnv();
  try {
    const { details: club } = await getClub();
    const to = env.CONTACT_TO ?? club.email;
    await transport.sendMail(forwardedMail({ club, message, kind, to, from: env.SMTP_FROM ?? to }));
    return "sent";
  } catch (error) {
    logger().error(
      { err: error, contactMessageId: id },
      "contact message: forwarding by e-mail failed; it is stored",
    );
    return "failed";
  }
}
