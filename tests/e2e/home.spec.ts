import { expect, expectAccessible, test } from "./fixtures.ts";
import {
  fakeThirdParties,
  newsNewestFirst,
  presetConsent,
  VIDEO_SCRIPT,
  watchRequests,
} from "./site.ts";

// The home page (rules §2 Home). Runs with and without JavaScript.

test("hero, welcome and the three newest news items", async ({ page }) => {
  await presetConsent(page, "declined");
  await page.goto("/");
  await expect(page).toHaveTitle("Shannonside Storm Powerchair Football Club");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Shannonside Storm Powerchair Football Club",
  );
  await expect(
    page.getByText("Power. Pace. Passion. Powerchair football on the Shannon since 2012.").first(),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "View Upcoming Matches" })).toHaveAttribute(
    "href",
    "/fixtures",
  );

  const newest = (await newsNewestFirst()).slice(0, 3);
  expect(newest).toHaveLength(3);
  const section = page.getByRole("region", { name: "Latest News" });
  const cards = section.getByRole("article");
  await expect(cards).toHaveCount(3);
  for (const [index, item] of newest.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("heading")).toHaveText(item.title);
    // Decorative (the title says what it is), so found by tag rather than role.
    await expect(card.locator("img")).toHaveAttribute("src", /\.(svg|png|jpe?g|webp)$/);
    // The content, clamped to 3 lines.
    const content = card.getByText(item.content.split("\n")[0]?.slice(0, 30) ?? "");
    await expect(content).toHaveCSS("-webkit-line-clamp", "3");
    const readMore = card.getByRole("link", { name: /^Read more/ });
    await expect(readMore).toHaveAttribute("href", `/news/${item.id}`);
    await expect(readMore).toHaveAccessibleName(`Read more about ${item.title}`);
  }
  await expectAccessible(page);
});

test("the social section links three networks and shows three videos", async ({ page }) => {
  await presetConsent(page, "declined");
  await page.goto("/");
  const section = page.getByRole("region", { name: "Follow the Storm" });
  for (const network of ["Facebook", "Instagram", "TikTok"]) {
    const link = section.getByRole("link", { name: new RegExp(`^${network}`) });
    await expect(link).toHaveAttribute("href", /^https:\/\/www\./);
    await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
  }
  await expect(section.getByRole("listitem").filter({ has: page.locator("img") })).toHaveCount(3);
});

test("the video embed loads only when a video is asked for", { tag: "@js" }, async ({ page }) => {
  await presetConsent(page, "declined");
  await fakeThirdParties(page);
  const requests = watchRequests(page, VIDEO_SCRIPT);
  await page.goto("/");
  const play = page.getByRole("button", { name: "Play video: Training drill: the spin turn" });
  await expect(play).toBeVisible();
  expect(requests).toEqual([]);

  await play.click();
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  // The placeholder the embed script turns into a player, with a plain link meanwhile.
  await expect(page.getByRole("link", { name: "Training drill: the spin turn" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.tiktok\.com\/@.+\/video\/\d+$/,
  );
  // The other videos are still thumbnails.
  await expect(page.getByRole("button", { name: /^Play video: / })).toHaveCount(2);
  await expectAccessible(page);
});

test("after Accept the videos are embedded without asking", { tag: ["@js", "@desktop"] }, async ({
  page,
}) => {
  await presetConsent(page, "accepted");
  await fakeThirdParties(page);
  const requests = watchRequests(page, VIDEO_SCRIPT);
  await page.goto("/");
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: /^Play video: / })).toHaveCount(0);
});

test("without JavaScript each video links to TikTok, and nothing is embedded", {
  tag: "@nojs",
}, async ({ page }) => {
  const requests = watchRequests(page, /tiktok\.com/);
  await page.goto("/");
  const links = page.getByRole("link", { name: /^Watch on TikTok: / });
  await expect(links).toHaveCount(3);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute("href", /^https:\/\/www\.tiktok\.com\/@.+\/video\/\d+$/);
    await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
  }
  expect(requests).toEqual([]);
});
