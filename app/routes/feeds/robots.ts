import { getClub } from "../../domain/club/club.server.ts";

// robots.txt: everything public may be indexed, the admin area not; the sitemap's address is
// absolute, as the protocol asks, on the club's canonical address.
export async function loader() {
  const { details: club } = await getClub();
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "",
    `Sitemap: ${new URL("/sitemap.xml", club.url).toString()}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
