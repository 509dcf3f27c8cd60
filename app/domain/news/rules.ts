// Pure news rules (no I/O): pagination of the list, excerpts for previews and feeds, the
// share image, the structured data of an article.

import { clubDates } from "../dates/format.ts";
import { type HomeAway, orderedScoreText, teamsInOrder } from "../fixtures/sides.ts";
import { ogImageUrl, parseMediaRef } from "../media/refs.ts";
import { newsPath } from "./paths.ts";

/** rules §2 News list ('every news item, newest first'): cards per page, even for two columns. */
export const NEWS_PAGE_SIZE = 12;

/** rules §2 Manage News: items per page of the Manage News list (a volunteer scrolls a phone, not 10,000 rows). */
export const ADMIN_NEWS_PAGE_SIZE = 20;

/** rules §10 Feeds: the RSS feed carries the newest items. */
export const NEWS_FEED_SIZE = 20;

/** rules §10 Metadata: link previews and search results show about this many characters. */
const EXCERPT_LENGTH = 160;

/** rules §2 News list: how many pages the list has; an empty list still has its first page. */
export function pageCount({ total, pageSize }: { total: number; pageSize: number }): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** rules §2 News list: the address of a page of the list; page 1 is /news itself (one canonical address). */
export function newsPagePath({ page, base = "/news" }: { page: number; base?: string }): string {
  return page <= 1 ? base : `${base}?page=${page}`;
}

export type PageLink = { kind: "page"; page: number } | { kind: "gap"; key: string };

/**
 * rules §2 News list: the page links under the list: the first and last page, the current one and
 * its neighbours, gaps in between ('1 … 4 5 6 … 834'), so the row fits a phone.
 */
export function pageLinks({ page, pages }: { page: number; pages: number }): PageLink[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const links: PageLink[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) links.push({ kind: "page", page: n - 1 });
    else if (n - previous > 2) links.push({ kind: "gap", key: `gap-${previous}` });
    links.push({ kind: "page", page: n });
    previous = n;
  }
  return links;
}

/**
 * rules §2 News cards: how much of an item's text a card carries. The card shows two or three
 * lines (about 200 characters at its widest); the rest of the article stays out of the page's
 * HTML and its loader data, so a list of long match reports weighs no more than short ones.
 */
const CARD_EXCERPT_LENGTH = 300;

/** rules §2 News cards: the text a card carries (CARD_EXCERPT_LENGTH). */
export function newsCardText(content: string): string {
  return newsExcerpt(content, CARD_EXCERPT_LENGTH);
}

/** rules §10 Metadata: a one-line summary of the content for descriptions and link previews. */
export function newsExcerpt(content: string, length = EXCERPT_LENGTH): string {
  const text = content.replace(/\s+/g, " ").trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}

/** rules §2 News detail: content with line breaks preserved; a blank line starts a paragraph. */
export function contentParagraphs(content: string): string[] {
  return content
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ""))
    .filter((paragraph) => paragraph.trim() !== "");
}

/**
 * rules §10 Metadata: the image for link previews: the item's own image unless there is none or it is
 * an SVG (social networks do not show SVG previews); null means the club's share image.
 * decisions 23: an uploaded image gives its 1200 px wide variant.
 */
export function shareImageOf(image: string | null): string | null {
  if (!image) return null;
  // An upload: its 1200 px wide variant (decisions 23).
  const upload = parseMediaRef(image);
  if (upload) return ogImageUrl(upload);
  const path = image.split(/[?#]/)[0] ?? "";
  return /\.svg$/i.test(path) ? null : image;
}

/** rules §10: a path of the site as an absolute address, as link previews and feeds need. */
export function absoluteUrl({ path, origin }: { path: string; origin: string }): string {
  return new URL(path, origin).toString();
}

export interface ArticleFacts {
  id: string;
  slug?: string | null;
  title: string;
  content: string;
  image: string | null;
  category: string | null;
  date: Date | null;
  updatedAt: Date | null;
}

/**
 * rules §10 Structured data: the schema.org NewsArticle of a detail page, with absolute addresses;
 * its image is the share image (search engines, like link previews, want a photo, not an SVG).
 */
export function newsArticleJsonLd({
  item,
  origin,
  clubName,
  logoPath,
  fallbackImagePath,
}: {
  item: ArticleFacts;
  origin: string;
  clubName: string;
  logoPath: string;
  fallbackImagePath: string;
}): Record<string, unknown> {
  const url = absoluteUrl({ path: newsPath(item), origin });
  const club = { "@type": "Organization", name: clubName, url: absoluteUrl({ path: "/", origin }) };
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: item.title.length > 110 ? `${item.title.slice(0, 109)}…` : item.title,
    description: newsExcerpt(item.content),
    image: [absoluteUrl({ path: shareImageOf(item.image) ?? fallbackImagePath, origin })],
    ...(item.date ? { datePublished: item.date.toISOString() } : {}),
    ...(item.updatedAt ? { dateModified: item.updatedAt.toISOString() } : {}),
    ...(item.category ? { articleSection: item.category } : {}),
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    author: club,
    publisher: {
      ...club,
      logo: { "@type": "ImageObject", url: absoluteUrl({ path: logoPath, origin }) },
    },
  };
}

/**
 * a result as the news form's "Match report for" lists it, e.g.
 * 'Shannonside Storm 3–1 Cork Comets, 12 Oct 2026' (the club is always the home team).
 */
export function matchReportLabel({
  teamName,
  timeZone,
  fixture,
}: {
  teamName: string;
  /** The club's time zone (Club details), for the match's day. */
  timeZone: string;
  fixture: {
    opponent: string;
    homeAway?: HomeAway;
    homeScore: number | null;
    awayScore: number | null;
    date: Date | null;
  };
}): string {
  // decisions 36: the teams in their order, the score between them.
  const { first, second } = teamsInOrder({ teamName, fixture });
  const score = orderedScoreText(fixture)?.replace(" - ", "–") ?? "v";
  const day = fixture.date
    ? `, ${clubDates({ timeZone }).formatInClubZone({ date: fixture.date, pattern: "d MMM yyyy" })}`
    : "";
  return `${first} ${score} ${second}${day}`;
}
