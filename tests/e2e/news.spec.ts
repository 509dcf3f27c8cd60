import { randomUUID } from "node:crypto";
import type { Page, Request, Route } from "@playwright/test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { NEWS_PAGE_SIZE } from "../../app/domain/news/rules.ts";
import { buildNews } from "../../scripts/factories.ts";
import { expect, expectAccessible, insertRows, test } from "./fixtures.ts";
import { announcements, newsNewestFirst, presetConsent, withJavaScript } from "./site.ts";

// The news list and a news item (rules §2 News list, News detail; §10). Runs at both
// widths and without JavaScript. Tests that ran earlier on the worker's server leave news
// behind: each test makes its own items with unique titles and never counts the whole table.

/** Inserts a news item directly (the admin spec covers the form) and returns its id. */
async function insertNews(item: {
  title: string;
  content: string;
  date: string | null;
  category?: string;
  image?: string;
}): Promise<string> {
  const [row] = await insertRows("news", [
    buildNews({ ...item, date: item.date ? new Date(item.date) : null }),
  ]);
  if (!row) throw new Error("insert failed");
  return row.id;
}

/** The instants of the cards on the page, in order (undated cards have none). */
async function cardDates(page: Page): Promise<number[]> {
  const list = page.getByRole("region", { name: /stories/ }).getByRole("listitem");
  return (await list
    .locator("time")
    .evaluateAll((times) =>
      times.map((time) => Date.parse(time.getAttribute("datetime") ?? "")),
    )) as number[];
}

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

// One test per journey or state: the list, 'Read more' and an item at both widths and without
// JavaScript; the rest (what the server sends, 404s, paging) once (@desktop).

