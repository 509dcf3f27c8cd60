import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { buildFixture, buildNews } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import type { Database } from "../../db/database.server.ts";
import { rowsOf } from "../../db/open.server.ts";
import { deletedRecords, fixtures, news, newsRevisions } from "../../db/schema.ts";
import type { NewsInput } from "./news.schema.ts";
import {
  createNews,
  getNews,
  listLatestNews,
  listMatchReports,
  listNewsCategories,
  listNewsPage,
  listNewsSitemapEntries,
  removeNews,
  restoreNews,
  updateNews,
} from "./news.server.ts";

const DAY = 24 * 3600 * 1000;
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

/** Every row of the table, for "nothing written" checks. */
async function everything(db: () => Database) {
  return rowsOf(await db().execute(sql`select * from news order by id`));
}

describeWithDatabases("listLatestNews", ({ db }) => {
  it("is empty when there is no news", async () => {
    expect(await listLatestNews({ limit: 3 })).toEqual([]);
  });

  it("gives the newest first, undated items last, ties by id, at most `limit`", async () => {
    const now = Date.now();
    const rows = await db()
      .insert(news)
      .values([
        buildNews({ title: "Old", date: new Date(now - 30 * DAY) }),
        buildNews({ title: "Undated", date: null }),
        buildNews({
          title: "Newest",
          date: new Date(now - DAY),
          image: "/images/demo/new-kit.svg",
        }),
        buildNews({ title: "Middle", date: new Date(now - 10 * DAY), category: "Club news" }),
        buildNews({ title: "Twin A", date: new Date(now - 20 * DAY) }),
        buildNews({ title: "Twin B", date: new Date(now - 20 * DAY) }),
      ])
      .returning({ id: news.id, title: news.title });

    const three = await listLatestNews({ limit: 3 });
    expect(three.map((item) => item.title)).toEqual(["Newest", "Middle", expect.any(String)]);
    expect(three[0]).toMatchObject({
      title: "Newest",
      image: "/images/demo/new-kit.svg",
      category: null,
    });
    expect(three[0]?.date).toBeInstanceOf(Date);
    expect(three[1]?.category).toBe("Club news");

    const all = await listLatestNews({ limit: 10 });
    expect(all).toHaveLength(6);
    expect(all.at(-1)?.title).toBe("Undated");
    expect(all.at(-2)?.title).toBe("Old");
    // Same date: ordered by id, descending, so the order is stable between requests.
    const twins = rows
      .filter((row) => row.title.startsWith("Twin"))
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .map((row) => row.title);
    expect(all.slice(2, 4).map((item) => item.title)).toEqual(twins);
  });
});

