import { getClub } from "../../domain/club/club.server.ts";

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
      icons: [
        { src: "/favicon.svg", type: "image/svg+xml", sizes: "any" },
        { src: "/icon-192.png", type: "image/png", sizes: "192x192" },
        { src: "/icon-512.png", type: "image/png", sizes: "512x512" },
        { src: "/icon-maskable-512.png", type: "image/png", sizes: "512x512", purpose: "maskable" },
      ],
    },
    {
      headers: {
        "Content-Type": "application/manifest+json; charset=utf-8",
        "Cache-Control": "public, max-age=3600",
      },
    },
  );
}
