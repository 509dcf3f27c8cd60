import { data, redirect } from "react-router";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import {
  LinkNotValid,
  PreferencesForm,
} from "../../components/site/subscribe/subscription-pages.tsx";
import {
  preferencesPage,
  submitPreferences,
} from "../../domain/subscribers/subscribe-page.server.ts";
import type { Route } from "./+types/subscribe-preferences";

// rules §2 Following by e-mail: the preferences link of every e-mail (its key, no account).

export const meta: Route.MetaFunction = () => [
  { title: "Your e-mails from the club" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ params, request }: Route.LoaderArgs) {
  const subscriber = await preferencesPage({ key: params.key });
  return { subscriber, saved: new URL(request.url).searchParams.get("saved") === "1" };
}

export async function action({ params, request }: Route.ActionArgs) {
  const outcome = await submitPreferences({ key: params.key, formData: await request.formData() });
  if (outcome.status === "not-found") throw data(null, { status: 404 });
  if (outcome.status === "refused") return data({ error: outcome.error }, { status: 400 });
  return redirect(`/subscribe/preferences/${params.key}?saved=1`);
}

export default function SubscribePreferences({ loaderData, actionData }: Route.ComponentProps) {
  const { subscriber, saved } = loaderData;
  if (!subscriber) return <LinkNotValid />;
  return (
    <PreferencesForm
      email={subscriber.email}
      lists={subscriber.lists}
      unsubscribed={subscriber.status === "unsubscribed"}
      saved={saved}
      error={actionData?.error}
    />
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
