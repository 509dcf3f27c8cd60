import type { AccessAnswer, VenueAccessGuide } from "../../db/schema.ts";
import { clubDates } from "../dates/format.ts";

// Venue pages and their access guides (ADR 031, rules §2 Venue page): the address a venue's
// page has, the plain-language summary, the page's sections and its structured data. Pure.

export type { VenueAccessGuide };

/** rules §2 Venue page: "UL Arena" → "ul-arena"; accents dropped, anything else a hyphen. */
export function venueSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "venue";
}

/**
 * rules §2 Venue page, ADR 031: each venue's address (/venues/{slug}), from its name. Two
 * names that give the same slug ("Café A", "Cafe A") are told apart by the list's order: the
 * first keeps it, the next gets "-2", and so on. Keyed by the venue's name.
 */
export function venueSlugs(venues: readonly { name: string }[]): Map<string, string> {
  const taken = new Set<string>();
  const slugs = new Map<string, string>();
  for (const { name } of venues) {
    const base = venueSlug(name);
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    taken.add(slug);
    slugs.set(name, slug);
  }
  return slugs;
}

/** A venue page's address. */
export const venuePath = (slug: string) => `/venues/${slug}`;

const LONG_DAY = "d MMMM yyyy";

/** "12 March 2026": a guide's day of checking, which is a calendar day without a zone. */
export function checkedOnText(day: string): string {
  return clubDates({ timeZone: "UTC" }).formatInClubZone({
    date: new Date(`${day}T12:00:00Z`),
    pattern: LONG_DAY,
  });
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The facts a summary can say, most important first (getting in, then staying). */
function summaryFacts(guide: VenueAccessGuide): string[] {
  const facts: string[] = [];
  if (guide.stepFree === "yes")
    facts.push("There is step-free access from the car park to the court.");
  if (guide.stepFree === "no")
    facts.push("The way from the car park to the court is not step-free.");
  if (guide.parkingBays !== undefined) {
    const bays =
      guide.parkingBays === 0
        ? "There are no accessible parking bays"
        : `There ${guide.parkingBays === 1 ? "is" : "are"} ${plural(guide.parkingBays, "accessible parking bay", "accessible parking bays")}`;
    facts.push(
      guide.parkingDistanceMetres !== undefined && guide.parkingBays > 0
        ? `${bays}, about ${guide.parkingDistanceMetres} m from the entrance.`
        : `${bays}.`,
    );
  }
  if (guide.changingPlaces === "yes") {
    facts.push("There is a Changing Places toilet, with a hoist and an adult-sized bench.");
  } else if (guide.accessibleToilet === "yes") {
    facts.push(
      guide.changingPlaces === "no"
        ? "There is an accessible toilet, but no Changing Places toilet."
        : "There is an accessible toilet.",
    );
  } else if (guide.accessibleToilet === "no") {
    facts.push("There is no accessible toilet.");
  }
  if (guide.doorWidthCm !== undefined) {
    facts.push(`The narrowest door on the way in is ${guide.doorWidthCm} cm wide.`);
  }
  if (guide.spectatorSpaces !== undefined) {
    facts.push(
      guide.spectatorSpaces === 0
        ? "There are no set spaces for spectators in wheelchairs."
        : `There ${guide.spectatorSpaces === 1 ? "is" : "are"} ${plural(guide.spectatorSpaces, "space", "spaces")} for spectators in wheelchairs.`,
    );
  }
  if (guide.charging) facts.push("You can charge a powerchair at the venue.");
  return facts;
}

/**
 * rules §2 Venue page, ADR 031: the plain-language summary at the top of a venue's page, three
 * to five short sentences made from its guide: where it is, up to three facts (only what is
 * known: an empty field is never said as "no"), and when it was checked, or that it was not.
 */
export function accessSummary({
  name,
  address,
  guide,
}: {
  name: string;
  address: string;
  guide: VenueAccessGuide;
}): string[] {
  const where = address.trim()
    ? `${name} is at ${address.trim().replace(/\s*\n\s*/g, ", ")}.`
    : `${name} is one of the places the club plays.`;
  const facts = summaryFacts(guide);
  const checked = guide.checkedOn
    ? `The club last checked this on ${checkedOnText(guide.checkedOn)}.`
    : "The club has not checked the access here yet.";
  if (facts.length === 0) {
    return [where, "We have no access details for it yet.", `${checked} Ask us before you travel.`];
  }
  return [where, ...facts.slice(0, 3), checked];
}

/** rules §2 Venue page: how a yes/no answer reads; unknown is never shown as "No". */
function answerText(answer: AccessAnswer | undefined): string | null {
  if (answer === "yes") return "Yes";
  if (answer === "no") return "No";
  return null;
}

export interface AccessSection {
  /** The heading's id and the topic's key. */
  id: string;
  title: string;
  /** What is known: a label and its value; empty when nothing is. */
  items: { label: string; value: string }[];
}

/**
 * rules §2 Venue page: one section per topic, in the order of a journey (getting there,
 * parking, the way in, toilets, the court, watching, charging). Only what is known is listed;
 * a topic with nothing known says so on the page rather than "No".
 */
export function accessSections(guide: VenueAccessGuide): AccessSection[] {
  const item = (label: string, value: string | null | undefined) =>
    value ? [{ label, value }] : [];
  const count = (value: number | undefined, unit: string) =>
    value === undefined ? null : `${value} ${unit}`;
  return [
    {
      id: "getting-there",
      title: "Getting there",
      items: [
        ...item("Public transport and accessible stops", guide.transport),
        ...item("Directions", guide.directions),
      ],
    },
    {
      id: "parking",
      title: "Parking",
      items: [
        ...item(
          "Accessible bays",
          count(guide.parkingBays, guide.parkingBays === 1 ? "bay" : "bays"),
        ),
        ...item("Distance to the entrance", count(guide.parkingDistanceMetres, "m")),
        ...item("Notes", guide.parkingNotes),
      ],
    },
    {
      id: "way-in",
      title: "From the car park to the court",
      items: [
        ...item("Step-free route", answerText(guide.stepFree)),
        ...item("About the route", guide.stepFreeNotes),
        ...item("Narrowest door", count(guide.doorWidthCm, "cm")),
        ...item("Doors", guide.doorNotes),
      ],
    },
    {
      id: "toilets",
      title: "Toilets",
      items: [
        ...item("Accessible toilet", answerText(guide.accessibleToilet)),
        ...item(
          "Changing Places toilet (hoist and adult-sized bench)",
          answerText(guide.changingPlaces),
        ),
        ...item("Notes", guide.toiletNotes),
      ],
    },
    { id: "court", title: "The court", items: [...item("Floor", guide.floor)] },
    {
      id: "spectators",
      title: "Watching",
      items: [
        ...item(
          "Spaces for spectators in wheelchairs",
          count(guide.spectatorSpaces, guide.spectatorSpaces === 1 ? "space" : "spaces"),
        ),
        ...item("Notes", guide.spectatorNotes),
      ],
    },
    {
      id: "charging",
      title: "Charging a powerchair",
      items: [...item("Where to charge", guide.charging)],
    },
  ];
}

/**
 * rules §10 Structured data, ADR 031: a venue as a schema.org Place, with the accessibility
 * features schema.org can say as `amenityFeature` (LocationFeatureSpecification): only those
 * known, a "no" as false. Its photos as ImageObjects with their descriptions.
 */
export function venueJsonLd({
  name,
  address,
  mapUrl,
  pageUrl,
  guide,
}: {
  name: string;
  address: string;
  mapUrl: string | null;
  /** The venue page's full address. */
  pageUrl: string;
  guide: VenueAccessGuide;
}): Record<string, unknown> {
  const feature = (featureName: string, value: boolean | number) => ({
    "@type": "LocationFeatureSpecification",
    name: featureName,
    value,
  });
  const yesNo = (featureName: string, answer: AccessAnswer | undefined) =>
    answer ? [feature(featureName, answer === "yes")] : [];
  const amount = (featureName: string, value: number | undefined) =>
    value === undefined ? [] : [feature(featureName, value)];
  const features = [
    ...yesNo("Step-free access from parking to the court", guide.stepFree),
    ...amount("Accessible parking bays", guide.parkingBays),
    ...yesNo("Wheelchair-accessible toilet", guide.accessibleToilet),
    ...yesNo("Changing Places toilet", guide.changingPlaces),
    ...amount("Narrowest door width (cm)", guide.doorWidthCm),
    ...amount("Wheelchair spaces for spectators", guide.spectatorSpaces),
    ...(guide.charging ? [feature("Powerchair charging", true)] : []),
  ];
  const origin = new URL(pageUrl).origin;
  return {
    "@context": "https://schema.org",
    "@type": "Place",
    name,
    url: pageUrl,
    ...(address.trim() ? { address: address.trim().replace(/\s*\n\s*/g, ", ") } : {}),
    ...(mapUrl ? { hasMap: mapUrl } : {}),
    ...(features.length > 0 ? { amenityFeature: features } : {}),
    ...(guide.photos?.length
      ? {
          photo: guide.photos.map((photo) => ({
            "@type": "ImageObject",
            contentUrl: new URL(photo.src, origin).toString(),
            description: photo.alt,
          })),
        }
      : {}),
  };
}
