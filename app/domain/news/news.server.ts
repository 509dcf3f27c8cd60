import { desc, sql } from "drizzle-orm";
import { db } from "../../db/database.server.ts";
import { news } from "../../db/schema.ts";

// Reads of the news (SPEC §3 news, §7 News list). The News issue adds the list, the detail
// and the admin writes here.

export type NewsItem = Pick<
  typeof news.$inferSelect,
  "id" | "title" | "content" | "image" | "category" | "date"
>;

const newsColumns = {
  id: news.id,
  title: news.title,
  content: news.content,
  image: news.image,
  category: news.category,
  date: news.date,
};

/** The newest news first (SPEC §7: ordered by date descending; undated last, then by id). */
export async function latestNews({ limit }: { limit: number }): Promise<NewsItem[]> {
  return db()
    .select(newsColumns)
    .from(news)
    .orderBy(sql`${news.date} desc nulls last`, desc(news.id))
    .limit(limit);
}
