import type { MetaDescriptor } from "react-router";
import { club } from "../../config/club.ts";

// The <title>, description and Open Graph tags of a public page (issue 3 §9). Links are
// absolute on the club's canonical address (config/club.ts url).

export const SHARE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 } as const;

export function pageTitle(title?: string): string {
  return title ? `${title} | ${club.shortName}` : club.name;
}

export function pageMeta({
  title,
  description,
  path,
}: {
  /** The page's own title; the home page has none and is titled with the club's name. */
  title?: string;
  description: string;
  path: string;
}): MetaDescriptor[] {
  const fullTitle = pageTitle(title);
  const url = new URL(path, club.url).toString();
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: club.name },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: new URL(SHARE_IMAGE.path, club.url).toString() },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: `${club.name} crest` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
