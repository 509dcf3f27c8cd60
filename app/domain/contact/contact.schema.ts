import { z } from "zod";
import { contactFieldErrors, normaliseContact } from "./contact-fields.ts";

// The contact form on the server (rules §5 Contact form, decisions 3, 18): Zod checks the
// shape and applies the field rules of contact-fields.ts, the same rules the page checks
// while the visitor types. The messages are shown next to each field.

export { CONTACT_FIELD_LIMITS } from "./contact-fields.ts";

export const contactSchema = z
  .object({
    name: z.string().optional(),
    email: z.string().optional(),
    message: z.string().optional(),
    /** The honeypot: hidden from people, filled in by bots (see rules.ts). */
    website: z.string().optional(),
  })
  .transform(({ website, ...raw }, context) => {
    const fields = normaliseContact(raw);
    const errors = Object.entries(contactFieldErrors(fields));
    for (const [field, message] of errors) {
      context.issues.push({ code: "custom", path: [field], message, input: raw });
    }
    return errors.length > 0 ? z.NEVER : { ...fields, website };
  });

type ContactInput = z.infer<typeof contactSchema>;
/** A message as stored: the honeypot is not part of it. */
export type ContactMessageInput = Omit<ContactInput, "website">;
