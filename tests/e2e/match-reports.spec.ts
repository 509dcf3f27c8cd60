import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { buildFixture, buildNews } from "../../scripts/factories.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  findRows,
  insertRows,
  signInAsAdmin,
  test,
  waitForHydration,
} from "./fixtures.ts";
import { presetConsent } from "./site.ts";

// Match reports: a news item linked to a result in the admin, by keyboard;
// the result card links to the report, and the report shows the score and the scorers.
// At 1280 px (the fixture form at 375 px: admin-fixtures.spec.ts). Every test makes its own fixture and item with unique names.

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

/** Moves the focused select down, one arrow key at a time, until it shows `label`. */
async function chooseByKeyboard(page: Page, label: string) {
  const select = page.getByLabel("Match report for");
  await expect(select).toBeFocused();
  for (let step = 0; step < 200; step += 1) {
    const shown = await select.evaluate(
      (element: HTMLSelectElement) => element.selectedOptions[0]?.textContent ?? "",
    );
    if (shown.startsWith(label)) return;
    await page.keyboard.press("ArrowDown");
  }
  throw new Error(`"${label}" is not among the matches offered`);
}

test("a report linked by keyboard: the result links to it, and it shows the score and scorers", {
  tag: "@desktop",
}, async ({ page }) => {
  test.slow();
  const tag = randomUUID().slice(0, 8);
  const opponent = `Comets ${tag}`;
  const title = `Storm beat the Comets ${tag}`;
  const [fixture] = await insertRows("fixtures", [
    buildFixture({
      opponent,
      date: new Date(Date.now() - 3 * 3600 * 1000),
      status: "played",
      homeScore: 3,
      awayScore: 1,
      scorers: [
        { name: "Aoife Byrne", minute: 12 },
        { name: "Ciara Walsh", minute: 40 },
        { name: "Aoife Byrne", minute: 55 },
      ],
    }),
  ]);
  const [item] = await insertRows("news", [
    buildNews({ title, content: "A great night at the UL Arena." }),
  ]);
  if (!fixture || !item) throw new Error("insert failed");

  await signInAsAdmin(page, `/admin/news?edit=${item.id}`);
  const form = page.getByRole("region", { name: "Edit news" });
  // Keyboard only: from Category, Tab reaches the select; arrows choose; Enter on Update.
  await form.getByLabel("Category").focus();
  await page.keyboard.press("Tab");
  await chooseByKeyboard(page, `Shannonside Storm 3–1 ${opponent}, `);
  await expectAccessible(page);
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Update News" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "News item updated." })).toBeVisible();
  expect((await findRows("news", { title })).map((row) => row.fixtureId)).toEqual([fixture.id]);

  // ADR 034: saved through the form, the item has its readable address.
  const [{ slug } = { slug: null }] = await findRows("news", { id: item.id });
  expect(slug).toBeTruthy();
  await page.goto("/fixtures?tab=results");
  const card = page.getByRole("article", { name: `Shannonside Storm 3 - 1 ${opponent}` });
  const link = card.getByRole("link", { name: `Match report: ${title}` });
  await expect(link).toHaveAttribute("href", `/news/${slug}`);
  await expectAccessible(page);
  await link.click();
  await expect(page).toHaveURL(`/news/${slug}`);
  await waitForHydration(page);

  const result = page.getByRole("region", { name: "Result" });
  await expect(result).toContainText(`Shannonside Storm 3 - 1 ${opponent}`);
  await expect(result.getByRole("list", { name: "Scorers" }).getByRole("listitem")).toHaveText([
    "Aoife Byrne 12′",
    "Ciara Walsh 40′",
    "Aoife Byrne 55′",
  ]);
  await expectAccessible(page);
});

test("a news item that is no match report shows no result, and its result card no link", {
  tag: "@desktop",
}, async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const opponent = `Dynamos ${tag}`;
  await insertRows("fixtures", [
    buildFixture({
      opponent,
      date: new Date(Date.now() - 2 * 3600 * 1000),
      status: "played",
      homeScore: 0,
      awayScore: 2,
    }),
  ]);
  const [item] = await insertRows("news", [buildNews({ title: `Club news ${tag}` })]);
  if (!item) throw new Error("insert failed");
  await page.goto(`/news/${item.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Club news ${tag}`);
  await expect(page.getByRole("region", { name: "Result" })).toHaveCount(0);
  await page.goto("/fixtures?tab=results");
  const card = page.getByRole("article", { name: `Shannonside Storm 0 - 2 ${opponent}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: /Match report/ })).toHaveCount(0);
});

test.describe("without JavaScript", { tag: "@desktop" }, () => {
  test.use({ javaScriptEnabled: false });

  test("a report is linked, and a match deleted meanwhile is refused", async ({ page }) => {
    const tag = randomUUID().slice(0, 8);
    const [kept, gone] = await insertRows("fixtures", [
      buildFixture({
        opponent: `Rovers ${tag}`,
        date: new Date(Date.now() - 4 * 3600 * 1000),
        status: "played",
        homeScore: 2,
        awayScore: 2,
      }),
      buildFixture({
        opponent: `Wanderers ${tag}`,
        date: new Date(Date.now() - 5 * 3600 * 1000),
        status: "played",
        homeScore: 1,
        awayScore: 0,
      }),
    ]);
    const title = `Report ${tag}`;
    const [item] = await insertRows("news", [buildNews({ title })]);
    if (!kept || !gone || !item) throw new Error("insert failed");

    await signInAsAdmin(page, `/admin/news?edit=${item.id}`);
    const form = page.getByRole("region", { name: "Edit news" });
    const select = form.getByLabel("Match report for");
    await select.selectOption({ value: gone.id });
    await deleteRows("fixtures", { id: gone.id });
    await form.getByRole("button", { name: "Update News" }).click();
    await expect(form.getByText("Please choose a match from the list, or none.")).toBeVisible();
    expect((await findRows("news", { title })).map((row) => row.fixtureId)).toEqual([null]);

    await page.goto(`/admin/news?edit=${item.id}`);
    await form.getByLabel("Match report for").selectOption({ value: kept.id });
    await form.getByRole("button", { name: "Update News" }).click();
    await expect(page.getByRole("status").filter({ hasText: "News item updated." })).toBeVisible();
    expect((await findRows("news", { title })).map((row) => row.fixtureId)).toEqual([kept.id]);
    await page.goto(`/news/${item.id}`);
    await expect(page.getByRole("region", { name: "Result" })).toContainText(
      `Shannonside Storm 2 - 2 Rovers ${tag}`,
    );
  });
});