describeWithDatabases("listNewsPage", ({ db }) => {
  it("has one empty page when there is no news", async () => {
    expect(await listNewsPage({ page: 1, pageSize: 12 })).toEqual({
      items: [],
      total: 0,
      pages: 1,
    });
  });

  it("splits all news, newest first, into pages that neither overlap nor skip", async () => {
    const now = Date.now();
    await db()
      .insert(news)
      .values([
        ...Array.from({ length: 24 }, (_, n) =>
          // Pairs share a date, so the id decides between them.
          buildNews({ title: `Item ${n}`, date: new Date(now - Math.floor(n / 2) * DAY) }),
        ),
        buildNews({ title: "Undated", date: null }),
      ]);
    const all = await listLatestNews({ limit: 100 });
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await listNewsPage({ page, pageSize: 10 }));

    expect(pages.map((p) => [p.total, p.pages])).toEqual([
      [25, 3],
      [25, 3],
      [25, 3],
    ]);
    expect(pages.map((p) => p.items.length)).toEqual([10, 10, 5]);
    expect(pages.flatMap((p) => p.items)).toEqual(all);
    expect(pages[2]?.items.at(-1)?.title).toBe("Undated");
  });

  it("reads the older pages from the other end in exactly the same order", async () => {
    const all = await listLatestNews({ limit: 100 });
    for (const pageSize of [3, 4, 7, 25, 26]) {
      const pages = Math.ceil(all.length / pageSize);
      const joined = [];
      for (let page = 1; page <= pages; page++) {
        joined.push(...(await listNewsPage({ page, pageSize })).items);
      }
      expect(joined, `page size ${pageSize}`).toEqual(all);
    }
  });

  it("gives no items for a page past the end", async () => {
    expect(await listNewsPage({ page: 4, pageSize: 10 })).toEqual({
      items: [],
      total: 25,
      pages: 3,
    });
  });

  it("reads a page through the date index, from either end, not by sorting the table", async () => {
    await db()
      .insert(news)
      .values(
        Array.from({ length: 2000 }, (_, n) =>
          buildNews({ date: new Date(Date.now() - (n + 100) * DAY) }),
        ),
      );
    await db().execute(sql`analyze news`);
    const plan = rowsOf<Record<string, string>>(
      await db().execute(
        sql`explain select id from news order by date desc nulls last, id desc nulls last limit 12 offset 600`,
      ),
    )
      .map((row) => Object.values(row)[0])
      .join("\n");
    expect(plan).toContain("news_date_idx");
    expect(plan).not.toMatch(/Sort/);
    const backwards = rowsOf<Record<string, string>>(
      await db().execute(
        sql`explain select id from news order by date asc nulls first, id asc nulls first limit 12 offset 600`,
      ),
    )
      .map((row) => Object.values(row)[0])
      .join("\n");
    expect(backwards).toMatch(
      /Index Scan Backward using news_date_idx|Index Only Scan Backward using news_date_idx/,
    );
    expect(backwards).not.toMatch(/Sort/);
  });
});

describeWithDatabases("getNews and the sitemap entries", ({ db }) => {
  it("finds an item by id with its last change, and nothing for unknown or malformed ids", async () => {
    const [row] = await db()
      .insert(news)
      .values(buildNews({ title: "Found", category: "Club news" }))
      .returning();
    if (!row) throw new Error("no row");
    expect(await getNews({ id: row.id })).toEqual({
      id: row.id,
      title: "Found",
      content: row.content,
      image: null,
      imageAlt: null,
      category: "Club news",
      fixtureId: null,
      date: row.date,
      updatedAt: row.updatedAt,
      slug: null,
      byline: null,
      revisedAt: null,
    });
    expect(await getNews({ id: UNKNOWN_ID })).toBeNull();
    expect(await getNews({ id: "not-a-uuid" })).toBeNull();
    expect(await getNews({ id: "' or 1=1 --" })).toBeNull();
  });

  it("lists every item's id and last change for the sitemap", async () => {
    await db().insert(news).values([buildNews(), buildNews()]);
    const entries = await listNewsSitemapEntries();
    expect(entries).toHaveLength(3);
    expect(entries[0]).toEqual({
      id: expect.any(String),
      slug: null,
      updatedAt: expect.any(Date),
    });
  });
});

