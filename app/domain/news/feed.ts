import { NEWS_FEED_PATH } from "../site/navigation.ts";
import { escapeXml } from "../site/xml.ts";
import { newsPath } from "./paths.ts";
import { absoluteUrl, contentParagraphs } from "./rules.ts";

// The news feed (rules §10 Feeds): RSS 2.0 with the newest items. A reader shows an item's
// description as HTML, so the content is turned into paragraphs here, from text escaped
// first: nothing an administrator typed is ever read as markup.

export interface FeedItem {
  id: string;
  title: string;
  content: string;
  image: string | null;
  category: string | null;
  date: Date | null;
  /** ADR 034: the readable address; the id's while there is none. */
  slug?: string | null;
}

const escapeHtml = escapeXml;

/** The item's content as simple HTML: paragraphs, line breaks, the image first. */
export function feedItemHtml({ item, origin }: { item: FeedItem; origin: string }): string {
  const image = item.image
    ? `<p><img src="${escapeHtml(absoluteUrl({ path: item.image, origin }))}" alt=""></p>`
    : "";
  const paragraphs = contentParagraphs(item.content)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("");
  return image + paragraphs;
}

export function newsRssXml({
  items,
  origin,
  title,
  description,
  now,
}: {
  items: FeedItem[];
  origin: string;
  title: string;
  description: string;
  now: Date;
}): string {
  const url = (path: string) => escapeXml(absoluteUrl({ path, origin }));
  const newest = items.find((item) => item.date)?.date ?? now;
  const entries = items.map((item) =>
    [
      "<item>",
      `<title>${escapeXml(item.title)}</title>`,
      `<link>${url(newsPath(item))}</link>`,
      // The id's address stays the guid (ADR 034: it answers a 301 to the readable one), so a
      // reader that saw an item before the readable addresses does not see it as new.
      `<guid isPermaLink="true">${url(`/news/${item.id}`)}</guid>`,
      item.date ? `<pubDate>${item.date.toUTCString()}</pubDate>` : "",
      item.category ? `<category>${escapeXml(item.category)}</category>` : "",
      `<description>${escapeXml(feedItemHtml({ item, origin }))}</description>`,
      "</item>",
    ].join(""),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${escapeXml(title)}</title>`,
    `<link>${url("/news")}</link>`,
    `<description>${escapeXml(description)}</description>`,
    "<language>en-gb</language>",
    `<lastBuildDate>${newest.toUTCString()}</lastBuildDate>`,
    `<atom:link href="${url(NEWS_FEED_PATH)}" rel="self" type="application/rss+xml"/>`,
    ...entries,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
