import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { Confirmed, LinkNotValid } from "../../components/site/subscribe/subscription-pages.tsx";
import { confirmPage } from "../../domain/subscribers/subscribe-page.server.ts";
import type { Route } from "./+types/subscribe-confirm";

// decisions 31: the confirmation link of double opt-in (once, 48 hours). Never kept by a cache.

export const meta: Route.MetaFunction = () => [
  { title: "Confirm your subscription" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ params }: Route.LoaderArgs) {
  return confirmPage({ token: params.token });
}

export default function SubscribeConfirm({ loaderData }: Route.ComponentProps) {
  return loaderData.confirmed ? (
    <Confirmed preferences={`/subscribe/preferences/${loaderData.key}`} />
  ) : (
    <LinkNotValid />
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
