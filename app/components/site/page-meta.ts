import type { MetaDescriptor } from "react-router";
import { club } from "../../config/club.ts";

// The <title>, description and Open Graph tags of a public page (issue 3 §9). Links are
// absolute on the club's canonical address (config/club.ts url).

export const SHARE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

export function pageTitle(title?: string): string {
  return title ? `${title} | ${club.shortName}` : club.name;
}

export interface ShareImage {
  /** An absolute address, or a path on this site. */
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

export function pageMeta({
  title,
  description,
  path,
  type = "website",
  image,
}: {
  /** The page's own title; the home page has none and is titled with the club's name. */
  title?: string;
  description: string;
  path: string;
  /** The Open Graph type, e.g. "profile" for a player's page. */
  type?: string;
  /** The picture shown when the page is shared; the club's share image when not given. */
  image?: ShareImage;
}): MetaDescriptor[] {
  const fullTitle = pageTitle(title);
  const url = new URL(path, club.url).toString();
  const share = image ?? {
    src: SHARE_IMAGE.path,
    width: SHARE_IMAGE.width,
    height: SHARE_IMAGE.height,
    alt: `${club.name} crest`,
  };
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: club.name },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: new URL(share.src, club.url).toString() },
    ...(share.width ? [{ property: "og:image:width", content: String(share.width) }] : []),
    ...(share.height ? [{ property: "og:image:height", content: String(share.height) }] : []),
    { property: "og:image:alt", content: share.alt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
