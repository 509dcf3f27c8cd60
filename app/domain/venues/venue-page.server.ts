import { getClub } from "../club/club.server.ts";
import { listVenues } from "../fixtures/venues.server.ts";
import { readAccessGuide } from "./access-guide.schema.ts";
import {
  type AccessSection,
  accessSections,
  accessSummary,
  checkedOnText,
  venueJsonLd,
  venuePath,
  venueSlugs,
} from "./rules.ts";

// The venue page's model (ADR 022, ADR 031): what /venues/{slug} shows, and the venue
// addresses other pages link to (fixture cards, the next match, events, the sitemap).

export interface VenuePage {
  name: string;
  address: string;
  mapUrl: string | null;
  summary: string[];
  sections: AccessSection[];
  photos: { src: string; alt: string }[];
  checkedOn: string | null;
  jsonLd: Record<string, unknown>;
}

/** rules §2 Venue page: the venue at this address, or null (404). */
export async function venuePage({ slug }: { slug: string }): Promise<VenuePage | null> {
  const [venues, { details: club }] = await Promise.all([listVenues(), getClub()]);
  const slugs = venueSlugs(venues);
  const venue = venues.find((entry) => slugs.get(entry.name) === slug);
  if (!venue) return null;
  const guide = readAccessGuide(venue.accessGuide);
  return {
    name: venue.name,
    address: venue.address,
    mapUrl: venue.mapUrl,
    summary: accessSummary({ name: venue.name, address: venue.address, guide }),
    sections: accessSections(guide),
    photos: guide.photos ?? [],
    checkedOn: guide.checkedOn ? checkedOnText(guide.checkedOn) : null,
    jsonLd: venueJsonLd({
      name: venue.name,
      address: venue.address,
      mapUrl: venue.mapUrl,
      pageUrl: new URL(venuePath(slug), club.url).toString(),
      guide,
    }),
  };
}

/**
 * rules §2 Venue page: each venue's page address by its name, for the pages that name a venue
 * (a fixture's location is the venue's name; a one-off location has no page).
 */
export async function venueLinks(): Promise<Record<string, string>> {
  const slugs = venueSlugs(await listVenues());
  return Object.fromEntries([...slugs].map(([name, slug]) => [name, venuePath(slug)]));
}

/** The venues by id with their page addresses, for the events (which name a venue by id). */
export async function venuesById(): Promise<Map<string, { name: string; path: string }>> {
  const venues = await listVenues();
  const slugs = venueSlugs(venues);
  return new Map(
    venues.map((venue) => [
      venue.id,
      { name: venue.name, path: venuePath(slugs.get(venue.name) ?? "") },
    ]),
  );
}
