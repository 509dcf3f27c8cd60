import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { serverUrl } from "./ports.ts";

// No dead taps (decisions 29, ADR 019): every control a public page shows works when pressed
// before its scripts run, or is not shown until it does. The page's scripts are held back
// entirely, so what is tested is the moment between the first paint and hydration (which
// lasts seconds on a slow phone), and a browser where the scripts never arrive. The inline
// scripts in the page's head still run, as they do in that moment; a second pass has no
// JavaScript at all. At 375 px, where the header's links are behind the menu.

const PHONE = { width: 375, height: 740 };

/**
 * The public pages with fixed addresses; a news item, a player and a venue are found from
 * their lists.
 */
const PAGES = [
  "/",
  "/about",
  "/news",
  "/team",
  "/fixtures",
  "/fixtures?tab=results",
  "/fixtures?tab=table",
  "/sponsors",
  "/contact",
  "/events",
  "/come-and-try",
  "/privacy-policy",
  "/terms-conditions",
];

/** Every control a person could press, as the accessibility tree names them. */
const CONTROLS =
  "button, [role=button], [role=tab], [role=switch], [role=menuitem], summary, input[type=button], input[type=submit], input[type=reset], input[type=image]";

async function scriptlessPage(
  browser: Browser,
  mode: "scripts blocked" | "no JavaScript",
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: serverUrl(),
    viewport: PHONE,
    javaScriptEnabled: mode !== "no JavaScript",
    serviceWorkers: "block",
  });
  if (mode === "scripts blocked") {
    // Every script file fails, so React Router never starts: the page stays as the server
    // sent it, with only its inline head script.
    await context.route("**/*.js", (route) => route.abort());
  }
  return context.newPage();
}

/**
 * Why a visible control works without the page's scripts, or null when it would do nothing:
 * a popover's toggle (the browser opens it), a form's submit button (the browser posts the
 * form), a cookie choice (the head script stores it).
 */
async function howItWorks(control: Locator): Promise<string | null> {
  return control.evaluate((element) => {
    const target = element.getAttribute("popovertarget");
    if (target && document.getElementById(target)?.hasAttribute("popover")) return "popover";
    if (
      (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) &&
      element.type === "submit" &&
      element.form
    ) {
      return "submits its form";
    }
    if (element.closest("[data-choice-pending]") && element.hasAttribute("data-consent-choice")) {
      return "cookie choice";
    }
    return null;
  });
}

async function deadControls(page: Page): Promise<string[]> {
  const dead: string[] = [];
  for (const control of await page.locator(CONTROLS).all()) {
    if (!(await control.isVisible())) continue;
    const how = await howItWorks(control);
    if (how === "popover") {
      // Pressed, it must open what it names; pressed again, close it.
      const popover = page.locator(`[id="${await control.getAttribute("popovertarget")}"]`);
      await control.click();
      const opened = await popover.evaluate((element) => element.matches(":popover-open"));
      await control.click();
      if (!opened) dead.push(`${await control.textContent()} (its popover did not open)`);
      continue;
    }
    if (how === null) {
      dead.push(
        (await control.getAttribute("aria-label")) ??
          ((await control.textContent()) || "(unnamed)"),
      );
    }
  }
  return dead;
}

for (const mode of ["scripts blocked", "no JavaScript"] as const) {
  test(`@desktop with ${mode}, at 375 px the menu opens and its links lead on, and no page shows a control that does nothing`, async ({
    browser,
  }) => {
    test.slow();
    const page = await scriptlessPage(browser, mode);

    await test.step("the menu opens, shows every link, and a link leads to its page", async () => {
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main" });
      const toggle = page.getByRole("button", { name: "Menu" });
      await expect(toggle).toBeVisible();
      await expect(nav.getByRole("link", { name: "News" })).toBeHidden();
      await toggle.click();
      await expect(nav.getByRole("link")).toHaveCount(7);
      for (const link of await nav.getByRole("link").all()) await expect(link).toBeVisible();
      // Escape closes it, as the browser does for a popover.
      await page.keyboard.press("Escape");
      await expect(nav.getByRole("link", { name: "News" })).toBeHidden();
      await toggle.click();
      await nav.getByRole("link", { name: "News" }).click();
      await expect(page).toHaveURL("/news");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });

    const found = {
      newsItem: await page
        .getByRole("main")
        .getByRole("link", { name: /^Read more about / })
        .first()
        .getAttribute("href"),
      player: null as string | null,
    };
    await page.goto("/team");
    found.player = await page
      .getByRole("main")
      .locator('a[href^="/team/"]')
      .first()
      .getAttribute("href");
    await page.goto("/events");
    const venue = await page
      .getByRole("main")
      .locator('a[href^="/venues/"]')
      .first()
      .getAttribute("href");
    expect(found.newsItem, "a news item on /news").toBeTruthy();
    expect(found.player, "a person on /team").toBeTruthy();
    expect(venue, "a venue on /events").toBeTruthy();

    for (const path of [...PAGES, found.newsItem ?? "", found.player ?? "", venue ?? ""]) {
      await test.step(`${path}: every visible control works`, async () => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        expect(await deadControls(page), `controls on ${path} that do nothing`).toEqual([]);
      });
    }

    if (mode === "scripts blocked") {
      await test.step("the cookie banner's choice is kept and the banner goes", async () => {
        await page.goto("/");
        const banner = page.getByRole("region", { name: "Cookies on this site" });
        await expect(banner).toBeVisible();
        await banner.getByRole("button", { name: "Decline" }).click();
        await expect(banner).toBeHidden();
        await page.goto("/about");
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(banner).toBeHidden();
      });
    }
    await page.context().close();
  });
}
