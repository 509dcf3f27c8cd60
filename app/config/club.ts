// Club facts in one typed module (DECISIONS 15). The club is fictional; replace these
// values to run the site for another club. Nothing here is secret: secrets come from
// the environment (config/env.server.ts).

export interface ExternalLink {
  name: string;
  href: string;
  /** Path of a bundled logo, shown with `name` as its text alternative. */
  logo?: string;
}

export interface PhoneContact {
  role: string;
  name: string;
  phone: string;
}

export const club = {
  name: "Shannonside Storm Powerchair Football Club",
  shortName: "Shannonside Storm",
  tagline: "Power. Pace. Passion. Powerchair football on the Shannon since 2012.",
  founded: 2012,
  /** The home team in every fixture (SPEC §3: the home team is always the club). */
  teamName: "Shannonside Storm",
  url: "https://shannonside-storm.example",
  /** Club colours, used as CSS custom properties by the root layout. */
  colours: {
    primary: "#0b3d5c",
    primaryContrast: "#ffffff",
    accent: "#f2b233",
    accentContrast: "#10202b",
  },
  /** All instants are stored in UTC and shown in this zone (DECISIONS 5). */
  timeZone: "Europe/Dublin",
  locale: "en-GB",
  email: "hello@shannonside-storm.example",
  phoneContacts: [
    { role: "Sponsorships coordinator", name: "Aoife Brennan", phone: "+353 87 555 0142" },
    { role: "Team operations manager", name: "Declan Moriarty", phone: "+353 86 555 0178" },
  ] satisfies PhoneContact[],
  address: {
    venue: "UL Arena",
    street: "University of Limerick, Plassey Park Road",
    locality: "Limerick",
    postcode: "V94 T9PX",
    country: "Ireland",
  },
  social: {
    facebook: "https://www.facebook.com/shannonsidestorm.example",
    instagram: "https://www.instagram.com/shannonsidestorm.example",
    youtube: "https://www.youtube.com/@shannonsidestorm.example",
    tiktok: "https://www.tiktok.com/@shannonsidestorm.example",
  },
  governingBodies: [
    { name: "Association of Irish Powerchair Football", href: "https://www.aipf.example" },
    { name: "European Powerchair Football Association", href: "https://www.epfa.example" },
    { name: "Fédération Internationale de Powerchair Football", href: "https://www.fipfa.example" },
    { name: "Sport Ireland", href: "https://www.sportireland.example" },
  ] satisfies ExternalLink[],
  officialSponsors: [
    { name: "Riverside Mobility", href: "https://www.riverside-mobility.example" },
    { name: "Limerick Print & Design", href: "https://www.limerick-print.example" },
  ] satisfies ExternalLink[],
  developerCredit: { name: "Club volunteers and contributors", href: "https://github.com/" },
  /** Match types offered by the fixture form (SPEC §9). */
  matchTypes: [
    "AIPF League 25/26",
    "AIPF Cup & Shield 25/26",
    "Shannonside Memorial Cup 25/26",
    "The Remembrance Cup 25/26",
    "Friendly",
    "Training",
    "Other",
  ],
  cupStages: ["Group", "Quarter-Final", "Semi-Final", "Final"],
  locations: [
    "TU Blanch",
    "Sport Ireland National Indoor Arena",
    "UL Arena",
    "Gormanston Park",
    "Newforge Sports Complex",
    "Newry Leisure Centre",
    "Other",
  ],
  /** Extra suggestions for the admin opponent and scorer inputs (DECISIONS 13). */
  opponentExtras: ["Guest XI", "Development Squad"],
  scorerExtras: ["Own Goal", "Unknown"],
  statsLabel: "Season 25/26",
  /** GA4 measurement id; empty means no analytics code is ever loaded. */
  analyticsId: "",
} as const;

export type Club = typeof club;
