import { expect, expectAccessible, signInAsAdmin, test } from "./fixtures.ts";
import { mainNavigation, presetConsent, withJavaScript } from "./site.ts";

// The layout of every public page (rules §2): header, footer, skip link,
// not-found page, scrolling. Runs with and without JavaScript (see playwright.config.ts).
// Checks of one page share a test (steps), rather than paying a browser context each.

const HEADER_LINKS = [
  ["Home", "/"],
  ["About", "/about"],
  ["Team", "/team"],
  ["Fixtures", "/fixtures"],
  ["News", "/news"],
  ["Sponsors", "/sponsors"],
  ["Contact", "/contact"],
] as const;

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

// The header, the skip link and the footer are the same on every page: one page load checks
// them all, at both widths and without JavaScript.
test("the skip link is the first stop; the header has the seven links, marks the current page and offers the login; the footer has the legal links, partners, social links and the copyright", async ({
  page,
}) => {
  await page.goto("/about");
  await test.step("a skip link is the first stop and leads to the content", async () => {
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await expect(page.getByRole("main")).toBeFocused();
  });

  await test.step("the footer", async () => {
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await expect(footer.getByRole("link", { name: "Terms & Conditions" })).toHaveAttribute(
      "href",
      "/terms-conditions",
    );

    const sections = [
      ["Governing Bodies", 4],
      ["Official Sponsors", 2],
    ] as const;
    for (const [title, count] of sections) {
      const section = footer.getByRole("region", { name: title });
      await expect(section.getByRole("heading", { name: title })).toBeVisible();
      const links = section.getByRole("link");
      await expect(links).toHaveCount(count);
      for (const link of await links.all()) {
        await expect(link).toHaveAttribute("href", /^https:\/\//);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
        // The logo is an image with a text alternative, which names the link.
        const logo = link.getByRole("img");
        await expect(logo).toHaveAttribute("alt", /\w/);
        await expect(link).toHaveAccessibleName(
          new RegExp(`^${escapeRegExp(await logo.getAttribute("alt"))}`),
        );
      }
    }

    for (const network of ["Facebook", "Instagram", "YouTube", "TikTok"]) {
      const link = footer.getByRole("link", { name: new RegExp(`^${network}`) });
      await expect(link).toHaveAttribute("href", /^https:\/\//);
      await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
    }

    await expect(footer).toContainText(
      `© ${new Date().getFullYear()} Shannonside Storm Powerchair Football Club`,
    );
    await expect(
      footer.getByRole("link", { name: /^Club volunteers and contributors/ }),
    ).toBeVisible();
  });

  await test.step("the header", async () => {
    const nav = await mainNavigation(page);
    const links = nav.getByRole("link");
    await expect(links).toHaveText(HEADER_LINKS.map(([label]) => label));
    for (const [index, [, href]] of HEADER_LINKS.entries()) {
      await expect(links.nth(index)).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
    await expect(page.getByRole("link", { name: "Administrator login" })).toHaveAttribute(
      "href",
      "/admin/login",
    );
  });
  await expectAccessible(page);
});

// Also the foundation's checks: the scripts run under the Content-Security-Policy, and the
// client router takes over (rules §12, ADR 007).
test("an unknown address answers 404 inside the layout, with a way home; the public header and footer never appear under /admin", {
  tag: "@desktop",
}, async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await test.step("an unknown address answers 404 inside the layout, with a way home", async () => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page not found | Shannonside Storm");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectAccessible(page);
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Shannonside Storm Powerchair Football Club",
    );
    if (withJavaScript()) {
      // The client router took over: the link did not reload the document.
      expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
        true,
      );
    }
    expect(violations).toEqual([]);
  });

  await test.step("the public header and footer never appear under /admin", async () => {
    for (const path of ["/admin/login", "/admin/no-such-page"]) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Skip to content" })).toHaveCount(0);
      await expect(page.getByText("Governing Bodies")).toHaveCount(0);
    }
  });
});

test.describe("on a 375-px screen", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("without JavaScript the menu opens (a native popover) with every link, and Cookie Settings leads to the cookie section of the policy", {
    tag: "@nojs",
  }, async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Sponsors" })).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    for (const [label] of HEADER_LINKS) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expectAccessible(page);

    // At 1280 px, where this check was made on its own.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie Settings" }).click();
    await expect(page).toHaveURL("/privacy-policy#cookies");
    await expect(
      page.getByRole("heading", { name: "Cookies and similar technologies" }),
    ).toBeInViewport();
  });
});

