import { clubSite } from "./club-site.ts";

// Club facts in one typed module (decisions 15). The club is fictional; replace these
// values (and those in club-site.ts) to run the site for another club. Nothing here is
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
  /** Text of the About page. */
  about: {
    mission: [
      "Shannonside Storm exists so that anyone who uses a powered wheelchair can play competitive, joyful football. We give players of every age and ability a team, a coach and a reason to push themselves, and we give their families and friends a club to belong to.",
      "On the court we play to win: fast, tactical, attacking powerchair football in the AIPF League and the national cups. Off it we measure success by the players who find their confidence, the volunteers who find their community, and the young people who see that sport is for them too.",
    ],
    whoWeAre: [
      "Founded in Limerick in 2012 by a handful of players, parents and physiotherapists, the Storm has grown into one of the most established powerchair football clubs in Ireland. We train every week at the UL Arena and travel the country for league and cup fixtures.",
      "We are run entirely by volunteers: coaches, referees, drivers, kit managers and fundraisers. Our squad mixes international experience with players who joined us for their very first session, and everyone in the club has a say in how it is run.",
      "New players, volunteers and supporters are always welcome. You do not need any experience to come along to a training night: we have a club chair you can try, and our coaches will take you through the basics.",
    ],
  },
  officialSponsors: [
    {
      name: "Riverside Mobility",
      href: "https://www.riverside-mobility.example",
      logo: "riverside-mobility",
    },
    {
      name: "Limerick Print & Design",
      href: "https://www.limerick-print.example",
      logo: "limerick-print",
    },
  ] satisfies ExternalLink[],
  /**
   * The competitions (match types) the fixture form offers (rules §9), loaded into an empty
   * database and then managed in the admin (/admin/competitions). Names carry no season.
   */
  competitions: [
    { name: "AIPF League", kind: "league" },
    { name: "AIPF Cup & Shield", kind: "cup" },
    { name: "Shannonside Memorial Cup", kind: "cup" },
    { name: "The Remembrance Cup", kind: "cup" },
    { name: "Friendly", kind: "friendly" },
    { name: "Training", kind: "other" },
  ] satisfies DefaultCompetition[],
  cupStages: ["Group", "Quarter-Final", "Semi-Final", "Final"],
  /** The venues the fixture form offers, loaded into an empty database, then managed in the admin (/admin/venues). */
  venues: [
    {
      name: "TU Blanch",
      address: "TU Dublin Blanchardstown Campus, Blanchardstown Road North, Dublin 15",
      mapUrl: "https://www.openstreetmap.org/search?query=TU%20Dublin%20Blanchardstown",
    },
    {
      name: "Sport Ireland National Indoor Arena",
      address: "Sport Ireland Campus, Snugborough Road, Blanchardstown, Dublin 15",
      mapUrl: "https://www.openstreetmap.org/search?query=National%20Indoor%20Arena%20Dublin",
    },
    {
      name: "UL Arena",
      address: "University of Limerick, Plassey Park Road, Limerick, V94 T9PX",
      mapUrl: "https://www.openstreetmap.org/?mlat=52.6747&mlon=-8.5733#map=17/52.6747/-8.5733",
    },
    {
      name: "Gormanston Park",
      address: "Gormanston, Co. Meath",
      mapUrl: "https://www.openstreetmap.org/search?query=Gormanston%20Park",
    },
    {
      name: "Newforge Sports Complex",
      address: "Newforge Lane, Belfast, BT9 5NW",
      mapUrl: "https://www.openstreetmap.org/search?query=Newforge%20Sports%20Complex",
    },
    {
      name: "Newry Leisure Centre",
      address: "Patrick Street, Newry, BT35 8DS",
      mapUrl: "https://www.openstreetmap.org/search?query=Newry%20Leisure%20Centre",
    },
  ] satisfies DefaultVenue[],
  /** Extra suggestions for the admin opponent and scorer inputs (decisions 13). */
  opponentExtras: ["Guest XI", "Development Squad"],
  scorerExtras: ["Own Goal", "Unknown"],
  /**
   * The day a season starts each year (ADR 016), used for the first season of a new site and
   * as the default of "Start a new season". Season labels come from the seasons in the database.
   */
  seasonStart: { month: 8, day: 1 },
} as const;
