import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { buildContactMessage } from "../../scripts/factories.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  expectNoHorizontalScrolling,
  insertRows,
  reviewShot,
  signInAsAdmin,
  tabTo,
  test,
} from "./fixtures.ts";
import { presetConsent } from "./site.ts";

// The admin on a phone (375 px, in the mobile project only: tagged @mobile). What an
// administrator does on a screen (save, refuse, delete, Undo, import, invite) does not depend
// on the width, so those journeys run once, at 1280 px; News, Team, Table and Fixtures also
// run their whole keyboard journeys at 375 px (admin-keyboard.spec.ts, admin-fixtures.spec.ts).
// What does depend on the width is checked here, on every other screen: the page never
// scrolls sideways, every control on it can be brought into view whole and is not covered by
// anything (a sticky bar, a notice), the first field is reached with Tab and shows in the
// screen, and axe finds nothing at this width.

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

/**
 * Fails when the page scrolls sideways, or when any visible control (link, button, field) runs
 * outside the screen or is covered where a tap or a click would land (WCAG 1.4.10, 2.4.11).
 */
async function expectEveryControlInReach(page: Page): Promise<void> {
  await expectNoHorizontalScrolling(page);
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const name = (element: Element) => {
      const label =
        element.getAttribute("aria-label") ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.textContent ??
        "";
      return `${element.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`;
    };
    const controls = document.querySelectorAll(
      "a[href], button, input:not([type=hidden]), select, textarea, [contenteditable=true], [tabindex]:not([tabindex='-1'])",
    );
    for (const element of controls) {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const before = element.getBoundingClientRect();
      // Visually hidden on purpose (a skip link until focused, a file field behind its label).
      if (before.width <= 1 || before.height <= 1) continue;
      element.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
      const box = element.getBoundingClientRect();
      if (box.left < -1 || box.right > viewport + 1) {
        found.push(
          `${name(element)} runs outside the ${viewport} px screen (${Math.round(box.left)} to ${Math.round(box.right)})`,
        );
        continue;
      }
      // The middle of its first line box: a link that wraps has a box spanning both lines,
      // whose middle may fall beside the words.
      const line = element.getClientRects()[0] ?? box;
      const hit = document.elementFromPoint(line.left + line.width / 2, line.top + line.height / 2);
      if (!hit || hit === element || element.contains(hit)) continue;
      // A label over its own field (a styled checkbox or file field) is the field.
      if (hit.closest("label")?.control === element) continue;
      found.push(`${name(element)} is covered by ${name(hit)}`);
    }
    window.scrollTo({ top: 0, behavior: "instant" });
    return found;
  });
  expect(problems, problems.join("\n")).toEqual([]);
}

/** The focused element shows whole inside the screen (not under a sticky bar or off its edge). */
async function expectFocusInView(page: Page): Promise<void> {
  const box = await page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const r = focused.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      inside: r.top >= 0 && r.left >= -1 && r.bottom <= innerHeight && r.right <= innerWidth + 1,
      covered: !!hit && hit !== focused && !focused.contains(hit),
    };
  });
  expect(box, "something is focused").not.toBeNull();
  expect(box?.inside, "the focused field is inside the screen").toBe(true);
  expect(box?.covered, "the focused field is not covered").toBe(false);
}

/**
 * From the start of the main content, Tab to its first form field (when it has one): it must
 * be reached, show whole inside the screen and not be covered.
 */
async function expectFirstFieldReached(page: Page): Promise<void> {
  const first = page
    .locator("main")
    .locator("input:not([type=hidden]), select, textarea, [contenteditable=true]")
    .filter({ visible: true })
    .first();
  if ((await first.count()) === 0) return;
  await page.evaluate(() => {
    const main = document.querySelector("main") as HTMLElement;
    if (!main.hasAttribute("tabindex")) main.tabIndex = -1;
    main.focus();
  });
  await tabTo(page, first);
  await expectFocusInView(page);
}

async function checkScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectEveryControlInReach(page);
  await expectFirstFieldReached(page);
  await expectAccessible(page);
  await reviewShot(page, `narrow${path.replaceAll("/", "-")}`, { fullPage: true });
}

/** Messages, with a message from a long address: its mailto link wraps onto two lines here. */
async function checkMessagesWithALongAddress(page: Page): Promise<void> {
  const id = randomUUID();
  await insertRows("contactMessages", [
    buildContactMessage({
      id,
      email: `1-wraps-${Date.now()}-${id.slice(0, 6)}@example.com`,
      createdAt: new Date(Date.now() + 24 * 3600 * 1000),
    }),
  ]);
  try {
    await checkScreen(page, "/admin/messages");
  } finally {
    await deleteRows("contactMessages", { id });
  }
}

// Grouped so the two Playwright workers share them; each screen is one page load and one axe run.
const GROUPS: Record<string, string[]> = {
  "the dashboard, Messages, Subscribers, Club details, Sponsors, the page texts, Media and Team's bio editor":
    [
      "/admin",
      "/admin/messages",
      "/admin/subscribers",
      "/admin/club",
      "/admin/sponsors",
      "/admin/pages",
      "/admin/media",
      "/admin/team",
    ],
  "Seasons and an archived season's figures, Venues, Competitions, Import, Administrators and the password":
    [
      "/admin/seasons",
      "/admin/venues",
      "/admin/competitions",
      "/admin/import",
      "/admin/administrators",
      "/admin/administrators/new",
      "/admin/password",
    ],
};

for (const [title, paths] of Object.entries(GROUPS)) {
  test(`at 375 px: ${title} fit the screen, every control in reach, axe clean @mobile`, async ({
    page,
  }) => {
    test.slow();
    await signInAsAdmin(page, "/admin");
    for (const path of paths) {
      if (path === "/admin/messages") {
        await test.step(path, () => checkMessagesWithALongAddress(page));
        continue;
      }
      await test.step(path, () => checkScreen(page, path));
      if (path === "/admin/team") {
        // The bio editor's toolbar loads with its own chunk.
        await expect(page.getByRole("toolbar", { name: "Bio formatting" })).toBeVisible();
        await expectEveryControlInReach(page);
      }
      if (path === "/admin/seasons") {
        // The demo's archived season: its table and its players' figures.
        const figures = await page
          .locator('main a[href^="/admin/seasons/"]')
          .first()
          .getAttribute("href");
        expect(figures, "the archived season links to its figures").toBeTruthy();
        await test.step(figures as string, () => checkScreen(page, figures as string));
      }
    }
  });
}

test("at 375 px: the login screen and Forgot password fit the screen, every control in reach, axe clean @mobile", async ({
  page,
}) => {
  for (const path of ["/admin/login", "/admin/forgot-password"]) {
    await test.step(path, () => checkScreen(page, path));
  }
});
