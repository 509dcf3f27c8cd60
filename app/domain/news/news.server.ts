import { and, count, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { db } from "../../db/database.server.ts";
import { keptUntilChange } from "../../db/kept-until-change.server.ts";
import { news, newsRevisions } from "../../db/schema.ts";
import { keepDeleted, type Snapshot, snapshotDate, takeDeleted } from "../undo/undo.server.ts";
import { type NewsInput, newsIdSchema, newsSchema } from "./news.schema.ts";
import { isSlugShaped, newsSlugOf, uniqueSlug } from "./paths.ts";
import { pageCount } from "./rules.ts";
import { NEWS_STATUSES, type NewsStatus, PUBLIC_STATUS } from "./workflow.ts";

// The news (rules §3 news, §7): the home's latest, the paged list, one item, the admin writes
// with Undo (decisions 17), and the addresses for the sitemap. The only code touching `news`.
// Every public question asks for published items only (decisions 32, `isPublic`); the admin's
// (`listAdminNewsPage`, `getAdminNews`) see every state.

export type NewsItem = Pick<
  typeof news.$inferSelect,
  | "id"
  | "title"
  | "content"
  | "image"
  | "imageAlt"
  | "category"
  | "date"
  | "fixtureId"
  | "slug"
  | "byline"
  | "revisedAt"
>;

/** One item as its detail page needs it: with the time of its last change (feeds, JSON-LD). */
export type NewsDetail = NewsItem & { updatedAt: Date };

/** An item as the admin sees it: with its state, schedule and author (ADR 034). */
export type AdminNewsItem = NewsDetail & {
  status: NewsStatus;
  publishAt: Date | null;
  authorId: string | null;
};

/** decisions 32: the one condition every public question about news carries. */
const isPublic: SQL = eq(news.status, PUBLIC_STATUS);

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
  slug: news.slug,
  byline: news.byline,
  revisedAt: news.revisedAt,
};

const adminColumns = {
  ...newsColumns,
  updatedAt: news.updatedAt,
  status: news.status,
  publishAt: news.publishAt,
  authorId: news.authorId,
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
    .where(isPublic)
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
/**
 * How many items are published: a scan of the whole table on the embedded database (9–24 ms
 * of CPU for 10,000 items), so kept until a change (ADR 030, `keptUntilChange`).
 */
function publicNewsCount(): Promise<number> {
  return keptUntilChange("public-news-count", async () => {
    const [row] = await db().select({ total: count() }).from(news).where(isPublic);
    return row?.total ?? 0;
  });
}

export async function listNewsPage({
  page,
  pageSize,
}: {
  page: number;
  pageSize: number;
}): Promise<NewsPage> {
  const total = await publicNewsCount();
  const pages = pageCount({ total, pageSize });
  if (page < 1 || page > pages || total === 0) return { items: [], total, pages };
  const start = (page - 1) * pageSize;
  const end = Math.min(start + pageSize, total);
  if (start <= total - end) {
    const items = await db()
      .select(newsColumns)
      .from(news)
      .where(isPublic)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset(start);
    return { items, total, pages };
  }
  const oldestFirstItems = await db()
    .select(newsColumns)
    .from(news)
    .where(isPublic)
    .orderBy(...oldestFirst)
    .limit(end - start)
    .offset(total - end);
  return { items: oldestFirstItems.reverse(), total, pages };
}

/**
 * One published item by id (rules §7 News detail); null when there is none, it is not public
 * (decisions 32) or the id is not a UUID.
 */
export async function getNews({ id }: { id: string }): Promise<NewsDetail | null> {
  if (!newsIdSchema.safeParse(id).success) return null;
  const [item] = await db()
    .select({ ...newsColumns, updatedAt: news.updatedAt })
    .from(news)
    .where(and(eq(news.id, id), isPublic));
  return item ?? null;
}

/** ADR 034: one published item by its readable address; null when none is public there. */
export async function getNewsBySlug({ slug }: { slug: string }): Promise<NewsDetail | null> {
  if (!isSlugShaped(slug)) return null;
  const [item] = await db()
    .select({ ...newsColumns, updatedAt: news.updatedAt })
    .from(news)
    .where(and(eq(news.slug, slug), isPublic));
  return item ?? null;
}

/** One item in any state, for the admin and the preview (ADR 034); null when there is none. */
export async function getAdminNews({ id }: { id: string }): Promise<AdminNewsItem | null> {
  if (!newsIdSchema.safeParse(id).success) return null;
  const [item] = await db().select(adminColumns).from(news).where(eq(news.id, id));
  return item ?? null;
}

/**
 * Manage News's list (rules §2 Manage News, ADR 034): every state, the unpublished first (no
 * date yet, newest written first), then newest first. `authorId`: a Contributor's own only.
 */
export async function listAdminNewsPage({
  page,
  pageSize,
  authorId,
}: {
  page: number;
  pageSize: number;
  authorId?: string;
}): Promise<{ items: AdminNewsItem[]; total: number; pages: number }> {
  const where = authorId ? eq(news.authorId, authorId) : undefined;
  const [row] = await db().select({ total: count() }).from(news).where(where);
  const total = row?.total ?? 0;
  const pages = pageCount({ total, pageSize });
  if (page < 1 || page > pages || total === 0) return { items: [], total, pages };
  const items = await db()
    .select(adminColumns)
    .from(news)
    .where(where)
    .orderBy(sql`${news.date} desc nulls first`, sql`${news.createdAt} desc`, sql`${news.id} desc`)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items, total, pages };
}

