import { like, or, sql } from "drizzle-orm";
import { db } from "../../db/database.server.ts";
import {
  clubSettings,
  leagueTable,
  news,
  pageTexts,
  sponsors,
  teamMembers,
  venues,
} from "../../db/schema.ts";
import { ADMIN_SCREENS, type MediaPlaceScreenKey } from "../admin/screens.ts";
import { PAGE_TEXTS } from "../pages/rules.ts";

// Where an upload is used (ADR 017): every field that can hold a `/media/` address, as ONE
// list of places, one for each screen the registry of admin screens gives a `mediaPlace`
// (ADR 020; a screen that declares one and has no entry here does not type-check). The media
// library shows each upload's uses from it, and `deleteMedia` refuses to delete an upload any
// place still shows (and the test that checks every place, tests/integration/media-library).

/** One record that shows uploads: where, in words, the admin screen that edits it, and its text. */
export interface MediaReference {
  /** Where, in words: “News: Cup final”. */
  label: string;
  /** The admin screen (and record) that edits it. */
  href: string;
  /** Every value of the record that may hold a `/media/` address (an image field, a bio's HTML). */
  text: string;
  /** The record's own description of its image (a news photo's “Describe the photo”), if any. */
  description?: string;
}

export interface MediaPlace {
  name: string;
  /** The records of this place that hold any `/media/` address. */
  references: () => Promise<MediaReference[]>;
}

const ANY_MEDIA = "%/media/%";

const REFERENCES: Record<MediaPlaceScreenKey, MediaPlace["references"]> = {
  news: async () =>
    (
      await db()
        .select({ id: news.id, title: news.title, image: news.image, alt: news.imageAlt })
        .from(news)
        .where(like(news.image, ANY_MEDIA))
    ).map((row) => ({
      label: `News: ${row.title}`,
      href: `/admin/news?edit=${row.id}`,
      text: row.image ?? "",
      description: row.alt ?? undefined,
    })),
  // A person's photo and the pictures inside their bio.
  team: async () =>
    (
      await db()
        .select({
          id: teamMembers.id,
          name: teamMembers.name,
          image: teamMembers.image,
          bio: teamMembers.bio,
        })
        .from(teamMembers)
        .where(or(like(teamMembers.image, ANY_MEDIA), like(teamMembers.bio, ANY_MEDIA)))
    ).map((row) => ({
      label: `Team: ${row.name}`,
      href: `/admin/team?edit=${row.id}`,
      text: `${row.image ?? ""} ${row.bio}`,
    })),
  table: async () =>
    (
      await db()
        .select({ id: leagueTable.id, team: leagueTable.team, logo: leagueTable.logo })
        .from(leagueTable)
        .where(like(leagueTable.logo, ANY_MEDIA))
    ).map((row) => ({
      label: `League table: ${row.team}`,
      href: `/admin/table?edit=${row.id}`,
      text: row.logo ?? "",
    })),
  sponsors: async () =>
    (
      await db()
        .select({ id: sponsors.id, name: sponsors.name, logo: sponsors.logo })
        .from(sponsors)
        .where(like(sponsors.logo, ANY_MEDIA))
    ).map((row) => ({
      label: `Sponsor: ${row.name}`,
      href: `/admin/sponsors?edit=${row.id}`,
      text: row.logo ?? "",
    })),
  // The pictures inside a page text (About, the welcome, the legal pages): rich text, as a bio.
  pages: async () =>
    (
      await db()
        .select({ id: pageTexts.id, key: pageTexts.key, html: pageTexts.html })
        .from(pageTexts)
        .where(like(pageTexts.html, ANY_MEDIA))
    ).map((row) => ({
      label: `Pages: ${PAGE_TEXTS[row.key as keyof typeof PAGE_TEXTS]?.label ?? row.key}`,
      href: `/admin/pages?edit=${row.id}`,
      text: row.html,
    })),
  // A venue's access guide (ADR 031): its photos, each with its description.
  "venue-access": async () =>
    (
      await db()
        .select({ id: venues.id, name: venues.name, guide: venues.accessGuide })
        .from(venues)
        .where(like(sql`${venues.accessGuide}::text`, ANY_MEDIA))
    ).flatMap((row) =>
      (row.guide.photos ?? []).map((photo) => ({
        label: `Venue: ${row.name}`,
        href: `/admin/venues/${row.id}/access`,
        text: photo.src,
        description: photo.alt,
      })),
    ),
  // The club's details are one JSON document (ADR 013): its crest and home picture (ADR 037),
  // its governing bodies' logos and the home page's video thumbnails.
  club: async () => {
    const rows = await db().select({ details: clubSettings.details }).from(clubSettings);
    return rows.flatMap((row) => [
      ...singleImagesOf(row.details, [
        ["crest", "Club crest"],
        ["heroImage", "Home page picture"],
      ]).map((image) => ({ label: image.label, href: "/admin/club", text: image.image })),
      ...namedImagesOf(row.details, "governingBodies", "name", "logo").map((body) => ({
        label: `Governing body: ${body.name}`,
        href: "/admin/club",
        text: body.image,
      })),
      ...namedImagesOf(row.details, "shortVideos", "title", "thumbnail").map((video) => ({
        label: `Home video: ${video.name}`,
        href: "/admin/club",
        text: video.image,
      })),
    ]);
  },
};

/** Every place, named by the registry's `mediaPlace` of the screen that edits it. */
export const MEDIA_PLACES: MediaPlace[] = (
  Object.entries(REFERENCES) as [MediaPlaceScreenKey, MediaPlace["references"]][]
).map(([screen, references]) => ({
  name: ADMIN_SCREENS[screen].mediaPlace,
  references,
}));

/**
 * The uploaded images of one list in a stored details document (governing bodies' logos,
 * videos' thumbnails), read loosely: only the entry's name and its image address matter.
 */
function namedImagesOf(
  details: unknown,
  list: "governingBodies" | "shortVideos",
  nameKey: string,
  imageKey: string,
): { name: string; image: string }[] {
  const entries = (details as Record<string, unknown> | null)?.[list];
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: unknown) => {
    const fields = (entry ?? {}) as Record<string, unknown>;
    const image = fields[imageKey];
    return typeof image === "string" && image.includes("/media/")
      ? [{ name: String(fields[nameKey] ?? ""), image }]
      : [];
  });
}

/** Every record of every place that holds a `/media/` address. */
export async function allMediaReferences(): Promise<MediaReference[]> {
  return (await Promise.all(MEDIA_PLACES.map((place) => place.references()))).flat();
}

/** The references that show the upload named `hash` (any of its files). */
export function referencesTo(hash: string, references: MediaReference[]): MediaReference[] {
  const name = `/media/${hash}-`;
  return references.filter((reference) => reference.text.includes(name));
}

/** ADR 037: single images of the stored details document (the crest, the home picture). */
function singleImagesOf(
  details: unknown,
  keys: readonly (readonly [string, string])[],
): { label: string; image: string }[] {
  if (typeof details !== "object" || details === null) return [];
  const record = details as Record<string, unknown>;
  return keys.flatMap(([key, label]) => {
    const image = record[key];
    return typeof image === "string" && image.startsWith("/media/") ? [{ label, image }] : [];
  });
}
