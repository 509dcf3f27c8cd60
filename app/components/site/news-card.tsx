import { Link } from "react-router";
import placeholder from "../../assets/news-placeholder.svg";
import { newsPath } from "../../domain/news/paths.ts";
import { MediaImage } from "./media-image.tsx";
import { ArrowRightIcon } from "./page-icons/arrow-right.tsx";

// A news card (rules §2 Home 'Latest News', News list): image or placeholder, the optional
// category, the title, the start of the text (CARD_EXCERPT_LENGTH, cut by the loader) clamped
// to 3 lines on the home page and 2 on the list, 'Read more', and the date: as a date on the
// home page, as its relative age on the list. The text is worked out on the server
// (newsCardDate, or the relative age), so hydrating the cards does not make the browser load
// its time-zone data (ADR 008).

export interface NewsCardItem {
  id: string;
  title: string;
  content: string;
  image: string | null;
  category: string | null;
  date: Date | null;
  /** ADR 034: the readable address; the id's while there is none. */
  slug?: string | null;
}

export function NewsCard({
  item,
  dateText,
  clamp = 3,
  headingLevel = 3,
  eager = false,
}: {
  item: NewsCardItem;
  /** The date as the card shows it, worked out on the server: the relative age ('3 days ago' or
   *  'Unknown') on the list, newsCardDate elsewhere; no line without it. */
  dateText?: string;
  clamp?: 2 | 3;
  headingLevel?: 2 | 3;
  /** Load the image at once (cards in the first screenful). */
  eager?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex w-full min-w-0 flex-col overflow-hidden rounded-xl bg-white wrap-anywhere shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-xl">
      <div className="relative overflow-hidden">
        {/* Decorative: the card's title says what the story is (decisions 23). */}
        <MediaImage
          src={item.image || placeholder}
          alt=""
          width={1200}
          height={675}
          // One column on a phone, two on the list from md, three on the home page from lg.
          sizes="(min-width: 1024px) 22rem, (min-width: 768px) 45vw, calc(100vw - 2.5rem)"
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="aspect-video w-full bg-club object-cover transition-transform duration-500 group-hover:scale-105"
        />
        {item.category ? (
          <p className="absolute top-3 right-3 left-3 w-fit rounded bg-accent px-2.5 py-1 wrap-anywhere font-display text-sm font-bold uppercase tracking-wide text-accent-contrast">
            {item.category}
          </p>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-6">
        {dateText !== undefined ? (
          <p className="text-sm font-medium text-slate-600">
            {item.date ? <time dateTime={item.date.toISOString()}>{dateText}</time> : dateText}
          </p>
        ) : null}
        <Heading className="mt-2 font-display text-2xl font-bold uppercase leading-tight wrap-anywhere text-slate-900">
          {item.title}
        </Heading>
        <p
          className={`mt-3 wrap-anywhere text-slate-700 ${clamp === 2 ? "line-clamp-2" : "line-clamp-3"}`}
        >
          {item.content}
        </p>
        <p className="mt-auto pt-5">
          <Link
            to={newsPath(item)}
            className="inline-flex min-h-11 items-center gap-2 font-display text-lg font-bold uppercase tracking-wide text-club underline decoration-accent decoration-2 underline-offset-8 hover:decoration-club"
          >
            {/* The visible words first, then which story (WCAG 2.5.3 label in name); as text
                rather than aria-label, so every reader of the link (search engines too) gets it. */}
            Read more<span className="sr-only"> about {item.title}</span>
            <ArrowRightIcon className="size-5 transition-transform group-hover:translate-x-1" />
          </Link>
        </p>
      </div>
    </article>
  );
}