test("the list shows news newest first, each card with its image, category, title, content, age and link; an item shows its title, date, category and content", async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  const title = `Three days ago ${tag}`;
  const id = await insertNews({
    title,
    // A long report: its card carries only the start (CARD_EXCERPT_LENGTH), not the tail.
    content: `First line of ${tag}.\nSecond line. ${"A long match report. ".repeat(40)}Tail of ${tag}.`,
    date: new Date(Date.now() - 3 * 24 * 3600 * 1000 - 60_000).toISOString(),
    category: "Club news",
    image: "/images/demo/volunteers.svg",
  });
  // Earlier tests on this worker's server may have added newer items: open the page the
  // item falls on in the newest-first order.
  const position = (await newsNewestFirst()).findIndex((row) => row.id === id);
  const pageNumber = Math.floor(position / NEWS_PAGE_SIZE) + 1;
  await page.goto(pageNumber === 1 ? "/news" : `/news?page=${pageNumber}`);
  await expect(page).toHaveTitle(
    pageNumber === 1
      ? "News | Shannonside Storm"
      : new RegExp(`^News, page ${pageNumber} of \\d+ \\| Shannonside Storm$`),
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("News");

  const card = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Club news")).toBeVisible();
  await expect(card.getByText("3 days ago")).toBeVisible();
  await expect(card.locator("img")).toHaveAttribute("src", "/images/demo/volunteers.svg");
  await expect(card.getByText(`First line of ${tag}.`)).toHaveCSS("-webkit-line-clamp", "2");
  await expect(card.getByText(`First line of ${tag}.`)).toHaveText(/…$/);
  expect(await page.content()).not.toContain(`Tail of ${tag}`);
  const readMore = card.getByRole("link", { name: `Read more about ${title}` });
  await expect(readMore).toHaveAttribute("href", `/news/${id}`);

  // Newest first: every card's date is at or before the one above it.
  const dates = await cardDates(page);
  expect(dates.length).toBeGreaterThan(3);
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
  await expectAccessible(page);

  await test.step("'Read more' opens the item; with JavaScript it focuses its heading", async () => {
    await readMore.click();
    await expect(page).toHaveURL(`/news/${id}`);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(title);
    if (withJavaScript()) {
      // ADR 011 item 2: a client-side page change moves focus and is announced.
      await expect(heading).toBeFocused();
      await expect(announcements(page, await page.title())).toHaveCount(1);
    }
  });

  await test.step("a story under 'More news' opens in its place: its own title, in the page with JavaScript", async () => {
    // ADR 044: the article is the server's HTML kept as it is; its links still navigate in
    // the page, and the next item is that item, not the first one's HTML again.
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    const more = page.getByRole("region", { name: "More news" });
    const next = more.getByRole("link", { name: /^Read more about / }).first();
    const nextTitle = (await next.textContent())?.replace(/^Read more\s*about /, "");
    const nextHref = await next.getAttribute("href");
    await next.click();
    await expect(page).toHaveURL(nextHref ?? "");
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(nextTitle ?? "");
    await expect(page.getByRole("heading", { level: 1, name: title })).toHaveCount(0);
    if (withJavaScript()) {
      await expect(heading).toBeFocused();
      expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    }
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  await test.step("a news item: title, date in the club's time zone, category, content with its line breaks", async () => {
    const itemTag = randomUUID().slice(0, 8);
    const itemTitle = `Summer final ${itemTag}`;
    const itemId = await insertNews({
      title: itemTitle,
      content: `What a night ${itemTag}.\nA line of its own.\n\n<b>Not bold</b>, just text.`,
      // 14:30 UTC is 15:30 in Dublin in summer.
      date: "2026-07-05T14:30:00Z",
      category: "Match report",
    });
    await page.goto(`/news/${itemId}`);
    await expect(page).toHaveTitle(`${itemTitle} | Shannonside Storm`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(itemTitle);
    await expect(page.getByText("5 July 2026, 15:30", { exact: true })).toBeVisible();
    const article = page.getByRole("article", { name: itemTitle });
    await expect(article.getByText("Match report", { exact: true })).toBeVisible();
    const first = article.getByText(`What a night ${itemTag}.`);
    // The text as shown (innerText follows the CSS that keeps the line breaks).
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
    expect(await first.evaluate((p) => (p as HTMLElement).innerText)).toBe(
      `What a night ${itemTag}.\nA line of its own.`,
    );
    await expect(article.getByText("<b>Not bold</b>, just text.")).toBeVisible();
    await expect(page.getByRole("main").locator("b")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Back to News" })).toHaveAttribute("href", "/news");
    await expectAccessible(page);
  });
});

test("page links lead through all news, newest first, without JavaScript too; a card without an image shows the placeholder, without a date 'Unknown'; an item without a date, an unknown item and a page past the end", {
  tag: "@desktop",
}, async ({ page, request }) => {
  const tag = randomUUID().slice(0, 8);
  // Undated items come last (among themselves in no set order): the walk below finds it.
  const undated = `Undated ${tag}`;
  await insertNews({ title: undated, content: "No date, no picture.", date: null });
  const undatedCard = page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: undated }) });
  let undatedSeen = false;
  // Thirteen old items: more than a page, and older than anything else that is dated.
  for (let n = 0; n < 13; n++) {
    await insertNews({
      title: `Archive ${tag} ${n}`,
      content: "From the archive.",
      date: new Date(Date.UTC(1990, 0, 20 - n, 12, 0, 0)).toISOString(),
    });
  }
  await page.goto("/news");
  const pagesNav = page.getByRole("navigation", { name: "News pages" });
  await expect(pagesNav.getByRole("link", { name: "Page 1" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(pagesNav.getByRole("link", { name: "Previous page" })).toHaveCount(0);

  let previousLast = Number.POSITIVE_INFINITY;
  let pageNumber = 1;
  const seen = new Set<string>();
  for (;;) {
    await expect(page.getByText(new RegExp(`^Page ${pageNumber} of \\d+$`))).toBeVisible();
    const dates = await cardDates(page);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    if (dates.length > 0) {
      expect(dates[0]).toBeLessThanOrEqual(previousLast);
      previousLast = dates.at(-1) ?? previousLast;
    }
    for (const heading of await page
      .getByRole("heading", { name: new RegExp(`^Archive ${tag}`) })
      .allTextContents()) {
      seen.add(heading);
    }
    if ((await undatedCard.count()) === 1) {
      undatedSeen = true;
      await expect(undatedCard.getByText("Unknown", { exact: true })).toBeVisible();
      await expect(undatedCard.locator("img")).toHaveAttribute("src", /news-placeholder.*\.svg$/);
    }
    const next = pagesNav.getByRole("link", { name: "Next page" });
    if (!(await next.isVisible())) break;
    await next.click();
    pageNumber += 1;
    await expect(page).toHaveURL(`/news?page=${pageNumber}`);
    await expect(pagesNav.getByRole("link", { name: `Page ${pageNumber}` })).toHaveAttribute(
      "aria-current",
      "page",
    );
  }
  expect(pageNumber).toBeGreaterThan(1);
  // Every one of this test's items was on exactly one page.
  expect(seen.size).toBe(13);
  expect(undatedSeen, "the undated card was on one of the pages").toBe(true);
  await expectAccessible(page);

  await test.step("a news item without a date says 'Date not available'", async () => {
    const id = await insertNews({
      title: `No date ${randomUUID().slice(0, 8)}`,
      content: "Text.",
      date: null,
    });
    await page.goto(`/news/${id}`);
    await expect(page.getByText("Date not available", { exact: true })).toBeVisible();
  });

  await test.step("an unknown or malformed id is a real 404 page with a link back", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const response = await request.get(`/news/${id}`);
      expect(response.status(), id).toBe(404);
    }
    await page.goto("/news/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("News item not found");
    await expect(page).toHaveTitle(/^News item not found/);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to News" }).click();
    await expect(page).toHaveURL("/news");
  });

  await test.step("the feed is linked from the list's head", async () => {
    const link = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
    await expect(link).toHaveAttribute("href", "/news/rss.xml");
  });

  await test.step("a page past the end, or not a page number, is a 404 with a way back", async () => {
    for (const path of ["/news?page=99999", "/news?page=0", "/news?page=two"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    await page.goto("/news?page=99999");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await page.getByRole("link", { name: "Back to News" }).click();
    await expect(page).toHaveURL("/news");
  });
});

// What the server sends to crawlers and feed readers: no browser needed.
test("link previews, the feed and the sitemap: the server's HTML has Open Graph, Twitter card and NewsArticle data; the feed is RSS 2.0 with the newest items; the sitemap lists the news, and robots.txt points to it", {
  tag: "@desktop",
}, async ({ request }) => {
  await test.step("link previews: the server HTML has Open Graph, Twitter card and NewsArticle data", async () => {
    const title = `Keeper signs ${randomUUID().slice(0, 8)}`;
    const id = await insertNews({
      title,
      content: "Our new goalkeeper joins from Lagan Valley Lions for two seasons.",
      date: "2026-01-05T14:30:00Z",
      image: "https://images.example/keeper.jpg",
    });
    const response = await request.get(`/news/${id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const meta = (attribute: string) =>
      html.match(new RegExp(`<meta ${attribute} content="([^"]*)"`))?.[1];
    expect(meta('property="og:title"')).toBe(`${title} | Shannonside Storm`);
    expect(meta('property="og:type"')).toBe("article");
    expect(meta('property="og:description"')).toBe(
      "Our new goalkeeper joins from Lagan Valley Lions for two seasons.",
    );
    expect(meta('property="og:image"')).toBe("https://images.example/keeper.jpg");
    expect(meta('property="og:url"')).toMatch(new RegExp(`^https?://[^/]+/news/${id}$`));
    expect(meta('name="twitter:card"')).toBe("summary_large_image");
    expect(meta('name="twitter:title"')).toBe(`${title} | Shannonside Storm`);
    expect(meta('name="description"')).toBe(meta('property="og:description"'));

    const jsonLd = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/);
    expect(JSON.parse(jsonLd?.[1] ?? "{}")).toMatchObject({
      "@type": "NewsArticle",
      headline: title,
      datePublished: "2026-01-05T14:30:00.000Z",
      image: ["https://images.example/keeper.jpg"],
    });

    // An item with only a demo illustration (SVG) is previewed with the club's share image.
    const svgId = await insertNews({
      title: `Illustrated ${randomUUID().slice(0, 8)}`,
      content: "Text.",
      date: null,
      image: "/images/demo/new-kit.svg",
    });
    const svgHtml = await (await request.get(`/news/${svgId}`)).text();
    expect(svgHtml).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/og-image\.png"/);
  });

  await test.step("the feed is RSS 2.0 with the newest items (its link in the list's head: the test above)", async () => {
    const response = await request.get("/news/rss.xml");
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const { rss } = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(rss["@_version"]).toBe("2.0");
    expect(rss.channel.item.length).toBeGreaterThan(3);
  });

  await test.step("the sitemap lists the news, and robots.txt points to it", async () => {
    const id = await insertNews({
      title: `Sitemap ${randomUUID().slice(0, 8)}`,
      content: "Text.",
      date: "1985-01-01T00:00:00Z",
    });
    const xml = await (await request.get("/sitemap.xml")).text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const { urlset } = new XMLParser().parse(xml);
    const paths = (urlset.url as { loc: string }[]).map((url) => new URL(url.loc).pathname);
    expect(paths).toEqual(expect.arrayContaining(["/", "/news", `/news/${id}`]));
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });
});

/** Holds the data requests of client navigations until `release` is called. */
async function holdDataRequests(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route: Route, _request: Request) => {
      await gate;
      await route.continue();
    },
  );
  return release;
}

