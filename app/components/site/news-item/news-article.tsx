import type { ComponentProps } from "react";
import { Link } from "react-router";
import { contentParagraphs, newsArticleJsonLd } from "../../../domain/news/rules.ts";
import { JsonLd } from "../../ui/json-ld.tsx";
import { MediaImage } from "../media-image.tsx";
import { ArrowLeftIcon } from "../page-icons/arrow-left.tsx";
import { CalendarIcon } from "../page-icons/calendar.tsx";
import { SHARE_IMAGE } from "../page-meta.ts";
import { useClub } from "../use-club.ts";
import { MatchResult } from "./match-result.tsx";
import { MoreNews } from "./more-news.tsx";

// One news item as the public sees it (rules §2 News detail): its page, and its preview
// (ADR 034: a preview shows exactly what the public page will).

/** What the page shows (news-item-page.server.ts `itemPage`). */
export interface NewsItemPageModel {
  item: {
    id: string;
    slug: string | null;
    title: string;
    content: string;
    image: string | null;
    imageAlt: string | null;
    category: string | null;
    date: Date | null;
    updatedAt: Date;
    dateText: string;
    byline: string | null;
    revisedAt: Date | null;
    revisedText: string | null;
  };
  more: ComponentProps<typeof MoreNews>["news"];
  match: ComponentProps<typeof MatchResult>["match"] | null;
}

export function NewsArticle({ page }: { page: NewsItemPageModel }) {
  const club = useClub();
  const { item, more, match } = page;
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
            {item.byline || item.revisedAt ? (
              <p className="mt-2 font-medium text-white/90">
                {item.byline ? <span>By {item.byline}</span> : null}
                {item.byline && item.revisedAt ? " · " : null}
                {item.revisedAt ? (
                  <span>
                    Updated <time dateTime={item.revisedAt.toISOString()}>{item.revisedText}</time>
                  </span>
                ) : null}
              </p>
            ) : null}
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
