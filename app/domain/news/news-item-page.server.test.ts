import { expect, it } from "vitest";
import { buildNews } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { news } from "../../db/schema.ts";
import { newsItemPage } from "./news-item-page.server.ts";

describeWithDatabases("a news item's address (ADR 034)", ({ db }) => {
  it("answers at its slug, moves its id's address there, and hides anything unpublished", async () => {
    const [item, draft] = await db()
      .insert(news)
      .values([
        buildNews({ title: "Cup draw", slug: "cup-draw", byline: "Aoife Ryan" }),
        buildNews({ title: "Secret", slug: "secret", status: "draft", date: null }),
      ])
      .returning();
    if (!item || !draft) throw new Error("not stored");
    const found = await newsItemPage({ id: "cup-draw" });
    expect(found.status === "found" && found.page.item).toMatchObject({
      title: "Cup draw",
      byline: "Aoife Ryan",
    });
    expect(await newsItemPage({ id: item.id })).toEqual({ status: "moved", to: "/news/cup-draw" });
    expect(await newsItemPage({ id: "secret" })).toEqual({ status: "not-found" });
    expect(await newsItemPage({ id: draft.id })).toEqual({ status: "not-found" });
    expect(await newsItemPage({ id: "no-such-item" })).toEqual({ status: "not-found" });
  });
});