test("'Loading news...' shows while another page of news loads, and only then; 'Loading...' while a news item loads after 'Read more'", {
  tag: ["@js", "@desktop"],
}, async ({ page }) => {
  // More than a page of news, whatever the other tests did.
  const tag = randomUUID().slice(0, 8);
  for (let n = 0; n < 13; n++) {
    await insertNews({
      title: `Filler ${tag} ${n}`,
      content: "Text.",
      date: "1980-01-01T00:00:00Z",
    });
  }
  await page.goto("/news");
  await test.step("'Loading news...' while another page of news loads", async () => {
    const status = page.getByText("Loading news...");
    await expect(status).toHaveCount(0);
    const next = page.getByRole("navigation", { name: "News pages" }).getByRole("link", {
      name: "Next page",
    });
    const release = await holdDataRequests(page);
    await next.click();
    await expect(status).toBeVisible();
    release();
    await expect(page).toHaveURL("/news?page=2");
    await expect(status).toHaveCount(0);
  });

  await test.step("'Loading...' while a news item loads after 'Read more'", async () => {
    // From the list's second page, where the step above left it.
    await page.unrouteAll();
    const release = await holdDataRequests(page);
    const readMore = page.getByRole("link", { name: /^Read more about / }).first();
    const href = await readMore.getAttribute("href");
    await readMore.click();
    await expect(page.getByText("Loading...", { exact: true })).toBeVisible();
    release();
    await expect(page).toHaveURL(href ?? "");
    await expect(page.getByText("Loading...", { exact: true })).toHaveCount(0);
  });
});
