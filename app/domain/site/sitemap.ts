import { escapeXml } from "./xml.ts";

// The sitemap document (sitemaps.org protocol): absolute addresses, with the last change when
// known. Which addresses it lists is decided in sitemap.server.ts.

export interface SitemapEntry {
  /** A path of the site, e.g. "/news". */
  path: string;
  lastModified?: Date;
}

export function sitemapXml({
  entries,
  origin,
}: {
  entries: SitemapEntry[];
  origin: string;
}): string {
  const urls = entries.map((entry) => {
    const loc = `<loc>${escapeXml(new URL(entry.path, origin).toString())}</loc>`;
    const lastmod = entry.lastModified
      ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>`
      : "";
    return `<url>${loc}${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
