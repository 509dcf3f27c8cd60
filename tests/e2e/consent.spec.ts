import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { fakeThirdParties, GA4, mainNavigation, watchRequests } from "./site.ts";

// Cookie consent and analytics (rules §2 Cookie banner, §4 Cookie consent,
// decisions 19, 21). All of it needs JavaScript: without it nothing optional ever loads.

const MEASUREMENT_ID = "G-E2ETEST000"; // set for the suite's server in tests/e2e/server.ts

test.describe.configure({ mode: "parallel" });

const banner = (page: Page) => page.getByRole("region", { name: "Cookies on this site" });
const stored = (page: Page) => page.evaluate(() => window.localStorage.getItem("cookieConsent"));
const pageViews = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry))
      .filter((entry) => entry[0] === "event" && entry[1] === "page_view")
      .map((entry) => (entry[2] as { page_path: string }).page_path),
  );

/**
 * Analytics has not started in this document: no gtag and no script from Google. Starting
 * it adds both at once, in the effect that runs when the page hydrates or the route changes
 * (app/components/site/analytics.tsx), so the page need not be watched for a while longer
 * (no network-idle wait).
 */
async function expectAnalyticsNotStarted(page: Page): Promise<void> {
  expect(await page.evaluate(() => "gtag" in window)).toBe(false);
  await expect(page.locator('script[src^="https://www.googletagmanager.com/"]')).toHaveCount(0);
}

test.beforeEach(async ({ page }) => {
  await fakeThirdParties(page);
});

// One test at both widths walks two journeys: a first visit that browses on without choosing
// and then declines, and a first visit that accepts and later changes its mind through
// Cookie Settings.

