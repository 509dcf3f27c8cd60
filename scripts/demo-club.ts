import type {
  DefaultCompetition,
  DefaultVenue,
  ExternalLink,
  PhoneContact,
  ShortVideo,
} from "../app/config/club.ts";
import type { ClubDetails } from "../app/domain/club/club.schema.ts";
import { defaultClubDetails } from "../app/domain/club/rules.ts";
import { privacyPolicyDefault, termsDefault } from "../app/domain/pages/legal-defaults.ts";
import type { PageTextKey } from "../app/domain/pages/rules.ts";

// The demo club, Shannonside Storm (fictional): its details, About text, sponsors, venues and
// competitions, loaded with the rest of the demo content (demo-content.ts) and never otherwise
// (decisions 35: a new club's start, SEED_DEMO=0, shows nothing of it). The tests compare the
// public pages of an empty start against these strings (tests/e2e/first-hour.spec.ts).

export const demoClub = {
  name: "Shannonside Storm Powerchair Football Club",
  shortName: "Shannonside Storm",
  tagline: "Power. Pace. Passion. Powerchair football on the Shannon since 2012.",
  founded: 2012,
  /** The home team in every fixture (rules §3: the home team is always the club). */
  teamName: "Shannonside Storm",
  url: "https://shannonside-storm.example",
  /** Club colours. */
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
  map: { latitude: 52.6747, longitude: -8.5733 },
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
  competitions: [
    { name: "AIPF League", kind: "league" },
    { name: "AIPF Cup & Shield", kind: "cup" },
    { name: "Shannonside Memorial Cup", kind: "cup" },
    { name: "The Remembrance Cup", kind: "cup" },
    { name: "Friendly", kind: "friendly" },
    { name: "Training", kind: "other" },
  ] satisfies DefaultCompetition[],
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
} as const;

/** The demo club's details as Club details stores them (ADR 013). */
export function demoClubDetails(): ClubDetails {
  return {
    ...defaultClubDetails(),
    name: demoClub.name,
    shortName: demoClub.shortName,
    tagline: demoClub.tagline,
    founded: demoClub.founded,
    teamName: demoClub.teamName,
    timeZone: demoClub.timeZone,
    url: demoClub.url,
    colours: { primary: demoClub.colours.primary, accent: demoClub.colours.accent },
    email: demoClub.email,
    phoneContacts: demoClub.phoneContacts.map((contact) => ({ ...contact })),
    address: { ...demoClub.address },
    map: { ...demoClub.map },
    social: { ...demoClub.social },
    governingBodies: demoClub.governingBodies.map((body) => ({ ...body })),
    shortVideos: demoClub.shortVideos.map((video) => ({ ...video })),
    sponsorPitch:
      "Tell us about your organisation and we will put together a proposal. Our sponsorships coordinator will get back to you within a few days.",
    league: "AIPF",
  };
}

const paragraphs = (texts: readonly string[]) =>
  texts
    .map(
      (text) => `<p>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</p>`,
    )
    .join("");

/** The demo club's own page texts: its About, its welcome and its (Irish) legal texts. */
export function demoPageTexts(): Partial<Record<PageTextKey, string>> {
  return {
    "about-mission": paragraphs(demoClub.about.mission),
    "about-who": paragraphs(demoClub.about.whoWeAre),
    "home-welcome": paragraphs([
      `We are ${demoClub.address.locality}'s powerchair football club: a squad of players who compete in the national league and cups, and a community of families, volunteers and supporters behind them. Powerchair football is fast, tactical and open to anyone who uses a powered wheelchair.`,
      "Come and cheer us on at our next home game, or join a training night and try it for yourself.",
    ]),
    privacy: privacyPolicyDefault(demoClub),
    terms: termsDefault(demoClub),
  };
}
