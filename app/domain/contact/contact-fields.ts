// The contact form's field rules (rules §5 Contact form, decisions 3, 18), without Zod: the
// contact page checks fields as the visitor types with these, and contact.schema.ts runs the
// very same rules on the server. Zod and its form adapter would add about 34 KB (gzip) to a
// public page, a quarter of its JavaScript budget (rules §11).

/** rules §5 Contact form: the limits of each field, mirrored by the inputs' native attributes. */
export const CONTACT_FIELD_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  messageMin: 10,
  messageMax: 5000,
} as const;

export const CONTACT_FIELD_MESSAGES = {
  nameRequired: "Please enter your name.",
  nameTooLong: `Please keep your name under ${CONTACT_FIELD_LIMITS.nameMax} characters.`,
  emailRequired: "Please enter your e-mail address.",
  emailInvalid: "Please enter a valid e-mail address, like name@example.com.",
  messageRequired: "Please write your message.",
  messageTooShort: `Please write at least ${CONTACT_FIELD_LIMITS.messageMin} characters, so we know how to help.`,
  messageTooLong: `Please keep your message under ${CONTACT_FIELD_LIMITS.messageMax} characters.`,
} as const;

import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "../forms/control-characters.ts";

export interface ContactFields {
  name: string;
  email: string;
  message: string;
}

export type ContactFieldErrors = Partial<Record<keyof ContactFields, string>>;

// The address pattern Zod's z.email() uses (its default, "html5-like but stricter").
const EMAIL =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The fields as stored: trimmed, and a message's line breaks as \n whatever the browser sent. */
export function normaliseContact(raw: {
  name?: unknown;
  email?: unknown;
  message?: unknown;
}): ContactFields {
  return {
    name: text(raw.name).trim(),
    email: text(raw.email).trim(),
    message: text(raw.message).replace(/\r\n?/g, "\n").trim(),
  };
}

/** One message per field that breaks a rule (rules §5: all three are required). */
export function contactFieldErrors(fields: ContactFields): ContactFieldErrors {
  const M = CONTACT_FIELD_MESSAGES;
  const L = CONTACT_FIELD_LIMITS;
  const errors: ContactFieldErrors = {};
  if (!fields.name) errors.name = M.nameRequired;
  else if (hasControlCharacters(fields.name)) errors.name = CONTROL_CHARACTERS_MESSAGE;
  else if (fields.name.length > L.nameMax) errors.name = M.nameTooLong;
  if (!fields.email) errors.email = M.emailRequired;
  else if (hasControlCharacters(fields.email)) errors.email = CONTROL_CHARACTERS_MESSAGE;
  else if (fields.email.length > L.emailMax || !EMAIL.test(fields.email))
    errors.email = M.emailInvalid;
  if (!fields.message) errors.message = M.messageRequired;
  else if (hasControlCharacters(fields.message, { multiline: true }))
    errors.message = CONTROL_CHARACTERS_MESSAGE;
  else if (fields.message.length < L.messageMin) errors.message = M.messageTooShort;
  else if (fields.message.length > L.messageMax) errors.message = M.messageTooLong;
  return errors;
}

/** The form's three fields, in the order the form shows them. */
export const CONTACT_FIELDS = ["name", "email", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * rules §5 Contact form: the server's answer to a refused message: a message per field or one
 * for the whole form, and what was typed (only the form's three fields, within their limits)
 * to fill it in again.
 */
export interface ContactReply {
  fieldErrors: ContactFieldErrors;
  formError?: string;
  values: ContactFields;
}

/**
 * rules §5 Contact form, Come and try form: the server's answer to a refused public form: a
 * message per field or one for the whole form, and what was typed (only the form's own
 * fields, within their limits) to fill it in again.
 */
export interface GuardedReply<Field extends string> {
  fieldErrors: Partial<Record<Field, string>>;
  formError?: string;
  values: Record<Field, string>;
}
