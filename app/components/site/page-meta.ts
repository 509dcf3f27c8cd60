import type { MetaDescriptor } from "react-router";
import type { ClubDetails } from "../../domain/club/club.schema.ts";

// The <title>, description, Open Graph and Twitter card tags of a public page (rules §10
// Metadata). Links are absolute on the club's canonical address (the site's address in Club details, ADR 013).

export const SHARE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

export function pageTitle(club: Pick<ClubDetails, "name" | "shortName">, title?: string): string {
  return title ? `${title} | ${club.shortName}` : club.name;
}

/** A page's share image; without one, the club's share image (with its known size). */
export interface ShareImage {
  /** A site path or an absolute address. */
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

/** What makes a page an article (a news item) for link previews. */
export interface ArticleMeta {
  publishedTime?: Date | null;
  modifiedTime?: Date | null;
  section?: string | null;
}

export function pageMeta({
  club,
  title,
  description,
  path,
  type,
  image,
  article,
}: {
  /** The club's details (clubFromMatches in a route's meta). */
  club: ClubDetails;
  /** The page's own title; the home page has none and is titled with the club's name. */
  title?: string;
  description: string;
  path: string;
  /** The Open Graph type, e.g. "profile" for a player's page; "article" with `article`. */
  type?: string;
  /** The picture shown when the page is shared; the club's share image when not given. */
  image?: ShareImage | null;
  article?: ArticleMeta;
}): MetaDescriptor[] {
  const fullTitle = pageTitle(club, title);
  const url = new URL(path, club.url).toString();
  const share: ShareImage = image ?? {
    src: SHARE_IMAGE.path,
    width: SHARE_IMAGE.width,
    height: SHARE_IMAGE.height,
    alt: `${club.name} crest`,
  };
  const imageUrl = new URL(share.src, club.url).toString();
  const imageAlt = share.alt;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type ?? (article ? "article" : "website") },
    { property: "og:site_name", content: club.name },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    ...(share.width ? [{ property: "og:image:width", content: String(share.width) }] : []),
    ...(share.height ? [{ property: "og:image:height", content: String(share.height) }] : []),
    { property: "og:image:alt", content: imageAlt },
    ...(article ? articleTags(article) : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: imageAlt },
  ];
}

function articleTags({ publishedTime, modifiedTime, section }: ArticleMeta): MetaDescriptor[] {
  return [
    ...(publishedTime
      ? [{ property: "article:published_time", content: publishedTime.toISOString() }]
      : []),
    ...(modifiedTime
      ? [{ property: "article:modified_time", content: modifiedTime.toISOString() }]
      : []),
    ...(section ? [{ property: "article:section", content: section }] : []),
  ];
}
