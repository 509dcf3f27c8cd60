import { data, Link, redirect } from "react-router";
import { MediaImage } from "../../components/site/media-image.tsx";
import { MatchResult } from "../../components/site/news-item/match-result.tsx";
import { MoreNews } from "../../components/site/news-item/more-news.tsx";
import { ArrowLeftIcon } from "../../components/site/page-icons/arrow-left.tsx";
import { CalendarIcon } from "../../components/site/page-icons/calendar.tsx";
import { pageMeta, SHARE_IMAGE } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { JsonLd } from "../../components/ui/json-ld.tsx";
import { newsItemPage } from "../../domain/news/news-item-page.server.ts";
import {
  contentParagraphs,
  newsArticleJsonLd,
  newsExcerpt,
  shareImageOf,
} from "../../domain/news/rules.ts";
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
    path: `/news/${item.id}`,
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

export default function NewsDetail({ loaderData }: Route.ComponentProps) {
  const club = useClub();
  const { item, more, match } = loaderData;
  return (
    <>
      <JsonLd
        data={newsArticleJsonLd({
          item,
          origin: club.url,
          clubName: club.name,
          logoPath: "/icon-512.png",
          fallbackImagePath: SHARE_IMAGE.path,
        })}
      />
      <article aria-labelledby="news-title" className="wrap-anywhere">
        <header className="relative overflow-hidden bg-club text-club-contrast">
          <div aria-hidden="true" className="hero-stripes absolute inset-0" />
          <div
            className={`relative mx-auto max-w-4xl px-5 pt-8 sm:px-8 sm:pt-12 ${item.image ? "pb-28 sm:pb-40" : "pb-14 sm:pb-20"}`}
          >
            <Link
              to="/news"
              className="inline-flex min-h-11 items-center gap-2 font-semibold text-white/90 underline-offset-4 hover:text-white hover:underline"
            >
              <ArrowLeftIcon className="size-5" />
              All news
            </Link>
            {item.category ? (
              <p className="mt-6">
                <span className="rounded bg-accent px-2.5 py-1 font-display text-sm font-bold uppercase tracking-wide text-accent-contrast">
                  {item.category}
                </span>
              </p>
            ) : null}
            <h1
              id="news-title"
              className="mt-4 font-display text-4xl font-extrabold uppercase leading-[0.95] wrap-anywhere sm:text-6xl"
            >
              {item.title}
            </h1>
            <p className="mt-5 flex items-center gap-2 font-medium text-white/90">
              <CalendarIcon className="size-5 text-accent" />
              {item.date ? (
                <time dateTime={item.date.toISOString()}>{item.dateText}</time>
              ) : (
                item.dateText
              )}
            </p>
          </div>
        </header>
        <div className="bg-white">
          <div className="mx-auto max-w-4xl px-5 pb-16 sm:px-8 sm:pb-24">
            {item.image ? (
              // The page's largest image: fetched first (decisions 23).
              <MediaImage
                src={item.image}
                alt={item.imageAlt ?? ""}
                width={1200}
                height={675}
                sizes="(min-width: 56rem) 52rem, calc(100vw - 2.5rem)"
                fetchPriority="high"
                className="relative -mt-20 aspect-video w-full rounded-2xl bg-club object-cover shadow-2xl ring-1 ring-slate-200 sm:-mt-32"
              />
            ) : null}
            {match ? (
              <MatchResult match={match} teamName={club.teamName} hasImage={Boolean(item.image)} />
            ) : null}
            <div
              className={`prose-club ${item.image || match ? "mt-10 sm:mt-14" : "pt-10 sm:pt-14"}`}
            >
              {contentParagraphs(item.content).map((paragraph, index) => (
                <p
                  // The paragraphs of one text never move: their position is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  key={index}
                  className="whitespace-pre-line wrap-anywhere first:mt-0 first:text-xl first:text-slate-800"
                >
                  {paragraph}
                </p>
              ))}
            </div>
            <p className="mt-12 border-t border-slate-200 pt-8">
              <Link to="/news" className="button-secondary">
                <ArrowLeftIcon className="size-5" />
                Back to News
              </Link>
            </p>
          </div>
        </div>
      </article>
      {more.length > 0 ? <MoreNews news={more} /> : null}
    </>
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
