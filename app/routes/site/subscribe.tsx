import { data } from "react-router";
import { pageMeta } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { SubscribeForm } from "../../components/site/subscribe/subscribe-form.tsx";
import { SubscribeAnswer } from "../../components/site/subscribe/subscription-pages.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { submitSubscribe, subscribePage } from "../../domain/subscribers/subscribe-page.server.ts";
import { clientAddressContext } from "../../request-context.server.ts";
import type { Route } from "./+types/subscribe";

// rules §2 Following by e-mail: the full subscribe form, and the one answer to every ask.

export const meta: Route.MetaFunction = ({ matches }) => {
  const club = clubFromMatches(matches);
  return pageMeta({
    club,
    title: "Follow the club by e-mail",
    description: `News, fixtures and results from ${club.name} by e-mail.`,
    path: "/subscribe",
  });
};

// The address given in the footer fills the form in: such a page is never kept or shared by a
// cache (the page cache keys pages without this parameter, ADR 025).
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export function loader({ request }: Route.LoaderArgs) {
  const page = subscribePage({ email: new URL(request.url).searchParams.get("email") });
  if (page.status === "not-found") throw data(null, { status: 404 });
  return page;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await submitSubscribe({
    formData: await request.formData(),
    clientAddress: context.get(clientAddressContext),
  });
  if (submission.status === "not-found") throw data(null, { status: 404 });
  if (submission.status === "refused") return data({ ...submission }, { status: 400 });
  if (submission.status === "limited") {
    return data(
      {
        status: "refused" as const,
        reply: {
          email: "",
          lists: [],
          errors: { form: "Too many requests from your connection. Please try again in an hour." },
        },
      },
      { status: 429, headers: { "Retry-After": "3600" } },
    );
  }
  return { status: "answered" as const };
}

export default function Subscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.status === "answered") return <SubscribeAnswer />;
  return (
    <div className="bg-white">
      <div className="mx-auto max-w-3xl px-5 py-16 sm:px-8">
        <SubscribeForm
          headingLevel={1}
          initialEmail={loaderData.email}
          reply={actionData?.status === "refused" ? actionData.reply : undefined}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
