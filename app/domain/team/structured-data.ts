import { splitName } from "./rules.ts";

// rules §10 Structured data: a player's page as a schema.org Person (JSON-LD), a member of the
// club's SportsTeam. Pure; the page puts the result in a script element.

/** rules §10 Structured data, §7 Player page: the player as a schema.org Person. */
export function playerJsonLd({
  player,
  description,
  photo,
  site,
}: {
  player: { name: string; slug: string };
  /** The page's description (its meta description). */
  description: string;
  /** The photo's address, absolute or from the site's root. */
  photo: string;
  /** The club's name and public address (Club details, ADR 013). */
  site: { name: string; url: string };
}): Record<string, unknown> {
  const { firstName, lastName } = splitName(player.name);
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    name: player.name,
    givenName: firstName,
    ...(lastName ? { familyName: lastName } : {}),
    url: new URL(`/team/${player.slug}`, site.url).toString(),
    image: new URL(photo, site.url).toString(),
    description,
    memberOf: {
      "@type": "SportsTeam",
      name: site.name,
      sport: "Powerchair football",
      url: site.url,
    },
  };
}
