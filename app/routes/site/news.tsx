import { data, Link, useNavigation } from "react-router";
import { NewsCard } from "../../components/site/news-card.tsx";
import { PageHero } from "../../components/site/page-hero.tsx";
import { RssIcon } from "../../components/site/page-icons/rss.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { SubscribeSection } from "../../components/site/subscribe/subscribe-section.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { Pagination } from "../../components/ui/pagination.tsx";
import { newsListPage } from "../../domain/news/news-page.server.ts";
import { newsPagePath } from "../../domain/news/rules.ts";
import { NEWS_FEED_PATH } from "../../domain/site/navigation.ts";
import type { Route } from "./+types/news";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const club = clubFromMatches(matches);
  if (!loaderData)
    return [
      { title: `Page not found | ${club.shortName}` },
      { name: "robots", content: "noindex" },
    ];
  const { page, pages } = loaderData;
  return pageMeta({
    club,
    title: page > 1 ? `News, page ${page} of ${pages}` : "News",
    description: `The latest news from ${club.name}: match reports, club news, sponsors and community.`,
    path: newsPagePath({ page }),
  });
};

// rules §2 News list: all news, newest first, a page at a time. A page number
// that is not a positive whole number, or past the last page, is not found (HTTP 404).
// rules §2 News: the page model (ADR 022); an unknown page is 404.
export async function loader({ request }: Route.LoaderArgs) {
  const page = await newsListPage({ page: new URL(request.url).searchParams.get("page") });
  if (!page) throw data(null, { status: 404 });
  return page;
}

export default function News({ loaderData }: Route.ComponentProps) {
  const club = useClub();
  const { page, pages, news } = loaderData;
  const navigation = useNavigation();
  const changingPage = navigation.state === "loading" && navigation.location?.pathname === "/news";
  return (
    <>
      <PageHero kicker="From the club" title="News">
        <p>Match reports, club news and everything happening around the {club.shortName}.</p>
        <p className="mt-4">
          <a
            href={NEWS_FEED_PATH}
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-white underline decoration-accent decoration-2 underline-offset-4 hover:decoration-white"
          >
            <RssIcon className="size-5 text-accent" />
            Follow with RSS
          </a>
        </p>
      </PageHero>
      <section aria-labelledby="news-list-title" className="bg-slate-100">
        <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8 sm:py-16">
          <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
            <h2 id="news-list-title" className="kicker text-club">
              {page === 1 ? "Latest stories" : "Older stories"}
            </h2>
            {pages > 1 ? (
              <p className="text-sm font-medium text-slate-600">{`Page ${page} of ${pages}`}</p>
            ) : null}
          </div>
          {news.length === 0 ? (
            <p className="mt-8 rounded-xl bg-white px-6 py-12 text-center text-lg text-slate-700 ring-1 ring-slate-200">
              No news available.
            </p>
          ) : (
            <ul
              aria-busy={changingPage}
              className={`mt-8 grid gap-6 md:grid-cols-2 md:gap-8 transition-opacity ${changingPage ? "opacity-60" : ""}`}
            >
              {news.map((item, index) => (
                <li key={item.id} className="flex">
                  <NewsCard
                    item={item}
                    dateText={item.age}
                    clamp={2}
                    headingLevel={3}
                    eager={index < 2}
                  />
                </li>
              ))}
            </ul>
          )}
          <div className="mt-12">
            <Pagination
              page={page}
              pages={pages}
              hrefFor={(n) => newsPagePath({ page: n })}
              label="News pages"
            />
          </div>
          {page > 1 ? (
            <p className="mt-8 text-center">
              <Link
                to="/news"
                className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4 hover:no-underline"
              >
                Back to the latest news
              </Link>
            </p>
          ) : null}
        </div>
      </section>
      <SubscribeSection />
    </>
  );
}

export function ErrorBoundary() {
  return (
    <SiteErrorBoundary
      notFoundCopy={{
        title: "Page not found",
        message:
          "There is no such page of news. The list may have become shorter since the link was made.",
        backTo: { to: "/news", label: "Back to News" },
      }}
    />
  );
}
