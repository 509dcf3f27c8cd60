import { type Page, test } from "@playwright/test";
import { expectAccessible as axeCheck, expect } from "./fixtures.ts";

// Helpers for the public-site specs (layout, home, pages, contact, consent).

/**
 * axe runs as a script inside the page, so it can only check pages with JavaScript on: the
 * desktop and 375-px projects check every screen; the no-JavaScript project reads them.
 */
export async function expectAccessible(page: Page): Promise<void> {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await axeCheck(page);
}

/** Stores a cookie choice before any page script runs, so the banner stays out of the way. */
export async function presetConsent(page: Page, value: "accepted" | "declined"): Promise<void> {
  await page.addInitScript((choice) => window.localStorage.setItem("cookieConsent", choice), value);
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
    // Public pages show their content before the scripts run (app/entry.server.tsx): a tap
    // that comes before the page has started is not heard, so tap again, as a visitor would.
    await expect(async () => {
      if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
    }).toPass();
  }
  return page.getByRole("navigation", { name: "Main" });
}

/** Waits until React has hydrated the page (root.tsx marks `<html data-hydrated>`). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
