import { formatRelativeAge } from "../dates/relative-age.ts";
import { newsPageSchema } from "./news.schema.ts";
import { listNewsPage } from "./news.server.ts";
import { NEWS_PAGE_SIZE, newsCardText } from "./rules.ts";

// The news list's model (ADR 022): what /news?page= shows.

/**
 * rules §2 News: one page of the news, newest first, each card with its relative age. Null
 * (a 404) for a malformed page number or one past the last page.
 */
export async function newsListPage({
  page: asked,
  now = new Date(),
}: {
  page: string | null;
  now?: Date;
}) {
  const parsed = newsPageSchema.safeParse(asked || undefined);
  if (!parsed.success) return null;
  const page = parsed.data;
  const { items, pages } = await listNewsPage({ page, pageSize: NEWS_PAGE_SIZE });
  if (page > pages) return null;
  return {
    page,
    pages,
    news: items.map((item) => ({
      ...item,
      content: newsCardText(item.content),
      age: formatRelativeAge({ date: item.date, now }),
    })),
  };
}
