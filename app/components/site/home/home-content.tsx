import { Link } from "react-router";
import { placeName } from "../../../domain/club/rules.ts";
import type { HomeMatchCard } from "../../../domain/site/home-matches.ts";
import { HomeMatches } from "../home-matches.tsx";
import { MediaImage } from "../media-image.tsx";
import { NewsCard, type NewsCardItem } from "../news-card.tsx";
import { ArrowRightIcon } from "../page-icons/arrow-right.tsx";
import { useClub } from "../use-club.ts";

// The home page's sections that only show (rules §2 Home): the hero, the next match and the
// last result, the welcome and the latest news. Rendered on the server and kept in the browser
// as the server's HTML (ADR 044, routes/site/home.tsx): this code comes to the browser only
// when a visitor comes to the home page by a link within the site.

/** What the sections show: the home page's model (domain/site/home-page.server.ts). */
export interface HomePageData {
  matches: { cards: HomeMatchCard[]; empty: { kicker: string; text: string } | null };
  welcome: string;
  news: (NewsCardItem & { dateText?: string | undefined })[];
}

/** The sections, in their order on the page. */
export function HomeContent({ data }: { data: HomePageData }) {
  return (
    <>
      <Hero />
      <HomeMatches cards={data.matches.cards} empty={data.matches.empty} />
      <Welcome html={data.welcome} />
      <LatestNews news={data.news} />
    </>
  );
}

// ADR 037: the club's own picture (Club details), or this drawing of a match until it has one.
const DEFAULT_HERO = {
  src: "/images/demo/league-action.svg",
  alt: "Two powerchair football players challenge for the ball on an indoor court",
};

function Hero() {
  const club = useClub();
  const place = placeName(club.address);
  const hero = club.heroImage
    ? { src: club.heroImage, alt: club.heroImageAlt ?? "" }
    : DEFAULT_HERO;
  return (
    <section className="relative overflow-hidden bg-club text-club-contrast">
      <div aria-hidden="true" className="hero-stripes absolute inset-0" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-5 pt-14 pb-16 sm:px-8 sm:pt-20 lg:grid-cols-[1.15fr_1fr] lg:gap-14 lg:pb-24">
        <div>
          <p className="kicker text-accent">Powerchair football{place ? ` · ${place}` : ""}</p>
          <h1 className="mt-4 font-display text-5xl font-extrabold uppercase leading-[0.92] sm:text-7xl">
            {club.name}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-white/90 sm:text-xl">{club.tagline}</p>
          <p className="mt-9 flex flex-wrap gap-3">
            <a href="#latest-news" className="button-accent">
              Latest news
            </a>
            <Link to="/come-and-try" className="button-ghost">
              Come and try
            </Link>
          </p>
        </div>
        <div className="relative mx-auto w-full max-w-xl lg:max-w-none">
          <div
            aria-hidden="true"
            className="absolute -right-3 -bottom-3 h-full w-full rounded-2xl bg-accent sm:-right-5 sm:-bottom-5"
          />
          <MediaImage
            src={hero.src}
            alt={hero.alt}
            sizes="(min-width: 1024px) 540px, 100vw"
            width={1200}
            height={675}
            fetchPriority="high"
            className="relative aspect-video w-full rounded-2xl object-cover shadow-2xl ring-1 ring-white/10"
          />
        </div>
      </div>
    </section>
  );
}

function Welcome({ html }: { html: string }) {
  const club = useClub();
  // ADR 037: only facts the club has entered (a new club has no league or venue yet).
  const facts = [
    { value: String(club.founded), label: "Founded" },
    ...(club.league ? [{ value: club.league, label: "League" }] : []),
    ...(club.address.venue
      ? [{ value: "Weekly", label: `Training at ${club.address.venue}` }]
      : []),
  ];
  return (
    <section aria-labelledby="welcome-title" className="bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-5 py-16 sm:px-8 sm:py-24 lg:grid-cols-[1.4fr_1fr] lg:gap-16">
        <div>
          <p className="kicker text-club">Welcome</p>
          <h2 id="welcome-title" className="section-title mt-2 text-slate-900">
            Welcome to {club.shortName}
          </h2>
          <div
            className="prose-bio mt-6"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (domain/pages)
            dangerouslySetInnerHTML={{ __html: html }}
          />
          <p className="mt-8">
            <Link to="/fixtures" className="button-primary">
              View Upcoming Matches
              <ArrowRightIcon className="size-5" />
            </Link>
          </p>
        </div>
        <ul className="grid content-start gap-4 sm:grid-cols-3 lg:grid-cols-1">
          {facts.map((fact) => (
            <li
              key={fact.label}
              className="rounded-xl border-l-8 border-accent bg-slate-50 px-6 py-5 ring-1 ring-slate-200"
            >
              <p className="font-display text-4xl font-extrabold uppercase text-club">
                {fact.value}
              </p>
              <p className="mt-1 font-medium text-slate-700">{fact.label}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function LatestNews({ news }: { news: HomePageData["news"] }) {
  return (
    <section
      id="latest-news"
      aria-labelledby="latest-news-title"
      className="border-y border-slate-200 bg-slate-100"
    >
      <div className="mx-auto max-w-6xl px-5 py-16 sm:px-8 sm:py-24">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="kicker text-club">From the club</p>
            <h2 id="latest-news-title" className="section-title mt-2 text-slate-900">
              Latest News
            </h2>
          </div>
          <Link to="/news" className="button-secondary">
            All news
            <ArrowRightIcon className="size-5" />
          </Link>
        </div>
        {news.length === 0 ? (
          <p className="mt-10 rounded-xl bg-white px-6 py-10 text-center text-lg text-slate-700 ring-1 ring-slate-200">
            No news found at the moment.
          </p>
        ) : (
          <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {news.map((item) => (
              <li key={item.id} className="flex">
                <NewsCard item={item} dateText={item.dateText} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
