import { count, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { db } from "../../db/database.server.ts";
import { news } from "../../db/schema.ts";
import { keepDeleted, snapshotDate, takeDeleted } from "../undo/undo.server.ts";
import { type NewsInput, newsIdSchema, newsSchema } from "./news.schema.ts";
import { pageCount } from "./rules.ts";

// The news (rules §3 news, §7): the home's latest, the paged list, one item, the admin writes
// with Undo (decisions 17), and the addresses for the sitemap. The only code touching `news`.

export type NewsItem = Pick<
  typeof news.$inferSelect,
  "id" | "title" | "content" | "image" | "imageAlt" | "category" | "date" | "fixtureId"
>;

/** One item as its detail page needs it: with the time of its last change (feeds, JSON-LD). */
export type NewsDetail = NewsItem & { updatedAt: Date };

const ENTITY = "news";

const newsColumns = {
  id: news.id,
  title: news.title,
  content: news.content,
  image: news.image,
  imageAlt: news.imageAlt,
  category: news.category,
  fixtureId: news.fixtureId,
  date: news.date,
};

// rules §7: ordered by date descending; undated last, then by id so pages never overlap. This
// is exactly the order of the index news_date_idx (nulls last on id too, although id is never
// null: the planner matches the index only on the same words), so a page is read from it.
const newestFirst = [sql`${news.date} desc nulls last`, sql`${news.id} desc nulls last`];
// The exact mirror of newestFirst: the same index read backwards.
const oldestFirst = [sql`${news.date} asc nulls first`, sql`${news.id} asc nulls first`];

/** The newest news first, at most `limit` (the home's 3, the feed). */
export async function listLatestNews({ limit }: { limit: number }): Promise<NewsItem[]> {
  return db()
    .select(newsColumns)
    .from(news)
    .orderBy(...newestFirst)
    .limit(limit);
}

export interface NewsPage {
  items: NewsItem[];
  /** How many items there are in all. */
  total: number;
  /** How many pages of `pageSize` that makes (at least 1). */
  pages: number;
}

/**
 * One page of all news, newest first (rules §2 News list). A page past the end has no items;
 * the caller decides what to show. Reads `pageSize` rows through the date index plus a count.
 * A page in the older half is read from the other end of the index (oldest first, then
 * turned round), so the deepest page skips at most half of the rows, never all of them.
 */
export async function listNewsPage({
  page,
  pageSize,
}: {
  page: number;
  pageSize: number;
}): Promise<NewsPage> {
  const [row] = await db().select({ total: count() }).from(news);
  const total = row?.total ?? 0;
  const pages = pageCount({ total, pageSize });
  if (page < 1 || page > pages || total === 0) return { items: [], total, pages };
  const start = (page - 1) * pageSize;
  const end = Math.min(start + pageSize, total);
  if (start <= total - end) {
    const items = await db()
      .select(newsColumns)
      .from(news)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset(start);
    return { items, total, pages };
  }
  const oldestFirstItems = await db()
    .select(newsColumns)
    .from(news)
    .orderBy(...oldestFirst)
    .limit(end - start)
    .offset(total - end);
  return { items: oldestFirstItems.reverse(), total, pages };
}

/** One item by id (rules §7 News detail); null when there is none or the id is not a UUID. */
export async function getNews({ id }: { id: string }): Promise<NewsDetail | null> {
  if (!newsIdSchema.safeParse(id).success) return null;
  const [item] = await db()
    .select({ ...newsColumns, updatedAt: news.updatedAt })
    .from(news)
    .where(eq(news.id, id));
  return item ?? null;
}

/** The categories already in use, for the admin form's suggestions (decisions 14). */
export async function listNewsCategories(): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ category: news.category })
    .from(news)
    .where(isNotNull(news.category))
    .orderBy(news.category)
    .limit(50);
  return rows.flatMap((row) => (row.category ? [row.category] : []));
}

/**
 * the match report of each of these fixtures (the newest item linked to it),
 * for the result cards.
 */
export async function listMatchReports({
  fixtureIds,
}: {
  fixtureIds: string[];
}): Promise<Map<string, { id: string; title: string }>> {
  if (fixtureIds.length === 0) return new Map();
  const rows = await db()
    .select({ id: news.id, title: news.title, fixtureId: news.fixtureId })
    .from(news)
    .where(inArray(news.fixtureId, fixtureIds))
    .orderBy(...oldestFirst);
  // Oldest first: a newer report of the same fixture overwrites an older one.
  return new Map(
    rows.flatMap((row) =>
      row.fixtureId ? [[row.fixtureId, { id: row.id, title: row.title }]] : [],
    ),
  );
}

/** The sitemap protocol allows 50,000 addresses per file; the other pages need a few. */
const SITEMAP_NEWS_LIMIT = 49_000;

