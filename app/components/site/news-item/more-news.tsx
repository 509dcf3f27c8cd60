import { NewsCard, type NewsCardItem } from "../news-card.tsx";

/** rules §2 News detail: the latest other items, as cards. */
export function MoreNews({ news }: { news: readonly (NewsCardItem & { dateText?: string })[] }) {
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
