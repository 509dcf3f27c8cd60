import { expect, expectAccessible, test } from "./fixtures.ts";
import {
  fakeThirdParties,
  newsNewestFirst,
  presetConsent,
  VIDEO_SCRIPT,
  watchRequests,
  withJavaScript,
} from "./site.ts";

// The home page (rules §2 Home). Runs with and without JavaScript.

// One test per state of the page: the content checks share a page load, and the video's
// button, focus and embed are checked in one go (ADR 011 item 5 too).

test("hero, welcome, the three newest news items and the social section", async ({ page }) => {
  await presetConsent(page, "declined");
  const tiktok = watchRequests(page, /tiktok\.com/);
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

  await test.step("the three newest news items", async () => {
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
      // ADR 034: the readable address, the id's for an item without one.
      await expect(readMore).toHaveAttribute("href", `/news/${item.slug ?? item.id}`);
      await expect(readMore).toHaveAccessibleName(`Read more about ${item.title}`);
    }
  });

  await test.step("the social section links three networks and shows three videos", async () => {
    const section = page.getByRole("region", { name: "Follow Shannonside Storm" });
    for (const network of ["Facebook", "Instagram", "TikTok"]) {
      const link = section.getByRole("link", { name: new RegExp(`^${network}`) });
      await expect(link).toHaveAttribute("href", /^https:\/\/www\./);
      await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
    }
    await expect(section.getByRole("listitem").filter({ has: page.locator("img") })).toHaveCount(3);
  });

  if (!withJavaScript()) {
    await test.step("without JavaScript each video links to TikTok, and nothing is embedded", async () => {
      const links = page.getByRole("link", { name: /^Watch on TikTok: / });
      await expect(links).toHaveCount(3);
      for (const link of await links.all()) {
        await expect(link).toHaveAttribute("href", /^https:\/\/www\.tiktok\.com\/@.+\/video\/\d+$/);
        await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
      }
      expect(tiktok).toEqual([]);
    });
  }
  await expectAccessible(page);
});

test("the video embed loads only when a video is asked for, and focus moves to its frame", {
  tag: "@js",
}, async ({ page }) => {
  await presetConsent(page, "declined");
  await fakeThirdParties(page);
  // Stands in for TikTok's script, held until the placeholder has been checked: it turns
  // each placeholder into a player frame.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(VIDEO_SCRIPT, async (route) => {
    await held;
    await route.fulfill({
      status: 200,
      contentType: "text/javascript",
      body: `for (const quote of document.querySelectorAll("blockquote.tiktok-embed")) {
        const frame = document.createElement("iframe");
        frame.src = "about:blank";
        quote.replaceWith(frame);
      }`,
    });
  });
  const requests = watchRequests(page, VIDEO_SCRIPT);
  await page.goto("/");
  const play = page.getByRole("button", { name: "Play video: Training drill: the spin turn" });
  await expect(play).toBeVisible();
  expect(requests).toEqual([]);

  // Asked for by keyboard (ADR 011 item 5).
  await play.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  // The placeholder the embed script turns into a player, with a plain link meanwhile.
  await expect(page.getByRole("link", { name: "Training drill: the spin turn" })).toHaveAttribute(
    "href",
    /^https:\/\/www\.tiktok\.com\/@.+\/video\/\d+$/,
  );
  // The other videos are still thumbnails.
  await expect(page.getByRole("button", { name: /^Play video: / })).toHaveCount(2);
  await expectAccessible(page);

  // Once the player is there, focus moves to its frame.
  release();
  const frame = page.getByTitle("TikTok video: Training drill: the spin turn");
  await expect(frame).toBeFocused();
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
