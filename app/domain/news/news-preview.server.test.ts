import { expect, it } from "vitest";
import { buildNews } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { news, newsPreviewLinks } from "../../db/schema.ts";
import { hashToken } from "../auth/one-time-token.server.ts";
import {
  createPreviewLink,
  listPreviewLinks,
  newsByPreviewToken,
  withdrawPreviewLink,
} from "./news-preview.server.ts";

const DAY = 24 * 3600 * 1000;

describeWithDatabases("preview links (ADR 034)", ({ db }) => {
  it("shows a draft to anyone with the link for 7 days, until withdrawn; keeps only the hash", async () => {
    const [item] = await db()
      .insert(news)
      .values(buildNews({ title: "Sponsor day", status: "draft", date: null }))
      .returning();
    if (!item) throw new Error("no item");
    const now = new Date("2027-03-01T12:00:00Z");
    const { token, expiresAt } = await createPreviewLink({
      newsId: item.id,
      createdBy: "press@club.example",
      now,
    });
    expect(expiresAt).toEqual(new Date(now.getTime() + 7 * DAY));
    const stored = await db().select().from(newsPreviewLinks);
    expect(stored.map((row) => row.tokenHash)).toEqual([hashToken(token)]);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(await newsByPreviewToken({ token, now })).toMatchObject({ title: "Sponsor day" });
    expect(
      await newsByPreviewToken({ token, now: new Date(now.getTime() + 7 * DAY - 1) }),
    ).not.toBeNull();
    expect(await newsByPreviewToken({ token, now: new Date(now.getTime() + 7 * DAY) })).toBeNull();
    // Another token: its last character changed (to "A", or to "B" when it was an "A").
    const other = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await newsByPreviewToken({ token: other, now })).toBeNull();
    expect(await newsByPreviewToken({ token: "not a token", now })).toBeNull();

    const [link] = await listPreviewLinks({ newsId: item.id, now });
    expect(link).toMatchObject({ id: hashToken(token), createdBy: "press@club.example" });
    expect(await withdrawPreviewLink({ newsId: item.id, id: link?.id ?? "", now })).toBe(true);
    expect(await withdrawPreviewLink({ newsId: item.id, id: link?.id ?? "", now })).toBe(false);
    expect(await newsByPreviewToken({ token, now })).toBeNull();
    expect(await listPreviewLinks({ newsId: item.id, now })).toEqual([]);
  });
});
