import { expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { buildNews } from "../../../tests/factories.ts";
import { news } from "../../db/schema.ts";
import { latestNews } from "./news.server.ts";

describeWithDatabases("latestNews", ({ db }) => {
  it("is empty when there is no news", async () => {
    expect(await latestNews({ limit: 3 })).toEqual([]);
  });

  it("gives the newest first, undated items last, ties by id, at most `limit`", async () => {
    const day = 24 * 3600 * 1000;
    const now = Date.now();
    const rows = await db()
      .insert(news)
      .values([
        buildNews({ title: "Old", date: new Date(now - 30 * day) }),
        buildNews({ title: "Undated", date: null }),
        buildNews({
          title: "Newest",
          date: new Date(now - day),
          image: "/images/demo/new-kit.svg",
        }),
        buildNews({ title: "Middle", date: new Date(now - 10 * day), category: "Club news" }),
        buildNews({ title: "Twin A", date: new Date(now - 20 * day) }),
        buildNews({ title: "Twin B", date: new Date(now - 20 * day) }),
      ])
      .returning({ id: news.id, title: news.title });

    const three = await latestNews({ limit: 3 });
    expect(three.map((item) => item.title)).toEqual(["Newest", "Middle", expect.any(String)]);
    expect(three[0]).toMatchObject({
      title: "Newest",
      image: "/images/demo/new-kit.svg",
      category: null,
    });
    expect(three[0]?.date).toBeInstanceOf(Date);
    expect(three[1]?.category).toBe("Club news");

    const all = await latestNews({ limit: 10 });
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
