import { lazy } from "react";
import { data, redirect } from "react-router";
import { KeptPart } from "../../components/site/kept-html.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { newsItemPage } from "../../domain/news/news-item-page.server.ts";
import { newsPath } from "../../domain/news/paths.ts";
import { newsExcerpt, shareImageOf } from "../../domain/news/rules.ts";
import type { Route } from "./+types/news-detail";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const club = clubFromMatches(matches);
  if (!loaderData) {
    return [
      { title: `News item not found | ${club.shortName}` },
      { name: "robots", content: "noindex" },
    ];
  }
  const { item } = loaderData;
  const image = shareImageOf(item.image);
  return pageMeta({
    club,
    title: item.title,
    description: newsExcerpt(item.content),
    path: newsPath(item),
    image: image ? { src: image, alt: item.imageAlt ?? item.title } : null,
    article: { publishedTime: item.date, modifiedTime: item.updatedAt, section: item.category },
  });
};

// rules §2 News detail, decisions 16: the item's page model (ADR 022), a 301 to an imported
// old site's item here (ADR 009), or a real 404.
export async function loader({ params }: Route.LoaderArgs) {
  const answer = await newsItemPage({ id: params.id });
  if (answer.status === "moved") throw redirect(answer.to, 301);
  if (answer.status === "not-found") throw data(null, { status: 404 });
  return answer.page;
}

// ADR 044: the article only shows, so the browser keeps the server's HTML of it; its code comes
// to the browser only when a visitor opens an item by a link within the site.
const NewsArticle = lazy(() =>
  import("../../components/site/news-item/news-article.tsx").then((m) => ({
    default: m.NewsArticle,
  })),
);

export default function NewsDetail({ loaderData }: Route.ComponentProps) {
  return (
    <KeptPart
      name="news-article"
      version={loaderData.item.id}
      content={<NewsArticle page={loaderData} />}
    />
  );
}

export function ErrorBoundary() {
  return (
    <SiteErrorBoundary
      notFoundCopy={{
        title: "News item not found",
        message:
          "We couldn't find this news item. It may have been removed, or the address may be mistyped.",
        backTo: { to: "/news", label: "Back to News" },
      }}
    />
  );
}
