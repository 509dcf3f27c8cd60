import { getClub } from "../../domain/club/club.server.ts";
import { listSitemapEntries } from "../../domain/site/sitemap.server.ts";
import { sitemapXml } from "../../domain/site/sitemap.ts";

// The sitemap (rules §10 Feeds) for search engines: every public page and news item. The list of
// addresses is built in domain/site/sitemap.server.ts.
export async function loader() {
  const { details: club } = await getClub();
  const xml = sitemapXml({ entries: await listSitemapEntries(), origin: club.url });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "no-cache",
    },
  });
}
