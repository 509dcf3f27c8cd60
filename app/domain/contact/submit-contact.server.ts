import { getClub } from "../club/club.server.ts";
import { contactSchema } from "./contact.schema.ts";
import { forwardContactMessage, submitContactMessage } from "./contact.server.ts";
import { CONTACT_FIELD_LIMITS, CONTACT_FIELDS, type ContactField } from "./contact-fields.ts";
import { type GuardedSubmission, guardedSubmission, typedValues } from "./guard.server.ts";

// What the contact page accepts (ADR 022): one posted form, checked, stored and forwarded,
// behind the public forms' spam guard (guard.server.ts).

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
}): Promise<GuardedSubmission<ContactField>> {
  return guardedSubmission({
    formData,
    clientAddress,
    schema: contactSchema,
    fields: CONTACT_FIELDS,
    values: typedValues<ContactField>({
      formData,
      limits: {
        name: CONTACT_FIELD_LIMITS.nameMax,
        email: CONTACT_FIELD_LIMITS.emailMax,
        message: CONTACT_FIELD_LIMITS.messageMax,
      },
      multiline: ["message"],
    }),
    clubEmail: (await getClub()).details.email,
    store: (message) => submitContactMessage({ message, clientAddress }),
    forward: (message, id) => forwardContactMessage({ message, id }),
  });
}
