import { clubSite as defaults } from "../../config/club-site.ts";
import type { SponsorTier } from "../../db/schema.ts";
import type { ClubDetails } from "./club.schema.ts";

// The club's pure rules and starting details, without Zod or the database schema: the site's
// components use them in every public page's first load (ADR 008's budget), and the schemas
// (club.schema.ts, sponsors.schema.ts) re-export them.

export const SOCIAL_NETWORKS = [
  "facebook",
  "instagram",
  "youtube",
  "tiktok",
  "x",
  "bluesky",
] as const;
export type SocialNetworkName = (typeof SOCIAL_NETWORKS)[number];

/** The sponsor tiers in the order /sponsors shows them (the database's check lists the same). */
export const RULE_TIERS: readonly SponsorTier[] = ["Official Sponsor", "Partner", "Supporter"];

type SponsorOrder = { tier: SponsorTier; displayOrder: number; name: string };

const DEFAULT_SPONSOR_PITCH =
  "Tell us about your organisation and we will put together a proposal. Our sponsorships coordinator will get back to you within a few days.";

/** config/club-site.ts as details: what an empty database starts with (decisions 15). */
export function defaultClubDetails(): ClubDetails {
  return {
    name: defaults.name,
    shortName: defaults.shortName,
    tagline: defaults.tagline,
    founded: defaults.founded,
    teamName: defaults.teamName,
    timeZone: defaults.timeZone,
    url: defaults.url,
    colours: { primary: defaults.colours.primary, accent: defaults.colours.accent },
    email: defaults.email,
    phoneContacts: defaults.phoneContacts.map((contact) => ({ ...contact })),
    address: { ...defaults.address },
    map: { ...defaults.map },
    social: { ...defaults.social },
    governingBodies: defaults.governingBodies.map((body) => ({ ...body })),
    analyticsId: defaults.analyticsId,
    sponsorPitch: DEFAULT_SPONSOR_PITCH,
    shortVideos: defaults.shortVideos.map((video) => ({ ...video })),
    // ADR 031: a new club says "ask us" until it sets its own answer.
    chairLoan: "ask",
  };
}

type Address = ClubDetails["address"];

/** decisions 35: whether the club has entered any of its address (a new club has none). */
export function hasAddress(address: Address): boolean {
  return Object.values(address).some((part) => part.trim() !== "");
}

/** decisions 35: "a place", or nothing: a new club's pages name no place until it has one. */
export function placeName(address: Address): string {
  return address.locality.trim() || address.venue.trim();
}

/** A text split into its paragraphs at blank lines. */
export function paragraphs(value: string): string[] {
  return value
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** ADR 013: by tier (Official Sponsor, Partner, Supporter), then display order, then name. */
export function sortSponsors<T extends SponsorOrder>(list: readonly T[]): T[] {
  return [...list].sort(
    (a, b) =>
      RULE_TIERS.indexOf(a.tier) - RULE_TIERS.indexOf(b.tier) ||
      a.displayOrder - b.displayOrder ||
      a.name.localeCompare(b.name),
  );
}

/** The sponsors grouped by tier, in order; tiers without sponsors are left out. */
export function sponsorsByTier<T extends SponsorOrder>(
  list: readonly T[],
): { tier: SponsorTier; sponsors: T[] }[] {
  const sorted = sortSponsors(list);
  return RULE_TIERS.map((tier) => ({
    tier,
    sponsors: sorted.filter((sponsor) => sponsor.tier === tier),
  })).filter((group) => group.sponsors.length > 0);
}

/** The plural heading of a tier on /sponsors and in the footer ("Official Sponsors"). */
export function tierHeading(tier: SponsorTier): string {
  return `${tier}s`;
}
