import type { ExternalLink, PhoneContact, ShortVideo, SocialNetwork } from "./club.ts";

// What the public pages show of the club's facts (decisions 15), the part of config/club.ts
// that reaches the browser: config/club.ts spreads it into `club` and adds what only the
// server and the admin use. Public components import this file, never club.ts (ADR 008).

export const clubSite = {
  name: "Shannonside Storm Powerchair Football Club",
  shortName: "Shannonside Storm",
  tagline: "Power. Pace. Passion. Powerchair football on the Shannon since 2012.",
  founded: 2012,
  /** The home team in every fixture (rules §3: the home team is always the club). */
  teamName: "Shannonside Storm",
  url: "https://shannonside-storm.example",
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
    {
      name: "Association of Irish Powerchair Football",
      href: "https://www.aipf.example",
      logo: "aipf",
    },
    {
      name: "European Powerchair Football Association",
      href: "https://www.epfa.example",
      logo: "epfa",
    },
    {
      name: "Fédération Internationale de Powerchair Football",
      href: "https://www.fipfa.example",
      logo: "fipfa",
    },
    { name: "Sport Ireland", href: "https://www.sportireland.example", logo: "sport-ireland" },
  ] satisfies ExternalLink[],
  /** The three networks linked from the home page's social section. */
  featuredSocial: ["facebook", "instagram", "tiktok"] satisfies SocialNetwork[],
  /** Featured short videos on the home page (TikTok; embedded only on request or consent). */
  shortVideos: [
    {
      id: "7401234567890123451",
      title: "Last-minute winner against Dublin Dynamos",
      thumbnail: "match-winner",
    },
    {
      id: "7401234567890123452",
      title: "Training drill: the spin turn",
      thumbnail: "spin-turn",
    },
    {
      id: "7401234567890123453",
      title: "Matchday at the UL Arena",
      thumbnail: "matchday",
    },
  ] satisfies ShortVideo[],
  /** The 'Find Us' map on the contact page (OpenStreetMap, loaded on request or consent). */
  map: { latitude: 52.6747, longitude: -8.5733 },
  developerCredit: { name: "Club volunteers and contributors", href: "https://github.com/" },
  /**
   * GA4 measurement id (e.g. "G-ABC123DEF4"); empty means no analytics code is ever loaded.
   * A deployment can set it with the ANALYTICS_ID environment variable instead.
   */
  analyticsId: "",
} as const;