test("a first visit: the banner shows, never hides the focused element, sends nothing before a choice, and Decline hides it for good; Accept starts analytics with a page view per route change, and Cookie Settings reopens the banner for a new choice", {
  tag: "@js",
}, async ({ page }) => {
  const analytics = watchRequests(page, GA4);
  await page.goto("/");
  await test.step("the banner shows on a first visit", async () => {
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Accept" })).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Decline" })).toBeVisible();
    await expect(banner(page).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await expectAccessible(page);
  });

  await test.step("the banner never hides the element that has keyboard focus", async () => {
    // Tab through the whole page: every focused element outside the banner and the header is
    // fully visible between the sticky header and the banner (WCAG 2.4.11).
    const seen = new Set<string>();
    const labels: string[] = [];
    for (let step = 0; step < 120; step++) {
      await page.keyboard.press("Tab");
      const state = await page.evaluate(async () => {
        // Let the page settle its scrolling for the newly focused element.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const active = document.activeElement as HTMLElement | null;
        if (!active || active === document.body) return null;
        const bannerBox = document.querySelector("[data-cookie-banner]")?.getBoundingClientRect();
        const header = document.querySelector("[data-site-header]");
        const headerBox = header?.getBoundingClientRect();
        const box = active.getBoundingClientRect();
        const top = headerBox?.bottom ?? 0;
        const bottom = bannerBox?.top ?? window.innerHeight;
        // The banner, the header and fixed controls such as the skip link sit on top.
        const inChrome =
          Boolean(active.closest("[data-cookie-banner]")) ||
          Boolean(header?.contains(active)) ||
          getComputedStyle(active).position === "fixed";
        return {
          key: `${active.tagName}:${Math.round(box.left)}:${Math.round(box.top + window.scrollY)}`,
          label: active.textContent?.trim().slice(0, 40) ?? "",
          inChrome,
          // Fully between the header and the banner; an element taller than that space
          // fills it from its top edge.
          visible:
            inChrome ||
            (box.top >= top && box.bottom <= bottom) ||
            (box.height > bottom - top && box.top >= top && box.top < bottom - 24),
          description: `${active.tagName} "${active.textContent?.trim().slice(0, 40)}" at ${Math.round(box.top)}-${Math.round(box.bottom)}, header ends ${Math.round(headerBox?.bottom ?? 0)}, banner starts ${Math.round(bannerBox?.top ?? 0)}`,
        };
      });
      if (!state) continue;
      expect(state.visible, state.description).toBe(true);
      if (seen.has(state.key)) break;
      seen.add(state.key);
      labels.push(state.label);
    }
    // The walk reached the footer: every part of the page was checked.
    expect(labels).toContain("Cookie Settings");
  });

  await test.step("browsing on without choosing: still nothing", async () => {
    await (await mainNavigation(page)).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Shannonside Storm");
    await expect(banner(page)).toBeVisible();
    await expectAnalyticsNotStarted(page);
    expect(analytics).toEqual([]);
    expect(await stored(page)).toBeNull();
  });

  await test.step("the banner is a labelled region, and the page's h1 is its first heading", async () => {
    // ADR 011 item 6.
    await expect(banner(page).getByRole("heading")).toHaveCount(0);
    const first = page.getByRole("heading").first();
    await expect(first).toHaveText("About Shannonside Storm");
    expect(await first.evaluate((element) => element.tagName)).toBe("H1");
    await expectAccessible(page);
  });

  await test.step("Decline hides the banner for good, and analytics never starts", async () => {
    await banner(page).getByRole("button", { name: "Decline" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toBe("declined");

    await page.reload();
    await (await mainNavigation(page)).getByRole("link", { name: "Sponsors" }).click();
    await expect(page).toHaveURL("/sponsors");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Sponsors");
    await expect(banner(page)).toBeHidden();
    await expectAnalyticsNotStarted(page);
    expect(analytics).toEqual([]);
    expect(await pageViews(page)).toEqual([]);
  });

  // A later first visit: no choice stored (the journey above declined on this browser).
  await page.evaluate(() => window.localStorage.removeItem("cookieConsent"));
  await page.goto("/");
  await test.step("Accept starts analytics with a page view, and each route change sends one", async () => {
    await expectAnalyticsNotStarted(page);
    expect(analytics).toEqual([]);

    await banner(page).getByRole("button", { name: "Accept" }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toBe("accepted");
    await expect
      .poll(() => analytics)
      .toContain(`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`);
    await expect.poll(() => pageViews(page)).toEqual(["/"]);

    await (await mainNavigation(page)).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await expect.poll(() => pageViews(page)).toEqual(["/", "/about"]);

    // A later visit starts analytics at once, with its page view.
    await page.goto("/contact");
    await expect.poll(() => pageViews(page)).toEqual(["/contact"]);
  });

  await test.step("Cookie Settings reopens the banner, and Decline replaces Accept", async () => {
    const settings = page.getByRole("contentinfo").getByRole("button", { name: "Cookie Settings" });
    await settings.click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByText("Cookies on this site", { exact: true })).toBeFocused();
    await expectAccessible(page);

    await banner(page).getByRole("button", { name: "Decline" }).click();
    await expect(banner(page)).toBeHidden();
    await expect(settings).toBeFocused();
    expect(await stored(page)).toBe("declined");
    expect(
      await page.evaluate(
        (id) => (window as unknown as Record<string, unknown>)[`ga-disable-${id}`],
        MEASUREMENT_ID,
      ),
    ).toBe(true);

    // No more page views once declined.
    await (await mainNavigation(page)).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Shannonside Storm");
    expect(await pageViews(page)).toEqual(["/contact"]);
  });
});

// ADR 008: the server renders the banner and the head script shows it in the first paint;
// its code arrives after the page's own. A choice made before then is not lost.
test("@js the banner is in the first paint, and Accept pressed before its code has loaded is kept", {
  tag: "@desktop",
}, async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/cookie-banner-*.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/about");
  await expect(banner(page)).toBeVisible();
  // What React can do with a click on a part of the page whose code has not arrived: its
  // listener on the document, in the capture phase, stops the click there (react-dom's
  // dispatchEvent, for a boundary it cannot hydrate yet), so no listener on the document
  // after it runs. The suite saw it once; here it happens every time.
  await page.evaluate(() =>
    document.addEventListener(
      "click",
      (event) => {
        if (event.target instanceof Element && event.target.closest("[data-choice-pending]")) {
          event.stopPropagation();
        }
      },
      true,
    ),
  );
  await banner(page).getByRole("button", { name: "Accept" }).click();
  await expect(banner(page)).toBeHidden();
  expect(await stored(page)).toBe("accepted");

  // Once the banner's code has loaded it agrees: hidden, and analytics starts.
  release();
  await expect(page.locator('script[src^="https://www.googletagmanager.com/"]')).toHaveCount(1);
  await expect(banner(page)).toBeHidden();
  await page.reload();
  await expect(banner(page)).toBeHidden();
});
