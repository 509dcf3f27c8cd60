import { z } from "zod";
import { MAIL_LISTS } from "./rules.ts";

// The forms of following by e-mail (rules §2 Following by e-mail,
// decisions 31): what a visitor posts to subscribe, what a subscriber posts to change their
// lists, what the Subscribers screen posts. One schema each, on the server (ADR 003); the
// public forms have no JavaScript of their own (ADR 008): the browser's own checks apply.

const SUBSCRIBE_EMAIL_MAX = 254;
const SUBSCRIBE_MESSAGES = {
  email: "Please enter a valid e-mail address, like name@example.com.",
  lists: "Please choose at least one kind of e-mail.",
} as const;

/** A checkbox group posts its name once per ticked box: always read as a list. */
const listsField = z
  .array(z.enum(MAIL_LISTS), { error: SUBSCRIBE_MESSAGES.lists })
  .min(1, SUBSCRIBE_MESSAGES.lists)
  .transform((lists) => [...new Set(lists)]);

export const subscribeSchema = z.object({
  email: z
    .string()
    .trim()
    .max(SUBSCRIBE_EMAIL_MAX, SUBSCRIBE_MESSAGES.email)
    .pipe(z.email(SUBSCRIBE_MESSAGES.email)),
  lists: listsField,
  /** The contact form's honeypot (decisions 18). */
  website: z.string().optional(),
});

export const preferencesSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), lists: listsField }),
  z.object({ intent: z.literal("unsubscribe") }),
]);

export const removeSubscriberSchema = z.object({
  email: z.string().trim().max(SUBSCRIBE_EMAIL_MAX).pipe(z.email(SUBSCRIBE_MESSAGES.email)),
});

/** A posted form as an object, with a checkbox group's values as one list. */
export function formValues(formData: FormData): Record<string, unknown> {
  const values: Record<string, unknown> = Object.fromEntries(formData);
  values.lists = formData.getAll("lists");
  return values;
}
