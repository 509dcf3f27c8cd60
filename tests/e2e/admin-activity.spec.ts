import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { hashPassword } from "../../app/domain/auth/password.server.ts";
import {
  expect,
  expectAccessible,
  expectNoHorizontalScrolling,
  insertRows,
  reviewShot,
  signInThroughForm,
  tabTo,
  test,
} from "./fixtures.ts";
import { presetConsent } from "./site.ts";

// Activity (ADR 021), keyboard only with axe: an administrator of its own signs in and adds a
// news item (both recorded; the news list says who changed it), then reads Activity: newest first, filtered by person and by
// screen with the GET form, paged, each entry in words with the exact time in its title.
// The list's layout is checked at 1280 px and at 375 px (the mobile project).

const PASSWORD = "activity-lantern-pebble-58";

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

async function newAdministrator(): Promise<{ id: string; email: string }> {
  const email = `activity-${randomUUID().slice(0, 8)}@club.example`;
  const [row] = await insertRows("administrators", [
    { email, passwordHash: await hashPassword(PASSWORD) },
  ]);
  return { id: row?.id ?? "", email };
}

/** Chooses an option of a native select from the keyboard: focus it, type the option's text. */
async function chooseWithKeyboard(page: Page, label: string, option: string) {
  const select = page.getByLabel(label);
  await tabTo(page, select);
  await page.keyboard.type(option);
  await expect(select.locator("option:checked")).toHaveText(option);
}

test("Activity lists who changed what, newest first, filtered and paged, with the keyboard only", async ({
  page,
}) => {
  test.slow();
  const me = await newAdministrator();
  // Older changes of this person, enough for a second page (50 a page).
  const start = Date.now() - 10 * 24 * 3600_000;
  await insertRows(
    "activity",
    Array.from({ length: 55 }, (_, index) => ({
      at: new Date(start + index * 60_000),
      administratorId: me.id,
      actor: me.email,
      screen: "team",
      action: "update",
      recordId: randomUUID(),
      label: `Player ${index}`,
      fields: ["position"],
    })),
  );
  await signInThroughForm(page, { path: "/admin/news", email: me.email, password: PASSWORD });

  // A news item added with the keyboard.
  const title = `Cup draw ${randomUUID().slice(0, 8)}`;
  const form = page.getByRole("region", { name: "Add news" });
  await tabTo(page, form.getByLabel("Title"));
  await page.keyboard.type(title);
  await tabTo(page, form.getByLabel("Content"));
  await page.keyboard.type("The draw is made on Monday.");
  await tabTo(page, form.getByRole("button", { name: "Add News" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "News item created." })).toBeVisible();
  // The list says who changed it last, the exact time in the <time> element's title.
  const row = page.getByRole("article", { name: title });
  await expect(row).toContainText(`Changed by ${me.email} less than a minute ago`);
  await expect(row.locator("time[title]").last()).toHaveAttribute("datetime", /^\d{4}-/);

  await page.goto("/admin/activity");
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  // ACTIVITY_DAYS, unset: the default two years.
  await expect(page.getByText("Each change is kept for 730 days, then removed.")).toBeVisible();
  await expectAccessible(page);

  // This person's changes: the news item first (newest), then the sign-in, then the older ones.
  await chooseWithKeyboard(page, "Person", me.email);
  await tabTo(page, page.getByRole("button", { name: "Show" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/admin/activity?person=${encodeURIComponent(me.email)}&screen=`);
  const list = page.getByRole("region", { name: /Matching changes/ });
  await expect(list.getByRole("heading", { name: "Matching changes (57)" })).toBeVisible();
  const entries = page.getByRole("list", { name: /Matching changes/ }).getByRole("listitem");
  await expect(entries).toHaveCount(50);
  await expect(entries.nth(0)).toContainText(`${me.email} added the news item “${title}”`);
  await expect(entries.nth(0)).toContainText("News ·");
  await expect(entries.nth(1)).toContainText(`${me.email} signed in`);
  await expect(entries.nth(2)).toContainText("updated the person “Player 54” (position)");
  // The exact time is in the <time> element, its words say how long ago.
  const time = entries.nth(2).locator("time");
  await expect(time).toHaveText(/days ago$/);
  await expect(time).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await expect(time).toHaveAttribute("title", /^\d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d$/);
  await expectAccessible(page);
  await expectNoHorizontalScrolling(page);
  await reviewShot(page, "activity-person", { fullPage: true });

  // The second page, by its link.
  await tabTo(
    page,
    page.getByRole("navigation", { name: "Activity pages" }).getByRole("link", { name: "2" }),
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/page=2/);
  await expect(entries).toHaveCount(7);
  await expect(entries.last()).toContainText("“Player 0”");

  // By screen: only the sign-in.
  await chooseWithKeyboard(page, "Screen", "Signing in");
  await tabTo(page, page.getByRole("button", { name: "Show" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/screen=sign-in/);
  await expect(list.getByRole("heading", { name: "Matching changes (1)" })).toBeVisible();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(`${me.email} signed in`);
  await expectAccessible(page);
  await reviewShot(page, "activity-screen");
});
