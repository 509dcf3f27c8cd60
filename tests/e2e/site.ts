import type { Locator, Page } from "@playwright/test";
import { expect, findRows, test } from "./fixtures.ts";

// Helpers for the public-site specs (layout, home, pages, contact, consent).

/** Stores a cookie choice before any page script runs, so the banner stays out of the way. */
export async function presetConsent(page: Page, value: "accepted" | "declined"): Promise<void> {
  await page.addInitScript((choice) => window.localStorage.setItem("cookieConsent", choice), value);
}

/** Focuses `target` as the keyboard would, so it shows its focus indicator (:focus-visible). */
export async function focusByKeyboard(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  // A key press first, so the browser treats the focus as keyboard focus (:focus-visible).
  await page.keyboard.press("Shift");
  await target.focus();
  await expect(target).toBeFocused();
  expect(await target.evaluate((element) => element.matches(":focus-visible"))).toBe(true);
}

/** Collects the URLs of the page's requests that match `pattern`, as they are made. */
export function watchRequests(page: Page, pattern: RegExp): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (pattern.test(request.url())) urls.push(request.url());
  });
  return urls;
}

export const GA4 =
  /^https:\/\/(www\.googletagmanager\.com|[^/]*google-analytics\.com|[^/]*analytics\.google\.com)\//;
export const VIDEO_SCRIPT = /^https:\/\/www\.tiktok\.com\/embed\.js/;
export const MAP_EMBED = /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/;

/** Answers third-party requests in place of the real services (the machine is offline). */
export async function fakeThirdParties(page: Page): Promise<void> {
  await page.route(GA4, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
  );
  await page.route(VIDEO_SCRIPT, (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
  );
  await page.route(MAP_EMBED, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>Map</title><p>A map</p>",
    }),
  );
}

/** The main navigation; on a small screen with JavaScript, opens the menu first. */
export async function mainNavigation(page: Page) {
  const toggle = page.getByRole("button", { name: "Menu" });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  }
  return page.getByRole("navigation", { name: "Main" });
}

/**
 * The stored news items in the site's order (app/db/schema.ts news_date_idx): newest date
 * first, undated last, then by id, descending.
 */
export async function newsNewestFirst() {
  // decisions 32: only published items are on the public pages.
  const rows = await findRows("news", { status: "published" });
  const at = (date: string | null) => (date === null ? -Infinity : Date.parse(date));
  return rows.sort((a, b) => at(b.date) - at(a.date) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** Whether the running project has JavaScript (the no-JavaScript project does not). */
export function withJavaScript(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/** The live regions that currently say `text` (ADR 011: a page change is announced). */
export function announcements(page: Page, text: string) {
  return page
    .locator("[aria-live], [role=status], [role=alert], [role=log]")
    .filter({ hasText: text });
}
