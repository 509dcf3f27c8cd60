import { data } from "react-router";
import { NewsArticle } from "../../components/site/news-item/news-article.tsx";
import { PreviewBar } from "../../components/site/news-item/preview-bar.tsx";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { itemPage } from "../../domain/news/news-item-page.server.ts";
import { newsByPreviewToken } from "../../domain/news/news-preview.server.ts";
import { NEWS_STATUS_LABELS } from "../../domain/news/workflow.ts";
import type { Route } from "./+types/news-preview";

// A preview link (ADR 034): anyone with the link reads the unpublished item as it will look,
// under a "Preview" bar. Never kept by the page cache, the service worker or a proxy
// (private, no-store) and never indexed (noindex, here and in the page). A withdrawn, expired
// or unknown link answers 404 and says so.

const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: `${loaderData ? `Preview: ${loaderData.page.item.title}` : "Preview link not valid"} | ${clubFromMatches(matches).shortName}`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params }: Route.LoaderArgs) {
  const item = await newsByPreviewToken({ token: params.token });
  if (!item) throw data(null, { status: 404, headers: PRIVATE_HEADERS });
  return data(
    { page: await itemPage(item), status: NEWS_STATUS_LABELS[item.status] },
    { headers: PRIVATE_HEADERS },
  );
}

export default function NewsPreview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PreviewBar status={loaderData.status} />
      <NewsArticle page={loaderData.page} />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <SiteErrorBoundary
      notFoundCopy={{
        title: "Preview link not valid",
        message:
          "This preview link has expired or was withdrawn. Ask the person who shared it for a new one.",
        backTo: { to: "/news", label: "Back to News" },
      }}
    />
  );
}