/** Every item's address and last change, newest first, for the sitemap. */
export async function listNewsSitemapEntries(): Promise<{ id: string; updatedAt: Date }[]> {
  return db()
    .select({ id: news.id, updatedAt: news.updatedAt })
    .from(news)
    .orderBy(...newestFirst)
    .limit(SITEMAP_NEWS_LIMIT);
}

// Rows store "no image"/"no category" as null; the form's output has them undefined.
const toRow = (input: NewsInput) => ({
  title: input.title,
  content: input.content,
  image: input.image ?? null,
  // A description without an image describes nothing.
  imageAlt: input.image ? (input.imageAlt ?? null) : null,
  category: input.category ?? null,
  fixtureId: input.fixtureId ?? null,
});

/** Creates an item dated now (rules §3: the date is set at creation, by the server). */
export async function createNews(input: NewsInput): Promise<NewsItem> {
  const values = toRow(newsSchema.parse(input));
  const [item] = await db().insert(news).values(values).returning(newsColumns);
  if (!item) throw new Error("The news item was not stored.");
  return item;
}

/** Changes an item's fields, never its date (rules §7 Admin news update); null when it is gone. */
export async function updateNews({
  id,
  input,
}: {
  id: string;
  input: NewsInput;
}): Promise<NewsItem | null> {
  const values = toRow(newsSchema.parse(input));
  if (!newsIdSchema.safeParse(id).success) return null;
  const [item] = await db()
    .update(news)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(news.id, id))
    .returning(newsColumns);
  return item ?? null;
}

/** Deletes at once (rules §4) and keeps a snapshot for Undo; null when it did not exist. */
export async function removeNews({
  id,
}: {
  id: string;
}): Promise<{ item: NewsItem; token: string } | null> {
  if (!newsIdSchema.safeParse(id).success) return null;
  return db().transaction(async (tx) => {
    const [row] = await tx.delete(news).where(eq(news.id, id)).returning();
    if (!row) return null;
    const token = await keepDeleted(tx, { entity: ENTITY, recordId: row.id, data: row });
    const { createdAt: _created, updatedAt: _updated, ...item } = row;
    return { item, token };
  });
}

/** Puts a deleted item back with the same id, fields and date; null when the undo expired. */
export async function restoreNews({ token }: { token: string }): Promise<NewsItem | null> {
  return db().transaction(async (tx) => {
    const data = await takeDeleted(tx, { entity: ENTITY, token });
    if (!data) return null;
    const text = (value: unknown) => (typeof value === "string" ? value : null);
    const [item] = await tx
      .insert(news)
      .values({
        id: String(data.id),
        title: String(data.title),
        content: String(data.content),
        image: text(data.image),
        imageAlt: text(data.imageAlt),
        category: text(data.category),
        fixtureId: text(data.fixtureId),
        date: snapshotDate(data.date),
        createdAt: snapshotDate(data.createdAt) ?? new Date(),
        updatedAt: snapshotDate(data.updatedAt) ?? new Date(),
      })
      .onConflictDoNothing()
      .returning(newsColumns);
    return item ?? null;
  });
}

/** What an item brought over from the old site is stored with (ADR 009): its own date. */
export interface ImportedNewsValues {
  title: string;
  content: string;
  image: string | null;
  category: string | null;
  date: Date | null;
}

/** ADR 009: the values checked with the news schema again, as a row, with the old date. */
function importedRow(values: ImportedNewsValues) {
  const { date, image, category, ...fields } = values;
  const parsed = newsSchema.parse({
    ...fields,
    image: image ?? undefined,
    category: category ?? undefined,
  });
  // An imported item never changes the match report link set in the admin.
  const { fixtureId: _, ...row } = toRow(parsed);
  return { ...row, date };
}

/**
 * ADR 009: stores items brought over from the old site, with the ids given and their own
 * dates, last changed `at`, in one statement per few hundred.
 */
export async function createImportedNews({
  rows,
  at,
}: {
  rows: { id: string; values: ImportedNewsValues }[];
  at: Date;
}): Promise<void> {
  if (rows.length === 0) return;
  await db()
    .insert(news)
    .values(
      rows.map(({ id, values }) => ({ ...importedRow(values), id, createdAt: at, updatedAt: at })),
    );
}

/** ADR 009: overwrites an item imported before, last changed `at`; false when it is gone. */
export async function updateImportedNews({
  id,
  values,
  at,
}: {
  id: string;
  values: ImportedNewsValues;
  at: Date;
}): Promise<boolean> {
  const updated = await db()
    .update(news)
    .set({ ...importedRow(values), updatedAt: at })
    .where(eq(news.id, id))
    .returning({ id: news.id });
  return updated.length > 0;
}

/** ADR 009: when each of these items last changed; an id missing from the answer is gone. */
export async function newsChangedAt({ ids }: { ids: string[] }): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .select({ id: news.id, updatedAt: news.updatedAt })
    .from(news)
    .where(inArray(news.id, ids));
  return new Map(rows.map((row) => [row.id, row.updatedAt]));
}
