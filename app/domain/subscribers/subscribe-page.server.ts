import { isHoneypotFilled } from "../contact/rules.ts";
import { mailConfigured } from "../mail/mail.server.ts";
import { listsOf, type MailList } from "./rules.ts";
import { formValues, preferencesSchema, subscribeSchema } from "./subscribers.schema.ts";
import {
  confirmSubscription,
  getSubscriberByKey,
  requestSubscription,
  type SubscriberView,
  unsubscribe,
  updatePreferences,
} from "./subscribers.server.ts";

// The pages of following by e-mail (ADR 022 page models; rules §2 Following by e-mail): what
// each shows, and what each accepts, as plain data; the routes turn it into HTTP.

/** /subscribe: there only when the site sends e-mail; `email` from the footer's short form. */
export function subscribePage({ email }: { email: string | null }) {
  if (!mailConfigured()) return { status: "not-found" as const };
  return { status: "ok" as const, email: (email ?? "").slice(0, 254) };
}

export type SubscribeSubmission =
  | { status: "not-found" }
  | { status: "answered" }
  | { status: "limited" }
  | {
      status: "refused";
      reply: { email: string; lists: MailList[]; errors: { email?: string; lists?: string } };
    };

/**
 * rules §2 Following by e-mail, decisions 31: a filled honeypot is answered like any other
 * ask (and sends nothing); an invalid form says what to fix; a valid one is asked for.
 */
export async function submitSubscribe({
  formData,
  clientAddress,
}: {
  formData: FormData;
  clientAddress: string;
}): Promise<SubscribeSubmission> {
  if (!mailConfigured()) return { status: "not-found" };
  const values = formValues(formData);
  const parsed = subscribeSchema.safeParse(values);
  if (!parsed.success) {
    const errors: { email?: string; lists?: string } = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "email" || field === "lists") && !errors[field]) errors[field] = issue.message;
    }
    const email = typeof values.email === "string" ? values.email.slice(0, 254) : "";
    return {
      status: "refused",
      reply: { email, lists: listsOf(formData.getAll("lists")), errors },
    };
  }
  if (isHoneypotFilled(parsed.data.website)) return { status: "answered" };
  return requestSubscription({ email: parsed.data.email, lists: parsed.data.lists, clientAddress });
}

/** /subscribe/confirm/:token: confirms once, and gives the preferences link's key. */
export async function confirmPage({ token }: { token: string }) {
  const outcome = await confirmSubscription({ token });
  return outcome.ok
    ? { confirmed: true as const, key: outcome.key }
    : { confirmed: false as const };
}

/** /subscribe/preferences/:key and /subscribe/unsubscribe/:key: the address and its lists. */
export async function preferencesPage({ key }: { key: string }): Promise<SubscriberView | null> {
  const subscriber = await getSubscriberByKey({ key });
  return subscriber && subscriber.status !== "waiting" ? subscriber : null;
}

export type PreferencesSubmission =
  | { status: "not-found" }
  | { status: "saved" }
  | { status: "unsubscribed" }
  | { status: "refused"; error: string };

/** What the preferences page accepts: new lists, or leaving every list. */
export async function submitPreferences({
  key,
  formData,
}: {
  key: string;
  formData: FormData;
}): Promise<PreferencesSubmission> {
  const parsed = preferencesSchema.safeParse(formValues(formData));
  if (!parsed.success) {
    const message = parsed.error.issues.find((issue) => issue.path[0] === "lists")?.message;
    return message ? { status: "refused", error: message } : { status: "not-found" };
  }
  if (parsed.data.intent === "unsubscribe") {
    return (await unsubscribe({ key })) ? { status: "unsubscribed" } : { status: "not-found" };
  }
  return (await updatePreferences({ key, lists: parsed.data.lists }))
    ? { status: "saved" }
    : { status: "not-found" };
}

/** RFC 8058 one-click: any POST to the link unsubscribes, whatever its body. */
export async function oneClickUnsubscribe({ key }: { key: string }): Promise<boolean> {
  return unsubscribe({ key });
}
