import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import {
  LinkNotValid,
  UnsubscribePage,
} from "../../components/site/subscribe/subscription-pages.tsx";
import {
  oneClickUnsubscribe,
  preferencesPage,
} from "../../domain/subscribers/subscribe-page.server.ts";
import type { Route } from "./+types/subscribe-unsubscribe";

// RFC 8058, rules §2 Following by e-mail: the List-Unsubscribe address. A POST unsubscribes at
// once, whatever its body and wherever it comes from (server/same-origin.ts lets it through:
// the key is the permission); a GET (a link scanner, a person) only shows the button.

export const meta: Route.MetaFunction = () => [
  { title: "Unsubscribe" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ params }: Route.LoaderArgs) {
  return { known: (await preferencesPage({ key: params.key })) !== null };
}

export async function action({ params }: Route.ActionArgs) {
  return { done: await oneClickUnsubscribe({ key: params.key }) };
}

export default function SubscribeUnsubscribe({
  params,
  loaderData,
  actionData,
}: Route.ComponentProps) {
  if (!loaderData.known && !actionData?.done) return <LinkNotValid />;
  return (
    <UnsubscribePage
      done={actionData?.done === true}
      preferences={`/subscribe/preferences/${params.key}`}
    />
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
