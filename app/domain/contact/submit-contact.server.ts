import { getClub } from "../club/club.server.ts";
import { withoutControlCharacters } from "../forms/control-characters.ts";
import { contactSchema } from "./contact.schema.ts";
import {
  countContactAttempt,
  forwardContactMessage,
  submitContactMessage,
} from "./contact.server.ts";
import {
  CONTACT_FIELD_LIMITS,
  CONTACT_FIELDS,
  type ContactFieldErrors,
  type ContactFields,
  type ContactReply,
} from "./contact-fields.ts";
import { CONTACT_RATE_LIMIT, isHoneypotFilled, rateLimitMessage, spamMessage } from "./rules.ts";

// What the contact page accepts (ADR 022): one posted form, checked, stored and forwarded.

/** What was typed, only the form's three fields and within their limits, to fill it in again. */
function typedValues(formData: FormData): ContactFields {
  const value = (name: (typeof CONTACT_FIELDS)[number], max: number) => {
    const entry = formData.get(name);
    // Given back to fill the form in again: never a control character (rules §12), which the
    // schema refuses anyway.
    return typeof entry === "string"
      ? withoutControlCharacters(entry.slice(0, max), { multiline: name === "message" })
      : "";
  };
  return {
    name: value("name", CONTACT_FIELD_LIMITS.nameMax),
    email: value("email", CONTACT_FIELD_LIMITS.emailMax),
    message: value("message", CONTACT_FIELD_LIMITS.messageMax),
  };
}

type ContactSubmission =
  | { status: "sent" }
  | { status: "refused"; reply: ContactReply }
  /** Too many messages from this address: try again after `retryAfterSeconds`. */
  | { status: "rate-limited"; reply: ContactReply; retryAfterSeconds: number };

/**
 * rules §5 Contact form, decisions 3, 18: validate, refuse spam, store, forward by e-mail. A
 * refused form counts against the sender's limit too. The message is stored before it is
 * forwarded, and forwarding runs on its own: it never fails the submission.
 */
export async function submitContact({
  formData,
  clientAddress,
}: {
  formData: FormData;
  /** The sender's address, as the host worked it out (TRUST_PROXY). */
  clientAddress: string;
}): Promise<ContactSubmission> {
  const values = typedValues(formData);
  const clubEmail = (await getClub()).details.email;
  const rateLimited = (): ContactSubmission => ({
    status: "rate-limited",
    reply: { fieldErrors: {}, formError: rateLimitMessage(clubEmail), values },
    retryAfterSeconds: CONTACT_RATE_LIMIT.windowMs / 1000,
  });
  const parsed = contactSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success || isHoneypotFilled(parsed.data.website)) {
    if (!(await countContactAttempt({ clientAddress }))) return rateLimited();
  }
  if (!parsed.success) {
    const fieldErrors: ContactFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = CONTACT_FIELDS.find((name) => name === issue.path[0]);
      if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return { status: "refused", reply: { fieldErrors, values } };
  }
  const { website, ...message } = parsed.data;
  if (isHoneypotFilled(website)) {
    return {
      status: "refused",
      reply: { fieldErrors: {}, formError: spamMessage(clubEmail), values },
    };
  }
  const outcome = await submitContactMessage({ message, clientAddress });
  if (outcome.status === "rate-limited") return rateLimited();
  void forwardContactMessage({ message, id: outcome.id });
  return { status: "sent" };
}
