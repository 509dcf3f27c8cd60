import { getClub } from "../club/club.server.ts";
import { comeAndTrySchema } from "./come-and-try.schema.ts";
import { ENQUIRY_FIELDS, ENQUIRY_LIMITS, type EnquiryField } from "./come-and-try.ts";
import { forwardContactMessage, submitContactMessage } from "./contact.server.ts";
import { type GuardedSubmission, guardedSubmission, typedValues } from "./guard.server.ts";

// What "Come and try" accepts (ADR 022, ADR 031): an enquiry, behind the contact form's spam
// guard (guard.server.ts), stored in the inbox marked "Come and try" and forwarded by e-mail
// when SMTP is configured.

/** rules §5 Come and try form, decisions 18: validate, refuse spam, store, forward. */
export async function submitComeAndTry({
  formData,
  clientAddress,
}: {
  formData: FormData;
  clientAddress: string;
}): Promise<GuardedSubmission<EnquiryField>> {
  return guardedSubmission({
    formData,
    clientAddress,
    schema: comeAndTrySchema,
    fields: ENQUIRY_FIELDS,
    values: typedValues({ formData, limits: ENQUIRY_LIMITS }),
    clubEmail: (await getClub()).details.email,
    store: (message) => submitContactMessage({ message, clientAddress, kind: "come-and-try" }),
    forward: (message, id) => forwardContactMessage({ message, id, kind: "come-and-try" }),
  });
}
