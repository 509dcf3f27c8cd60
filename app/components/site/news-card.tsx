import { Link } from "react-router";
import placeholder from "../../assets/news-placeholder.svg";
import { formatInClubZone } from "../../domain/dates/format.ts";
import { ArrowRightIcon } from "./icons.tsx";

// A news card of the home page's 'Latest News' grid (SPEC §2 Home): image or placeholder,
// title, the content clamped to 3 lines, and 'Read more'.

export interface NewsCardItem {
  id: string;
  title: string;
  content: string;
  image: string | null;
  category: string | null;
  date: Date | null;
}

export function NewsCard({ item }: { item: NewsCardItem }) {
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-xl">
      <div className="relative overflow-hidden">
        <img
          src={item.image || placeholder}
          alt=""
          width={1200}
          height={675}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full bg-club object-cover transition-transform duration-500 group-hover:scale-105"
        />
        {item.category ? (
          <p className="absolute top-3 left-3 rounded bg-accent px-2.5 py-1 font-display text-sm font-bold uppercase tracking-wide text-accent-contrast">
            {item.category}
          </p>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-6">
        {item.date ? (
          <p className="text-sm font-medium text-slate-600">
            <time dateTime={item.date.toISOString()}>
              {formatInClubZone({ date: item.date, pattern: "d MMMM yyyy" })}
            </time>
          </p>
        ) : null}
        <h3 className="mt-2 font-display text-2xl font-bold uppercase leading-tight text-slate-900">
          {item.title}
        </h3>
        <p className="mt-3 line-clamp-3 text-slate-700">{item.content}</p>
        <p className="mt-auto pt-5">
          <Link
            to={`/news/${item.id}`}
            aria-label={`Read more: ${item.title}`}
            className="inline-flex min-h-11 items-center gap-2 font-display text-lg font-bold uppercase tracking-wide text-club underline decoration-accent decoration-2 underline-offset-8 hover:decoration-club"
          >
            Read more
            <ArrowRightIcon className="size-5 transition-transform group-hover:translate-x-1" />
          </Link>
        </p>
      </div>
    </article>
  );
}
