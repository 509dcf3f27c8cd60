import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { clubSite } from "../../app/config/club-site.ts";
import { clubDates } from "../../app/domain/dates/format.ts";
import {
  expect,
  expectAccessible,
  findRows,
  reviewShot,
  signInAsAdmin,
  test,
  updateRows,
} from "./fixtures.ts";
import { presetConsent } from "./site.ts";

// The demo club's time zone (a new database's, config/club-site.ts).
const TIME_ZONE = clubSite.timeZone;

// Pages (rules §2, ADR 005): a page text edited with the keyboard, previewed, saved, and shown
// by the public page at once; the legal pages dated the day of the save. Hostile HTML is
// stripped (the sanitiser's cases are in tests/integration/page-texts.test.ts).

test.slow();

const unique = () => randomUUID().slice(0, 8);

// Other specs in this worker expect the default texts and dates: put them back.
let stored: { key: string; html: string; updatedAt: string }[] = [];
test.afterEach(async () => {
  for (const row of stored) {
    await updateRows(
      "pageTexts",
      { key: row.key },
      { html: row.html, updatedAt: new Date(row.updatedAt) },
    );
  }
  stored = [];
});

/** Keeps the page texts as they are now, for the afterEach above to put back. */
async function rememberStoredTexts(): Promise<void> {
  stored = (await findRows("pageTexts")).map(({ key, html, updatedAt }) => ({
    key,
    html,
    updatedAt,
  }));
}

async function tabTo(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

const editor = (page: Page) => page.getByRole("textbox", { name: /^Text/ });

/** Opens a text's form from the list with the keyboard and writes `text` over what it held. */
async function editWithKeyboard(page: Page, label: string, text: string): Promise<void> {
  await tabTo(page, page.getByRole("link", { name: `Edit: ${label}` }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: `Edit ${label}` })).toBeVisible();
  // The keyboard lands in the text itself (ADR 005: the form's first field).
  await expect(editor(page)).toHaveAttribute("contenteditable", "true");
  await expect(editor(page)).toBeFocused();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

async function saveWithKeyboard(page: Page): Promise<void> {
  await tabTo(page, page.getByRole("button", { name: "Save", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Page text saved." })).toBeVisible();
}

test("the About text and the privacy policy: edited with the keyboard, previewed, saved, on the site at once", {
  tag: "@desktop",
}, async ({ page }) => {
  const mission = `We play powerchair football every week ${unique()}.`;
  const policy = `We keep contact messages for twelve months ${unique()}.`;
  await presetConsent(page, "declined");
  await signInAsAdmin(page, "/admin/pages");
  await rememberStoredTexts();
  await updateRows(
    "pageTexts",
    { key: "privacy" },
    { updatedAt: new Date("2025-01-15T12:00:00Z") },
  );
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
  await expectAccessible(page);

  // About: typed, previewed (nothing saved yet), then saved from the preview.
  await editWithKeyboard(page, "About: Our Mission", mission);
  await tabTo(page, page.getByRole("button", { name: "Preview" }));
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("heading", { level: 1, name: "Preview: About: Our Mission" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Preview" })).toBeFocused();
  await expect(page.getByRole("region", { name: "Preview" }).getByText(mission)).toBeVisible();
  const [unsaved] = await findRows("pageTexts", { key: "about-mission" });
  expect(unsaved?.html).not.toContain(mission);
  await expectAccessible(page);
  await reviewShot(page, "pages-preview", { fullPage: true });
  await saveWithKeyboard(page);
  await reviewShot(page, "pages-saved", { fullPage: true });

  // The privacy policy: saved today, so its date moves from January 15, 2025 to today.
  await page.goto("/privacy-policy");
  await expect(page.getByText("Last updated: January 15, 2025")).toBeVisible();
  await page.goto("/admin/pages");
  await editWithKeyboard(page, "Privacy Policy", policy);
  await saveWithKeyboard(page);

  await page.goto("/about");
  await expect(page.getByText(mission)).toBeVisible();
  await page.goto("/privacy-policy");
  await expect(page.getByText(policy)).toBeVisible();
  const today = clubDates({ timeZone: TIME_ZONE }).formatInClubZone({
    date: new Date(),
    pattern: "MMMM d, yyyy",
  });
  await expect(page.getByText(`Last updated: ${today}`)).toBeVisible();
  await expectAccessible(page);
  await reviewShot(page, "privacy", { fullPage: true });
});

test("hostile HTML in a page text is stripped: no script, no handler", { tag: "@desktop" }, async ({
  page,
}) => {
  await presetConsent(page, "declined");
  await signInAsAdmin(page, "/admin/pages");
  await rememberStoredTexts();
  const [row] = await findRows("pageTexts", { key: "about-who" });
  const marker = `Join us on Thursdays ${unique()}`;
  // Sent as a hand-made post (the editor never produces it), with this page's session.
  const response = await page.request.post("/admin/pages", {
    headers: { origin: new URL(page.url()).origin },
    form: {
      intent: "save",
      id: row?.id ?? "",
      html: `<p onclick="window.hacked=1">${marker}</p><script>window.hacked=2</script><img src=x onerror="window.hacked=3">`,
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const [saved] = await findRows("pageTexts", { key: "about-who" });
  expect(saved?.html).toContain(marker);
  expect(saved?.html).not.toMatch(/<script|onclick|onerror/i);

  await page.goto("/about");
  const paragraph = page.getByText(marker);
  await expect(paragraph).toBeVisible();
  await paragraph.click();
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  expect(await page.content()).not.toContain("window.hacked");
});
