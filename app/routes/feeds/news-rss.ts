import { getClub } from "../../domain/club/club.server.ts";
import { newsRssXml } from "../../domain/news/feed.ts";
import { listLatestNews } from "../../domain/news/news.server.ts";
import { NEWS_FEED_SIZE } from "../../domain/news/rules.ts";

// The news feed (rules §10 Feeds): RSS 2.0 of the newest items at /news/rss.xml. Readers may keep
// a copy but must ask again each time, so a change shows at once (rules §7 Freshness).
export async function loader() {
  const { details: club } = await getClub();
  const items = await listLatestNews({ limit: NEWS_FEED_SIZE });
  const xml = newsRssXml({
    items,
    origin: club.url,
    title: `${club.shortName} news`,
    description: `The latest news from ${club.name}.`,
    now: new Date(),
  });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "no-cache",
    },
  });
}