/** rules §2 Admin dashboard (ADR 034): the items waiting for an Editor's review, oldest first. */
export async function listNewsWaitingForReview(): Promise<{ id: string; title: string }[]> {
  return db()
    .select({ id: news.id, title: news.title })
    .from(news)
    .where(eq(news.status, "review"))
    .orderBy(news.updatedAt)
    .limit(20);
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
}): Promise<Map<string, { id: string; title: string; slug: string | null }>> {
  if (fixtureIds.length === 0) return new Map();
  const rows = await db()
    .select({ id: news.id, title: news.title, fixtureId: news.fixtureId, slug: news.slug })
    .from(news)
    .where(and(inArray(news.fixtureId, fixtureIds), isPublic))
    .orderBy(...oldestFirst);
  // Oldest first: a newer report of the same fixture overwrites an older one.
  return new Map(
    rows.flatMap((row) =>
      row.fixtureId ? [[row.fixtureId, { id: row.id, title: row.title, slug: row.slug }]] : [],
    ),
  );
}

/** The sitemap protocol allows 50,000 addresses per file; the other pages need a few. */
const SITEMAP_NEWS_LIMIT = 49_000;

/** Every published item's address and last change, newest first, for the sitemap. */
export async function listNewsSitemapEntries(): Promise<
  { id: string; slug: string | null; updatedAt: Date }[]
> {
  return db()
    .select({ id: news.id, slug: news.slug, updatedAt: news.updatedAt })
    .from(news)
    .where(isPublic)
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

/**
 * ADR 034: a free slug for a title: the title's own, or with the first number that makes it
 * unique ('cup-draw-2'). `exceptId`: the item's own slug does not count as taken.
 */
export async function freeNewsSlug({
  title,
  exceptId,
}: {
  title: string;
  exceptId?: string;
}): Promise<string> {
  const base = newsSlugOf(title);
  const rows = await db()
    .select({ slug: news.slug, id: news.id })
    .from(news)
    .where(sql`${news.slug} = ${base} or ${news.slug} like ${`${base}-%`}`);
  const taken = new Set(rows.flatMap((row) => (row.slug && row.id !== exceptId ? [row.slug] : [])));
  return uniqueSlug(base, taken);
}

/**
 * Creates a published item dated now (rules §3: the date is set by the server), with its
 * readable address. The admin screen saves through `saveNewsItem` (news-workflow.server.ts).
 */
export async function createNews(input: NewsInput): Promise<NewsItem> {
  const values = toRow(newsSchema.parse(input));
  const slug = await freeNewsSlug({ title: values.title });
  const [item] = await db()
    .insert(news)
    .values({ ...values, slug })
    .returning(newsColumns);
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

/**
 * Deletes at once (rules §4) and keeps a snapshot for Undo, with the item's revisions (ADR 034:
 * the database removes them with the item; Undo puts them back); null when it did not exist.
 * Its preview links are not kept: an Undo does not bring back a link that was shared.
 */
export async function removeNews({
  id,
}: {
  id: string;
}): Promise<{ item: NewsItem; token: string } | null> {
  if (!newsIdSchema.safeParse(id).success) return null;
  return db().transaction(async (tx) => {
    const revisions = await tx.select().from(newsRevisions).where(eq(newsRevisions.newsId, id));
    const [row] = await tx.delete(news).where(eq(news.id, id)).returning();
    if (!row) return null;
    const token = await keepDeleted(tx, {
      entity: ENTITY,
      recordId: row.id,
      data: { ...row, revisions },
    });
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
        status: NEWS_STATUSES.find((status) => status === data.status) ?? "draft",
        publishAt: snapshotDate(data.publishAt),
        slug: text(data.slug),
        authorId: text(data.authorId),
        byline: text(data.byline),
        revisedAt: snapshotDate(data.revisedAt),
        createdAt: snapshotDate(data.createdAt) ?? new Date(),
        updatedAt: snapshotDate(data.updatedAt) ?? new Date(),
      })
      .onConflictDoNothing()
      .returning(newsColumns);
    if (!item) return null;
    const revisions = Array.isArray(data.revisions) ? (data.revisions as Snapshot[]) : [];
    if (revisions.length > 0) {
      await tx.insert(newsRevisions).values(
        revisions.map((revision) => ({
          id: String(revision.id),
          newsId: item.id,
          title: String(revision.title),
          content: String(revision.content),
          byline: text(revision.byline),
          savedAt: snapshotDate(revision.savedAt) ?? new Date(),
          savedBy: String(revision.savedBy),
        })),
      );
    }
    return item;
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
