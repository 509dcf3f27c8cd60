import { clubSite } from "./club-site.ts";

// Club facts in one typed module (decisions 15): the neutral values a new club starts with
// (decisions 35); the demo club's are in scripts/demo-club.ts. Nothing here is
// secret: secrets come from the environment (config/env.server.ts).
//
// Two files, one `club`: club-site.ts holds what the public pages show in the browser (name,
// colours, contacts, links, videos, time zone); this file adds what only the server and the
// admin use (the About text, sponsors, competitions and venues an empty database starts with,
// the admin's suggestions). Public pages import club-site.ts only, so every visitor does not
// download this file's text (ADR 008's budget).

export interface ExternalLink {
  name: string;
  href: string;
  /** Name of a bundled logo in app/assets/partners/ (without .svg), shown with `name` as its text alternative. */
  logo?: string;
}

export interface ShortVideo {
  /** The TikTok video id (the number at the end of the video's address). */
  id: string;
  title: string;
  /** Name of a bundled thumbnail in app/assets/videos/ (without .svg). */
  thumbnail: string;
}

export interface DefaultCompetition {
  name: string;
  kind: "league" | "cup" | "friendly" | "other";
}

export interface DefaultVenue {
  name: string;
  address: string;
  mapUrl: string | null;
}

export type SocialNetwork = "facebook" | "instagram" | "youtube" | "tiktok";

export interface PhoneContact {
  role: string;
  name: string;
  phone: string;
}

export const club = {
  ...clubSite,
  /** Text of the About page: a new club's says it is still to be written (decisions 35). */
  about: {
    mission: [
      "This text is still to be written: tell visitors what the club is for and who it is for. Edit it in the admin under Pages (About: Our Mission).",
    ],
    whoWeAre: [
      "This text is still to be written: when and where the club was founded, where it trains and who runs it. Edit it in the admin under Pages (About: Who We Are).",
    ],
  },
  officialSponsors: [] as ExternalLink[],
  /**
   * The competitions (match types) the fixture form offers (rules §9), then managed in the
   * admin (/admin/competitions). A new club starts with the two any club has (decisions 35);
   * names carry no season.
   */
  competitions: [
    { name: "Friendly", kind: "friendly" },
    { name: "Training", kind: "other" },
  ] satisfies DefaultCompetition[],
  cupStages: ["Group", "Quarter-Final", "Semi-Final", "Final"],
  /** The venues the fixture form offers: none until the club adds its own (/admin/venues, decisions 35). */
  venues: [] as DefaultVenue[],
  /** Extra suggestions for the admin opponent and scorer inputs (decisions 13). */
  opponentExtras: ["Guest XI", "Development Squad"],
  scorerExtras: ["Own Goal", "Unknown"],
  /**
   * The day a season starts each year (ADR 016), used for the first season of a new site and
   * as the default of "Start a new season". Season labels come from the seasons in the database.
   */
  seasonStart: { month: 8, day: 1 },
} as const;
