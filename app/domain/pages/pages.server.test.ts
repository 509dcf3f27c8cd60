import { expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { club } from "../../config/club.ts";
import { pageTexts } from "../../db/schema.ts";
import {
  ensurePageTexts,
  getPageTextById,
  listPageTexts,
  readPageTexts,
  updatePageText,
} from "./pages.server.ts";
import { LEGAL_DEFAULT_UPDATED, PAGE_TEXT_KEYS } from "./rules.ts";

describeWithDatabases("page texts", ({ db }) => {
  it("an empty database shows the defaults from club.ts and the bundled legal texts, writing nothing", async () => {
    const texts = await readPageTexts(["about-mission", "privacy", "terms"]);
    expect(texts["about-mission"].html).toContain(club.about.mission[0]?.slice(0, 40));
    expect(texts.privacy.html).toContain("<h2>Who is responsible for your data</h2>");
    expect(texts.privacy.html).toContain(`mailto:${club.email}`);
    expect(texts.privacy.html).toContain(club.name);
    // A site link in a legal text stays in the same tab.
    expect(texts.privacy.html).toContain('<a href="/terms-conditions">');
    expect(texts.privacy.updatedAt).toEqual(LEGAL_DEFAULT_UPDATED);
    expect(texts.terms.html).toContain("<h2>Using the site</h2>");
    expect(await db().select().from(pageTexts)).toEqual([]);
  });

  it("loads the defaults into the database once, keeping what is there", async () => {
    const first = await listPageTexts();
    expect(first.map((text) => text.key)).toEqual(PAGE_TEXT_KEYS);
    await ensurePageTexts();
    expect(await db().select().from(pageTexts)).toHaveLength(PAGE_TEXT_KEYS.length);
    expect((await listPageTexts()).map((text) => text.id)).toEqual(first.map((text) => text.id));
    // Nobody saved them: each is the default text (ADR 039).
    expect(first.map((text) => text.savedAt)).toEqual(PAGE_TEXT_KEYS.map(() => null));
  });

  it("saves sanitised HTML and sets 'Last updated' to the time of the save", async () => {
    const privacy = (await listPageTexts()).find((text) => text.key === "privacy");
    const before = Date.now();
    const saved = await updatePageText({
      id: privacy?.id ?? "",
      html: '<h2>Our policy</h2><p onclick="x()">Kept <script>alert(1)</script><a href="javascript:alert(1)">link</a></p><h1>No h1</h1>',
    });
    expect(saved).toEqual({ id: privacy?.id });
    const stored = await getPageTextById({ id: privacy?.id ?? "" });
    expect(stored?.html).toBe(
      '<h2>Our policy</h2><p>Kept <a href="about:blank" rel="noopener noreferrer" target="_blank">link</a></p>No h1',
    );
    expect(stored?.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored?.savedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const others = (await listPageTexts()).filter((text) => text.key !== "privacy");
    expect(others.every((text) => text.savedAt === null)).toBe(true);
    expect((await readPageTexts(["privacy"])).privacy.html).toBe(stored?.html);
    expect(
      await updatePageText({ id: "00000000-0000-4000-8000-000000000000", html: "<p>x</p>" }),
    ).toBeNull();
  });
});