describeWithDatabases("news writes", ({ db }) => {
  beforeEach(async () => {
    await db().delete(news);
  });

  const input: NewsInput = {
    title: "Storm sign a new goalkeeper",
    content: "Line one.\nLine two.",
    image: "https://images.example/keeper.jpg",
    category: "Club news",
  };

  it("creates an item dated now by the server, and lists it first", async () => {
    await db()
      .insert(news)
      .values(buildNews({ title: "Yesterday", date: new Date(Date.now() - DAY) }));
    const before = Date.now();
    const item = await createNews(input);
    expect(item).toMatchObject({ ...input, id: expect.any(String) });
    expect(item.date?.getTime()).toBeGreaterThanOrEqual(before - 2000);
    expect(item.date?.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    expect((await listLatestNews({ limit: 3 })).map((n) => n.title)).toEqual([
      input.title,
      "Yesterday",
    ]);
    expect(await getNews({ id: item.id })).toMatchObject(input);
  });

  it("stores an empty image and category as none", async () => {
    const item = await createNews({ title: "Plain", content: "Text" });
    expect(item).toMatchObject({ image: null, category: null });
  });

  it("refuses bad input with nothing written", async () => {
    await createNews(input);
    const before = await everything(db);
    const bad: unknown[] = [
      { ...input, title: "   " },
      { ...input, title: "x".repeat(201) },
      { ...input, content: "" },
      { ...input, content: "x".repeat(20_001) },
      { ...input, image: "javascript:alert(1)" },
      { ...input, image: "//evil.example/x.png" },
      { ...input, category: "x".repeat(41) },
      { content: "No title" },
    ];
    for (const value of bad) {
      await expect(createNews(value as NewsInput), JSON.stringify(value)).rejects.toThrow();
      const [row] = await listLatestNews({ limit: 1 });
      await expect(
        updateNews({ id: row?.id ?? "", input: value as NewsInput }),
        JSON.stringify(value),
      ).rejects.toThrow();
    }
    expect(await everything(db)).toEqual(before);
  });

  it("updates the fields but never the date, and says when the item is gone", async () => {
    const created = await createNews(input);
    const [{ updatedAt: firstChange } = { updatedAt: new Date(0) }] = await db()
      .select({ updatedAt: news.updatedAt })
      .from(news)
      .where(eq(news.id, created.id));
    const changed = { title: "Keeper signs for two seasons", content: "New text." };
    const updated = await updateNews({ id: created.id, input: changed });
    expect(updated).toEqual({
      ...changed,
      id: created.id,
      image: null,
      imageAlt: null,
      category: null,
      fixtureId: null,
      date: created.date,
      // ADR 034: the address of a published item stays as it was.
      slug: "storm-sign-a-new-goalkeeper",
      byline: null,
      revisedAt: null,
    });
    const stored = await getNews({ id: created.id });
    expect(stored?.updatedAt.getTime()).toBeGreaterThanOrEqual(firstChange.getTime());
    expect(await updateNews({ id: UNKNOWN_ID, input })).toBeNull();
    expect(await updateNews({ id: "nope", input })).toBeNull();
    expect(await listLatestNews({ limit: 10 })).toHaveLength(1);
  });

  it("keeps the photo's description with its image, and drops it without one", async () => {
    const withPhoto = await createNews({
      ...input,
      image: "https://example.org/final.jpg",
      imageAlt: "The team lifts the cup",
    });
    expect(withPhoto).toMatchObject({ imageAlt: "The team lifts the cup" });
    const without = await updateNews({
      id: withPhoto.id,
      input: { ...input, image: undefined, imageAlt: "The team lifts the cup" },
    });
    expect(without).toMatchObject({ image: null, imageAlt: null });
  });

  it("deletes at once and restores the same id, fields and date with the undo token", async () => {
    const created = await createNews(input);
    const [original] = await db().select().from(news).where(eq(news.id, created.id));
    const deleted = await removeNews({ id: created.id });
    expect(deleted?.item).toMatchObject(created);
    expect(await getNews({ id: created.id })).toBeNull();

    const restored = await restoreNews({ token: deleted?.token ?? "" });
    expect(restored).toEqual(created);
    const [back] = await db().select().from(news).where(eq(news.id, created.id));
    expect(back).toEqual(original);
    // A token works once.
    expect(await restoreNews({ token: deleted?.token ?? "" })).toBeNull();
  });

  it("ADR 034: Undo brings an item's revisions back with it (the delete removed them)", async () => {
    const created = await createNews(input);
    await db()
      .insert(newsRevisions)
      .values([
        {
          newsId: created.id,
          title: "First go",
          content: "<p>Draft</p>",
          byline: null,
          savedBy: "editor@club.example",
          savedAt: new Date(Date.now() - 2 * DAY),
        },
        {
          newsId: created.id,
          title: created.title,
          content: created.content,
          byline: "Sam Reporter",
          savedBy: "chair@club.example",
          savedAt: new Date(Date.now() - DAY),
        },
      ]);
    const revisionsOf = () =>
      db()
        .select()
        .from(newsRevisions)
        .where(eq(newsRevisions.newsId, created.id))
        .orderBy(newsRevisions.savedAt);
    const before = await revisionsOf();
    expect(before).toHaveLength(2);

    const deleted = await removeNews({ id: created.id });
    expect(await revisionsOf()).toEqual([]);
    await restoreNews({ token: deleted?.token ?? "" });
    expect(await revisionsOf()).toEqual(before);
  });

  it("restores an undated item undated", async () => {
    const [row] = await db()
      .insert(news)
      .values(buildNews({ date: null }))
      .returning();
    const deleted = await removeNews({ id: row?.id ?? "" });
    expect((await restoreNews({ token: deleted?.token ?? "" }))?.date).toBeNull();
  });

  it("refuses unknown, malformed, expired and other entities' undo tokens", async () => {
    expect(await removeNews({ id: UNKNOWN_ID })).toBeNull();
    expect(await removeNews({ id: "nope" })).toBeNull();
    expect(await restoreNews({ token: "not-a-token" })).toBeNull();
    expect(await restoreNews({ token: UNKNOWN_ID })).toBeNull();
    const created = await createNews(input);
    const deleted = await removeNews({ id: created.id });
    await db()
      .update(deletedRecords)
      .set({ deletedAt: new Date(Date.now() - 2 * 3600 * 1000) })
      .where(eq(deletedRecords.token, deleted?.token ?? ""));
    expect(await restoreNews({ token: deleted?.token ?? "" })).toBeNull();
    expect(await getNews({ id: created.id })).toBeNull();
  });

  it("suggests the categories in use, once each, in order", async () => {
    await createNews({ ...input, category: "Match report" });
    await createNews({ ...input, category: "Club news" });
    await createNews({ ...input, category: "Club news" });
    await createNews({ title: "No category", content: "Text" });
    expect(await listNewsCategories()).toEqual(["Club news", "Match report"]);
  });
});

describeWithDatabases("match reports", ({ db }) => {
  it("stores the report's fixture, changes and clears it, and lists the report per fixture", async () => {
    const [match, other] = await db()
      .insert(fixtures)
      .values([
        buildFixture({ opponent: "Cork Comets", homeScore: 3, awayScore: 1 }),
        buildFixture({ opponent: "Dublin Dynamos", homeScore: 0, awayScore: 0 }),
      ])
      .returning({ id: fixtures.id });
    if (!match || !other) throw new Error("fixtures not stored");
    const created = await createNews({
      title: "Storm beat Comets",
      content: "Report.",
      fixtureId: match.id,
    });
    expect((await getNews({ id: created.id }))?.fixtureId).toBe(match.id);
    expect(await listMatchReports({ fixtureIds: [match.id, other.id] })).toEqual(
      new Map([[match.id, { id: created.id, title: "Storm beat Comets", slug: created.slug }]]),
    );

    await updateNews({
      id: created.id,
      input: { title: "Storm draw", content: "Report.", fixtureId: other.id },
    });
    expect(await listMatchReports({ fixtureIds: [match.id, other.id] })).toEqual(
      new Map([[other.id, { id: created.id, title: "Storm draw", slug: created.slug }]]),
    );

    await updateNews({ id: created.id, input: { title: "Storm draw", content: "Report." } });
    expect((await getNews({ id: created.id }))?.fixtureId).toBeNull();
    expect(await listMatchReports({ fixtureIds: [match.id, other.id] })).toEqual(new Map());
    expect(await listMatchReports({ fixtureIds: [] })).toEqual(new Map());
  });

  it("refuses a fixture id that is not a UUID, with nothing written", async () => {
    const before = await everything(db);
    await expect(
      createNews({ title: "Report", content: "Text.", fixtureId: "not-a-uuid" }),
    ).rejects.toThrow();
    expect(await everything(db)).toEqual(before);
  });

  it("restores a deleted report with its fixture link", async () => {
    const [match] = await db()
      .insert(fixtures)
      .values([buildFixture({ homeScore: 1, awayScore: 0 })])
      .returning({ id: fixtures.id });
    if (!match) throw new Error("fixture not stored");
    const created = await createNews({ title: "Report", content: "Text.", fixtureId: match.id });
    const removed = await removeNews({ id: created.id });
    const restored = await restoreNews({ token: removed?.token ?? "" });
    expect(restored?.fixtureId).toBe(match.id);
  });
});
