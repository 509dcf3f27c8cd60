import { z } from "zod";

// The contact form (SPEC §5 Contact form, DECISIONS 3, 18): one schema for the browser
// (Conform) and the server action. The messages are shown next to each field.

/** Issue 3 §7: the limits of each field, mirrored by the inputs' native attributes. */
export const CONTACT_FIELD_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  messageMin: 10,
  messageMax: 5000,
} as const;

const NAME_REQUIRED = "Please enter your name.";
const EMAIL_REQUIRED = "Please enter your e-mail address.";
const EMAIL_INVALID = "Please enter a valid e-mail address, like name@example.com.";
const MESSAGE_REQUIRED = "Please write your message.";

export const contactSchema = z.object({
  name: z
    .string({ error: NAME_REQUIRED })
    .trim()
    .min(1, NAME_REQUIRED)
    .max(
      CONTACT_FIELD_LIMITS.nameMax,
      `Please keep your name under ${CONTACT_FIELD_LIMITS.nameMax} characters.`,
    ),
  email: z
    .string({ error: EMAIL_REQUIRED })
    .trim()
    .min(1, EMAIL_REQUIRED)
    .max(CONTACT_FIELD_LIMITS.emailMax, EMAIL_INVALID)
    .pipe(z.email(EMAIL_INVALID)),
  message: z
    .string({ error: MESSAGE_REQUIRED })
    // Browsers send a textarea's line breaks as CRLF without JavaScript: store them as \n.
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    .pipe(
      z
        .string()
        .trim()
        .min(1, MESSAGE_REQUIRED)
        .min(
          CONTACT_FIELD_LIMITS.messageMin,
          `Please write at least ${CONTACT_FIELD_LIMITS.messageMin} characters, so we know how to help.`,
        )
        .max(
          CONTACT_FIELD_LIMITS.messageMax,
          `Please keep your message under ${CONTACT_FIELD_LIMITS.messageMax} characters.`,
        ),
    ),
  /** The honeypot: hidden from people, filled in by bots (see rules.ts). */
  website: z.string().optional(),
});

export type ContactInput = z.infer<typeof contactSchema>;
/** A message as stored: the honeypot is not part of it. */
export type ContactMessageInput = Omit<ContactInput, "website">;
