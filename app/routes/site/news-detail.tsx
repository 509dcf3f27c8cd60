import { data, Link, redirect } from "react-router";
import { MediaImage } from "../../components/site/media-image.tsx";
import { NewsCard } from "../../components/site/news-card.tsx";
import { ArrowLeftIcon } from "../../components/site/page-icons/arrow-left.tsx";
import { CalendarIcon } from "../../components/site/page-icons/calendar.tsx";
import { pageMeta, SHARE_IMAGE } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { JsonLd } from "../../components/ui/json-ld.tsx";
import { clubTeamName } from "../../domain/club/runtime.ts";
import { formatFixtureDate, formatNewsDate, newsCardDate } from "../../domain/dates/format.ts";
import { getFixture } from "../../domain/fixtures/fixtures.server.ts";
import { penaltyScoreText, scoreText } from "../../domain/fixtures/score.ts";
import { importedRecordId } from "../../domain/import/import.server.ts";
import { getNews, listLatestNews } from "../../domain/news/news.server.ts";
import {
  contentParagraphs,
  newsArticleJsonLd,
  newsCardText,
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

const MORE_NEWS = 3;

// rules §2 News detail, decisions 16: an unknown or malformed id is a real 404; an old site's
// id that was imported (ADR 009) answers 301 with the item's address here.
export async function loader({ params }: Route.LoaderArgs) {
  const item = await getNews({ id: params.id });
  if (!item) {
    const movedTo = await importedRecordId({ collection: "news", legacyId: params.id });
    if (movedTo && (await getNews({ id: movedTo }))) throw redirect(`/news/${movedTo}`, 301);
    throw data(null, { status: 404 });
  }
  const more = (await listLatestNews({ limit: MORE_NEWS + 1 }))
    .filter((other) => other.id !== item.id)
    .slice(0, MORE_NEWS)
    .map((other) => ({
      ...other,
      content: newsCardText(other.content),
      dateText: newsCardDate(other.date),
    }));
  // a match report shows its match's score and scorers.
  const fixture = item.fixtureId ? await getFixture({ id: item.fixtureId }) : null;
  const match = fixture
    ? {
        id: fixture.id,
        opponent: fixture.opponent,
        date: fixture.date,
        dateText: fixture.date
          ? formatFixtureDate({ date: fixture.date, timeTbc: fixture.timeTbc, withYear: true })
          : null,
        score: scoreText(fixture),
        penalties: penaltyScoreText(fixture),
        scorers: fixture.scorers,
      }
    : null;
  // Dates as text (ADR 008: the browser hydrates them without loading time-zone data).
  return { item: { ...item, dateText: formatNewsDate(item.date) }, more, match };
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
              <MatchResult match={match} teamName={clubTeamName()} hasImage={Boolean(item.image)} />
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

/** The result box of a match report: score and scorers, in words. */
function MatchResult({
  match,
  teamName,
  hasImage,
}: {
  match: NonNullable<Route.ComponentProps["loaderData"]["match"]>;
  teamName: string;
  hasImage: boolean;
}) {
  return (
    <section
      aria-labelledby="match-result-title"
      className={`rounded-xl bg-slate-100 p-5 ring-1 ring-slate-200 ${hasImage ? "mt-10" : "mt-10 sm:mt-14"}`}
    >
      <h2
        id="match-result-title"
        className="font-display text-lg font-bold uppercase text-slate-700"
      >
        Result
      </h2>
      <p className="mt-1 font-display text-2xl font-extrabold uppercase text-slate-900">
        {teamName} {match.score ?? "v"} {match.opponent}
      </p>
      {match.penalties ? (
        <p className="font-semibold text-slate-800">Penalties: {match.penalties}</p>
      ) : null}
      {match.date ? (
        <p className="mt-1 text-sm text-slate-700">
          <time dateTime={match.date.toISOString()}>{match.dateText}</time>
        </p>
      ) : null}
      {match.scorers.length > 0 ? (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">Scorers</h3>
          <ul aria-label="Scorers" className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-800">
            {match.scorers.map((scorer, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a player can score twice in one minute
              <li key={`${scorer.name}-${scorer.minute}-${index}`}>
                {scorer.name} {scorer.minute}′
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function MoreNews({ news }: { news: Route.ComponentProps["loaderData"]["more"] }) {
  return (
    <section aria-labelledby="more-news-title" className="border-t border-slate-200 bg-slate-100">
      <div className="mx-auto max-w-6xl px-5 py-14 sm:px-8 sm:py-20">
        <p className="kicker text-club">Keep reading</p>
        <h2 id="more-news-title" className="section-title mt-2 text-slate-900">
          More news
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {news.map((other) => (
            <li key={other.id} className="flex">
              <NewsCard item={other} dateText={other.dateText} />
            </li>
          ))}
        </ul>
      </div>
    </section>
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