// What the scripts do (the menu, scrolling on a page change, the person icon): one test.
test.describe("what the scripts do", () => {
  // Records every scroll position while the next page replaces this one.
  async function positionsDuringNavigation(page: import("@playwright/test").Page) {
    await page.goto("/privacy-policy");
    await page.evaluate(() => window.scrollTo({ top: 2000, behavior: "instant" }));
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seen: number[] }).seen = seen;
      window.addEventListener("scroll", () => seen.push(Math.round(window.scrollY)));
    });
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms & Conditions" }).click();
    await expect(page).toHaveURL("/terms-conditions");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    return page.evaluate(() => (window as unknown as { seen: number[] }).seen);
  }

  test("the small-screen menu; a new page starts at the top, smoothly, or at once with reduced motion, and Back returns to where the visitor was; the person icon follows a sign-in in another tab", {
    tag: ["@js", "@desktop"],
  }, async ({ page, context }) => {
    // Its own viewport, so it runs once (@desktop): the mobile project would repeat it.
    await test.step("at 375 px the menu toggle opens, manages focus, closes with Escape and on a chosen link", async () => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto("/");
      const toggle = page.getByRole("button", { name: "Menu" });
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(nav.getByRole("link", { name: "Sponsors" })).toBeHidden();

      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(nav.getByRole("link", { name: "Home" })).toBeFocused();
      await expect(nav.getByRole("link")).toHaveCount(7);
      for (const link of await nav.getByRole("link").all()) await expect(link).toBeVisible();
      await expectAccessible(page);

      await page.keyboard.press("Escape");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(toggle).toBeFocused();
      await expect(nav.getByRole("link", { name: "Sponsors" })).toBeHidden();

      // Keyboard: Enter opens it, a chosen link navigates and closes it.
      await page.keyboard.press("Enter");
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await nav.getByRole("link", { name: "Sponsors" }).click();
      await expect(page).toHaveURL("/sponsors");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(nav.getByRole("link", { name: "Sponsors" })).toBeHidden();
      await expect(page.getByRole("heading", { level: 1, name: "Our Sponsors" })).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step("a new page starts at the top, and Back returns to where the visitor was", async () => {
      await page.goto("/privacy-policy");
      // A link in the page's text, half-way down.
      const link = page.getByRole("main").getByRole("link", { name: "Terms & Conditions" });
      await link.scrollIntoViewIfNeeded();
      const position = await page.evaluate(() => Math.round(window.scrollY));
      expect(position).toBeGreaterThan(500);
      await link.click();
      await expect(page).toHaveURL("/terms-conditions");
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

      await page.goBack();
      await expect(page).toHaveURL("/privacy-policy");
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(position);
    });

    await test.step("is smooth by default", async () => {
      const seen = await positionsDuringNavigation(page);
      expect(seen.some((y) => y > 0 && y < 2000)).toBe(true);
    });

    await test.step("is immediate when the visitor prefers reduced motion", async () => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      const seen = await positionsDuringNavigation(page);
      expect(seen.filter((y) => y > 0 && y < 2000)).toEqual([]);
    });

    await test.step("the person icon follows a sign-in in another tab without a reload", async () => {
      await page.goto("/");
      await page.evaluate(() => {
        (window as unknown as { marker: boolean }).marker = true;
      });
      await expect(page.getByRole("link", { name: "Administrator login" })).toBeVisible();

      const other = await context.newPage();
      await signInAsAdmin(other);

      await expect(page.getByRole("link", { name: "Administrator dashboard" })).toHaveAttribute(
        "href",
        "/admin",
      );
      expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
        true,
      );
    });
  });
});

test("the footer and the home page's sections are the server's HTML kept as it is: their links navigate in the page, and they are whole after a client navigation from the admin", {
  tag: ["@js", "@desktop"],
}, async ({ page }) => {
  // ADR 044: their code is not in the scripts a first visit loads.
  const samePage = () => page.evaluate(() => "samePage" in window);
  await test.step("a link in the kept footer navigates in the page and moves focus", async () => {
    await page.goto("/privacy-policy");
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    const footer = page.getByRole("contentinfo");
    await footer
      .getByRole("navigation", { name: "Get involved" })
      .getByRole("link", { name: "Come and try" })
      .click();
    await expect(page).toHaveURL("/come-and-try");
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    expect(await samePage()).toBe(true);
    // Still the footer's own part, and the legal links and Cookie Settings stay React's.
    await expect(footer.getByRole("link", { name: "Come and try" })).toBeVisible();
    await footer.getByRole("button", { name: "Cookie Settings" }).click();
    await expect(page.getByRole("region", { name: "Cookies on this site" })).toBeVisible();
  });

  await test.step("from the admin's View site: the home page's sections and the footer are drawn in the browser", async () => {
    await signInAsAdmin(page);
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await page.getByRole("link", { name: "View site" }).click();
    await expect(page).toHaveURL("/");
    expect(await samePage()).toBe(true);
    await expect(page.getByRole("heading", { level: 2, name: "Latest News" })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("navigation", { name: "Get involved" })).toBeVisible();
    await expect(footer.getByRole("region", { name: "Governing Bodies" })).toBeVisible();
    await expect(footer).toContainText("All rights reserved.");
    await expectAccessible(page);
  });
});

function escapeRegExp(text: string | null): string {
  return (text ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
