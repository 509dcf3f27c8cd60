import type { ExternalLink, PhoneContact, ShortVideo, SocialNetwork } from "./club.ts";

// What the public pages show of the club's facts (decisions 15), the part of config/club.ts
// that reaches the browser: config/club.ts spreads it into `club` and adds what only the
// server and the admin use. Public components import this file, never club.ts (ADR 008).

export const clubSite = {
  // A new club's starting values (decisions 35): neutral words the club replaces in Club
  // details, and nothing of the demo club (scripts/demo-club.ts holds the demo's details).
  name: "Our Powerchair Football Club",
  shortName: "Our Club",
  tagline: "Powerchair football for everyone who uses a powered wheelchair.",
  founded: 2026,
  /** The home team in every fixture (rules §3: the home team is always the club). */
  teamName: "Our Club",
  /** The site's public address; the setup checklist asks for the real one (decisions 35). */
  url: "http://localhost:3000",
  /** Club colours, used as CSS custom properties by the root layout. */
  colours: {
    primary: "#0b3d5c",
    primaryContrast: "#ffffff",
    accent: "#f2b233",
    accentContrast: "#10202b",
  },
  /** All instants are stored in UTC and shown in this zone (decisions 5). */
  timeZone: "Europe/Dublin",
  locale: "en-GB",
  /** Empty until the club enters its own (decisions 35): no address is shown meanwhile. */
  email: "",
  phoneContacts: [] as PhoneContact[],
  address: { venue: "", street: "", locality: "", postcode: "", country: "" },
  social: {} as Partial<Record<SocialNetwork, string>>,
  governingBodies: [] as ExternalLink[],
  /** The three networks linked from the home page's social section. */
  featuredSocial: ["facebook", "instagram", "tiktok"] satisfies SocialNetwork[],
  /** Featured short videos on the home page (TikTok; embedded only on request or consent). */
  shortVideos: [] as ShortVideo[],
  /** The 'Find Us' map on the contact page (OpenStreetMap, loaded on request or consent). */
  map: { latitude: 0, longitude: 0 },
  developerCredit: { name: "Club volunteers and contributors", href: "https://github.com/" },
  /**
   * GA4 measurement id (e.g. "G-ABC123DEF4"); empty means no analytics code is ever loaded.
   * A deployment can set it with the ANALYTICS_ID environment variable instead.
   */
  analyticsId: "",
} as const;
