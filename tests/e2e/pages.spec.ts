import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { presetConsent } from "./site.ts";

// About, Sponsors, the legal pages and every page's metadata (rules §2, §10). Runs with and
// without JavaScript. One test walks the four pages (a step each, with its metadata): a test
// per page paid a browser context each.

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

/** The page's title, description and Open Graph tags, as the server sent them. */
async function expectMetadata(page: Page, path: string, title: string): Promise<void> {
  await expect(page).toHaveTitle(title);
  const meta = (selector: string) => page.locator(`head meta[${selector}]`);
  await expect(meta('name="description"')).toHaveAttribute("content", /.{40,}/);
  await expect(meta('property="og:title"')).toHaveAttribute("content", title);
  await expect(meta('property="og:description"')).toHaveAttribute("content", /.{40,}/);
  await expect(meta('property="og:type"')).toHaveAttribute("content", "website");
  await expect(meta('property="og:url"')).toHaveAttribute("content", new RegExp(`${path}$`));
  await expect(meta('property="og:image"')).toHaveAttribute("content", /^https:\/\/.+\.png$/);
}

test("About, Sponsors and the legal pages: their content, title, description and Open Graph tags", async ({
  page,
}) => {
  await test.step("About has the mission and 'Who We Are'", async () => {
    await page.goto("/about");
    await expectMetadata(page, "/about", "About | Shannonside Storm");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Shannonside Storm");
    await expect(page.getByRole("heading", { level: 2, name: "Our Mission" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Who We Are" })).toBeVisible();
    await expect(page.getByText(/^Shannonside Storm exists so that anyone/)).toBeVisible();
    await expectAccessible(page);
  });

  for (const [path, title] of [
    ["/privacy-policy", "Privacy Policy"],
    ["/terms-conditions", "Terms & Conditions"],
  ] as const) {
    await test.step(`${title} is dated July 15, 2025`, async () => {
      await page.goto(path);
      await expectMetadata(page, path, `${title} | Shannonside Storm`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByText("Last updated: July 15, 2025")).toBeVisible();
      await expectAccessible(page);
    });
    if (path === "/privacy-policy") {
      await test.step("the privacy policy explains the cookies, the analytics and the contact messages", async () => {
        await expect(
          page.getByRole("heading", { name: "Cookies and similar technologies" }),
        ).toBeVisible();
        for (const text of [
          "cookieConsent",
          "Google Analytics",
          "contact form",
          "Data Protection Commission",
        ]) {
          await expect(page.getByRole("main").getByText(text).first()).toBeVisible();
        }
      });
    }
  }

  await test.step("Sponsors has the heading, the three benefits and 'Become a Sponsor'", async () => {
    await page.goto("/sponsors");
    await expectMetadata(page, "/sponsors", "Sponsors | Shannonside Storm");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Sponsors");
    for (const benefit of ["Brand Visibility", "Community Impact", "Custom Packages"]) {
      await expect(page.getByRole("heading", { level: 3, name: benefit })).toBeVisible();
    }
    const sponsors = page.getByRole("main").getByRole("region", { name: "Proudly supported by" });
    await expect(sponsors.getByRole("img", { name: "Riverside Mobility" })).toBeVisible();
    await expect(sponsors.getByRole("img", { name: "Limerick Print & Design" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Become a Sponsor" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  });
});

test("the home and contact pages have their title, description and Open Graph tags; the favicon, the share image and the web manifest are served", {
  tag: "@desktop",
}, async ({ page, request }) => {
  await page.goto("/contact");
  await expectMetadata(page, "/contact", "Contact | Shannonside Storm");

  await page.goto("/");
  await expectMetadata(page, "/", "Shannonside Storm Powerchair Football Club");
  const icon = await page.locator('head link[rel="icon"]').getAttribute("href");
  const manifest = await page.locator('head link[rel="manifest"]').getAttribute("href");
  expect((await request.get(icon ?? "")).status()).toBe(200);
  expect((await request.get("/og-image.png")).headers()["content-type"]).toBe("image/png");

  const response = await request.get(manifest ?? "");
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body).toMatchObject({
    name: "Shannonside Storm Powerchair Football Club",
    short_name: "Shannonside Storm",
    start_url: "/",
  });
  for (const { src } of body.icons as { src: string }[]) {
    expect((await request.get(src)).status(), src).toBe(200);
  }
});
