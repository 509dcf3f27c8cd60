import type { z } from "zod";
import { withoutControlCharacters } from "../forms/control-characters.ts";
import { countContactAttempt, type SubmitOutcome } from "./contact.server.ts";
import type { GuardedReply } from "./contact-fields.ts";
import { CONTACT_RATE_LIMIT, isHoneypotFilled, rateLimitMessage, spamMessage } from "./rules.ts";

// The spam guard of the public forms that write to the inbox (decisions 18, ADR 031): the
// contact form and "Come and try". In this order: Zod; a wrong form or a filled honeypot
// counts against the sender's limit (rules §12); field messages, or the spam refusal; the
// limit again when storing; the copy by e-mail on its own, which never fails the submission.

export type GuardedSubmission<Field extends string> =
  | { status: "sent" }
  | { status: "refused"; reply: GuardedReply<Field> }
  /** Too many messages from this address: try again after `retryAfterSeconds`. */
  | { status: "rate-limited"; reply: GuardedReply<Field>; retryAfterSeconds: number };

/** What was typed in the form's own fields, within their limits and without control characters. */
export function typedValues<Field extends string>({
  formData,
  limits,
  multiline = [],
}: {
  formData: FormData;
  /** Each field's most characters. */
  limits: Record<Field, number>;
  multiline?: readonly Field[];
}): Record<Field, string> {
  const values = {} as Record<Field, string>;
  for (const [name, max] of Object.entries(limits) as [Field, number][]) {
    const entry = formData.get(name);
    values[name] =
      typeof entry === "string"
        ? withoutControlCharacters(entry.slice(0, max), { multiline: multiline.includes(name) })
        : "";
  }
  return values;
}

/** decisions 18, rules §4 Contact messages: one public form's post, guarded, stored and forwarded. */
export async function guardedSubmission<
  Field extends string,
  Value extends { website?: string | undefined },
>({
  formData,
  clientAddress,
  schema,
  fields,
  values,
  clubEmail,
  store,
  forward,
}: {
  formData: FormData;
  clientAddress: string;
  schema: z.ZodType<Value>;
  /** The form's fields, in its order (an issue on another path is not shown by a field). */
  fields: readonly Field[];
  /** What was typed, to fill the form in again. */
  values: Record<Field, string>;
  /** Named in the refusals ("or e-mail us at …"). */
  clubEmail: string;
  /** Stores the message unless the sender's limit is reached (it counts this post). */
  store: (value: Omit<Value, "website">) => Promise<SubmitOutcome>;
  /** Sends the stored message's copy; never awaited. */
  forward: (value: Omit<Value, "website">, id: string) => Promise<unknown>;
}): Promise<GuardedSubmission<Field>> {
  const rateLimited = (): GuardedSubmission<Field> => ({
    status: "rate-limited",
    reply: { fieldErrors: {}, formError: rateLimitMessage(clubEmail), values },
    retryAfterSeconds: CONTACT_RATE_LIMIT.windowMs / 1000,
  });
  const parsed = schema.safeParse(Object.fromEntries(formData));
  if (!parsed.success || isHoneypotFilled(parsed.data.website)) {
    if (!(await countContactAttempt({ clientAddress }))) return rateLimited();
  }
  if (!parsed.success) {
    const fieldErrors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = fields.find((name) => name === issue.path[0]);
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
  const outcome = await store(message);
  if (outcome.status === "rate-limited") return rateLimited();
  void forward(message, outcome.id);
  return { status: "sent" };
}
