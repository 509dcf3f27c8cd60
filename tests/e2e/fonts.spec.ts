import type { Page } from "@playwright/test";
import { buildFixture, buildNews } from "../../scripts/factories.ts";
import { deleteRows, expect, insertRows, test, waitForHydration } from "./fixtures.ts";
import { presetConsent } from "./site.ts";

// The display face is preloaded, and swaps in over a metric-matched fallback (app.css, ADR
// 008) when it still arrives after the first paint, so a visitor sees nothing move when it
// does (CLS 0). The fallback (Arial Narrow, scaled) matches Barlow Condensed's width for
// capitals; in lowercase it is 14-16 % narrower, so a line wraps differently and what is below
// it moves (measured: a news item's result line, CLS 0.005). The display face is therefore set in
// capitals everywhere: on each public page, no element set in it may show lowercase letters.

/** Visible elements in the display face whose own text shows in lowercase. */
function lowercaseDisplayText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((element) => {
        // Shown on screen: not hidden, and not only for screen readers (sr-only is 1 px).
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) return false;
        const style = getComputedStyle(element);
        if (!style.fontFamily.startsWith('"Barlow Condensed"')) return false;
        if (style.textTransform === "uppercase") return false;
        return [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && /\p{Ll}/u.test(node.textContent ?? ""),
        );
      })
      .map((element) => (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60)),
  );
}

test("the display face is set in capitals on every public page, the case its fallback is matched to", {
  tag: "@mobile",
}, async ({ page }) => {
  test.slow();
  await presetConsent(page, "declined");
  const tag = crypto.randomUUID().slice(0, 8);
  const [fixture] = await insertRows("fixtures", [
    buildFixture({
      opponent: `Limerick Lightning ${tag}`,
      date: new Date(Date.now() - 5 * 3600 * 1000),
      status: "played",
      homeScore: 2,
      awayScore: 2,
    }),
  ]);
  // And one to come, for the next-match panel and the upcoming cards.
  const [upcoming] = await insertRows("fixtures", [
    buildFixture({
      opponent: `Ennis Eagles ${tag}`,
      date: new Date(Date.now() + 2 * 24 * 3600 * 1000),
      status: "scheduled",
    }),
  ]);
  if (!fixture || !upcoming) throw new Error("insert failed");
  const [item] = await insertRows("news", [
    buildNews({ title: `A draw with Lightning ${tag}`, fixtureId: fixture.id }),
  ]);
  if (!item) throw new Error("insert failed");
  try {
    const paths = ["/", `/news/${item.id}`, "/news", "/fixtures", "/fixtures?tab=results"];
    paths.push("/fixtures?tab=table", "/team", "player", "/about", "/contact");
    for (const path of paths) {
      await test.step(path, async () => {
        if (path === "player") {
          // The first player on /team, the page before.
          await page.locator('main a[href^="/team/"]').first().click();
        } else {
          await page.goto(path);
        }
        await waitForHydration(page);
        expect(
          await lowercaseDisplayText(page),
          `${path}: display text in lowercase, which moves when the font swaps in`,
        ).toEqual([]);
      });
    }
  } finally {
    await deleteRows("news", { id: item.id });
    await deleteRows("fixtures", { id: fixture.id });
    await deleteRows("fixtures", { id: upcoming.id });
  }
});
