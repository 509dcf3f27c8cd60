import { getClub } from "../../domain/club/club.server.ts";
import { manifestIcons } from "../../domain/club/icons.ts";

// The web app manifest (rules §10 Metadata), made from the club's details (Club details in the admin, ADR 013).
export async function loader() {
  const { details: club } = await getClub();
  return Response.json(
    {
      name: club.name,
      short_name: club.shortName,
      description: club.tagline,
      lang: "en-GB",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: "#ffffff",
      theme_color: club.colours.primary,
      // ADR 037: made from the club's crest (the bundled icons until it uploads one).
      icons: [{ src: "/favicon.svg", type: "image/svg+xml", sizes: "any" }, ...manifestIcons()],
    },
    {
      headers: {
        "Content-Type": "application/manifest+json; charset=utf-8",
        "Cache-Control": "public, max-age=3600",
      },
    },
  );
}
