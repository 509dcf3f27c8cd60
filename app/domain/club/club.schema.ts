import { z } from "zod";
import { club as defaults } from "../../config/club.ts";
import { isMeasurementId } from "../../config/measurement-id.ts";
import { plainText } from "../forms/plain-text.ts";
import { parseMediaRef } from "../media/rules.ts";
import { checkClubColours, contrastMessage, isHexColour } from "./contrast.ts";
import {
  defaultClubDetails,
  paragraphs,
  SOCIAL_NETWORKS,
  type SocialNetworkName,
} from "./rules.ts";
import { isTimeZone } from "./time-zones.ts";

// The club's details (decisions 15, ADR 013): what Club details in the admin edits and every
// public page, feed, the manifest and e-mails read. `clubDetailsSchema` is the stored shape,
// checked on every write and every read; `clubFormSchema` is the form (browser and server).

export const CLUB_LIMITS = {
  nameMax: 120,
  shortNameMax: 60,
  taglineMax: 200,
  textMax: 200,
  urlMax: 500,
  phoneContactsMax: 6,
  governingBodiesMax: 8,
  shortVideosMax: 6,
  pitchMax: 4_000,
} as const;

const M = {
  name: "Please enter the club's name.",
  shortName: "Please enter a short name.",
  tagline: "Please enter a tagline.",
  founded: `Please enter the year the club was founded, e.g. ${defaults.founded}.`,
  url: "Please enter the site's address, starting with https:// (or http:// for a test site).",
  https: "Please enter a web address starting with https://.",
  colour: "Please enter a colour as # and six hexadecimal digits, e.g. #0b3d5c.",
  email: "Please enter the club's e-mail address.",
  latitude: "Please enter a latitude between -90 and 90.",
  longitude: "Please enter a longitude between -180 and 180.",
  analytics: "Please enter a GA4 measurement id like G-ABC123DEF4, or leave it empty.",
  tooLong: (max: number) => `Please keep this under ${max} characters.`,
  rowIncomplete: "Please fill in all of this row, or remove it with its Remove button.",
  logo: "Please upload a logo, enter its address starting with https://, or leave it empty.",
  pitch: "Please write the Become a Sponsor text.",
  teamName: "Please enter the team's name, as fixtures and the table show it.",
  timeZone: "Please choose the club's time zone from the list, e.g. Europe/Dublin.",
  videoId: "Please enter the TikTok video's number: the digits at the end of its address.",
  crest: "Please upload the crest as an image (PNG, JPEG, WebP or SVG), or leave it empty.",
  heroImage: "Please upload the home page's picture as an image, or leave it empty.",
  heroImageAlt: "Please describe the picture for people who cannot see it.",
  thumbnail:
    "Please enter the thumbnail's address (https:// or an uploaded /media/ address), a bundled thumbnail's name, or leave it empty.",
};

/** An https address (decisions 15: every link the club sets opens over https). */
export function isHttpsUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/** The site's own address: https, or http for a test site; no path. */
function isSiteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** An uploaded image's address (ADR 017): the crest and the home picture are always uploads. */
function isUpload(value: string): boolean {
  return parseMediaRef(value) !== null;
}

/** A logo: an upload (ADR 017), an https address, or the name of a logo bundled in app/assets/partners. */
export function isLogo(value: string): boolean {
  return (
    isHttpsUrl(value) || parseMediaRef(value) !== null || /^[a-z0-9][a-z0-9-]{0,60}$/.test(value)
  );
}

const text = (max: number, required: string) =>
  plainText({ error: required }).min(1, required).max(max, M.tooLong(max));
const httpsUrl = plainText({ error: M.https })
  .max(CLUB_LIMITS.urlMax, M.tooLong(CLUB_LIMITS.urlMax))
  .refine(isHttpsUrl, M.https);

const phoneContact = z.object({
  role: text(CLUB_LIMITS.textMax, M.rowIncomplete),
  name: text(CLUB_LIMITS.textMax, M.rowIncomplete),
  phone: text(40, M.rowIncomplete),
});
const governingBody = z.object({
  name: text(CLUB_LIMITS.textMax, M.rowIncomplete),
  href: httpsUrl,
  logo: plainText().max(CLUB_LIMITS.urlMax).refine(isLogo, M.logo).optional(),
});

/** A video thumbnail: an https address, an upload (/media/...), or a bundled thumbnail's name. */
const isThumbnail = isLogo;

const shortVideo = z.object({
  id: plainText({ error: M.videoId }).regex(/^\d{5,30}$/, M.videoId),
  title: text(CLUB_LIMITS.textMax, M.rowIncomplete),
  thumbnail: plainText().max(CLUB_LIMITS.urlMax).refine(isThumbnail, M.thumbnail).optional(),
});

/** rules §2 Come and try: whether the club can lend a powerchair to someone who comes to try. */
export const CHAIR_LOAN_CHOICES = [
  { value: "yes", label: "Yes: we can lend a sports powerchair for taster sessions" },
  { value: "ask", label: "Sometimes: ask us before you come" },
  { value: "no", label: "No: please come in your own powerchair" },
] as const;
export type ChairLoan = (typeof CHAIR_LOAN_CHOICES)[number]["value"];
const CHAIR_LOANS = ["yes", "ask", "no"] as const satisfies readonly ChairLoan[];

/** The stored details: one JSON document (ADR 013). */
const clubDetailsSchema = z.object({
  name: text(CLUB_LIMITS.nameMax, M.name),
  shortName: text(CLUB_LIMITS.shortNameMax, M.shortName),
  tagline: text(CLUB_LIMITS.taglineMax, M.tagline),
  founded: z.number().int().min(1850).max(2200),
  /** The home team in every fixture (rules §3): fixture cards, the table, calendars. */
  teamName: text(CLUB_LIMITS.shortNameMax, M.teamName),
  /** Every instant is shown and entered in this IANA zone (decisions 5). */
  timeZone: plainText({ error: M.timeZone }).refine(isTimeZone, M.timeZone),
  url: plainText().refine(isSiteUrl, M.url),
  colours: z
    .object({
      primary: plainText().refine(isHexColour, M.colour),
      accent: plainText().refine(isHexColour, M.colour),
    })
    .superRefine((colours, context) => {
      for (const check of checkClubColours(colours)) {
        if (!check.passes) {
          context.addIssue({
            code: "custom",
            path: [check.field],
            message: contrastMessage(check),
          });
        }
      }
    }),
  /** Empty until the club enters one (decisions 35): the site then shows no e-mail. */
  email: z.union([z.email(M.email), z.literal("")]),
  phoneContacts: z.array(phoneContact).max(CLUB_LIMITS.phoneContactsMax),
  /** Each part may be empty until the club enters its address (decisions 35). */
  address: z.object({
    venue: plainText().max(CLUB_LIMITS.textMax),
    street: plainText().max(CLUB_LIMITS.textMax),
    locality: plainText().max(CLUB_LIMITS.textMax),
    postcode: plainText().max(20),
    country: plainText().max(CLUB_LIMITS.textMax),
  }),
  map: z.object({
    latitude: z.number().min(-90, M.latitude).max(90, M.latitude),
    longitude: z.number().min(-180, M.longitude).max(180, M.longitude),
  }),
  social: z.object({
    facebook: httpsUrl.optional(),
    instagram: httpsUrl.optional(),
    youtube: httpsUrl.optional(),
    tiktok: httpsUrl.optional(),
    x: httpsUrl.optional(),
    bluesky: httpsUrl.optional(),
  }),
  governingBodies: z.array(governingBody).max(CLUB_LIMITS.governingBodiesMax),
  analyticsId: z.string().refine((id) => id === "" || isMeasurementId(id), M.analytics),
  /** The "Become a Sponsor" text on /sponsors: plain paragraphs, separated by empty lines. */
  sponsorPitch: text(CLUB_LIMITS.pitchMax, M.pitch),
  /** The home page's featured short videos (TikTok, on the club's TikTok account). */
  shortVideos: z.array(shortVideo).max(CLUB_LIMITS.shortVideosMax),
  /** Come and try (ADR 031): whether the club can lend a powerchair. */
  chairLoan: z.enum(CHAIR_LOANS),
  /** ADR 037: the club's crest, an uploaded logo (/media/…); without one, the neutral crest. */
  crest: plainText().refine(isUpload, M.crest).optional(),
  /** ADR 037: the home page's picture, an uploaded photo, and its description. */
  heroImage: plainText().refine(isUpload, M.heroImage).optional(),
  heroImageAlt: plainText().max(CLUB_LIMITS.textMax).optional(),
  /** The league the team plays in, as the home page names it ("AIPF"); empty: not shown. */
  league: plainText().max(CLUB_LIMITS.shortNameMax).optional(),
  /** decisions 35: the dashboard's setup checklist was put away. */
  setupDismissed: z.boolean().optional(),
});

export type ClubDetails = z.output<typeof clubDetailsSchema>;
export { defaultClubDetails, paragraphs, SOCIAL_NETWORKS, type SocialNetworkName };

/**
 * Stored details as the site uses them: what is stored over the defaults (a detail added by a
 * later version starts at its default), checked again; null when the document is not valid.
 */
export function readClubDetails(stored: unknown): ClubDetails | null {
  const document = typeof stored === "object" && stored !== null ? stored : {};
  const parsed = clubDetailsSchema.safeParse({ ...defaultClubDetails(), ...document });
  return parsed.success ? parsed.data : null;
}

/** The paragraphs of a plain text (empty lines separate them). */

// The form: one field per detail, lists as rows (empty rows are dropped, so the screen can
// always offer one more). Conform sends an empty field as undefined.
const optional = (schema: z.ZodType<string>) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
const numberField = (message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z.number({ error: message }),
  );
const rows = <Row extends z.ZodObject>(row: Row, max: number) =>
  z
    .preprocess(
      (value) =>
        (Array.isArray(value) ? value : []).filter(
          (entry) =>
            typeof entry === "object" &&
            entry !== null &&
            Object.values(entry).some((field) => typeof field === "string" && field.trim() !== ""),
        ),
      z.array(row).max(max),
    )
    .optional();

export const clubFormFields = z.object({
  id: z.uuid().optional(),
  name: z.string(),
  shortName: z.string(),
  tagline: z.string(),
  founded: z.string(),
  teamName: z.string(),
  timeZone: z.string(),
  url: z.string(),
  primaryColour: z.string(),
  accentColour: z.string(),
  email: z.string(),
  phoneContacts: z
    .array(z.object({ role: z.string(), name: z.string(), phone: z.string() }))
    .max(CLUB_LIMITS.phoneContactsMax),
  venue: z.string(),
  street: z.string(),
  locality: z.string(),
  postcode: z.string(),
  country: z.string(),
  latitude: z.string(),
  longitude: z.string(),
  facebook: z.string(),
  instagram: z.string(),
  youtube: z.string(),
  tiktok: z.string(),
  x: z.string(),
  bluesky: z.string(),
  governingBodies: z
    .array(z.object({ name: z.string(), href: z.string(), logo: z.string() }))
    .max(CLUB_LIMITS.governingBodiesMax),
  analyticsId: z.string(),
  sponsorPitch: z.string(),
  shortVideos: z
    .array(z.object({ id: z.string(), title: z.string(), thumbnail: z.string() }))
    .max(CLUB_LIMITS.shortVideosMax),
  chairLoan: z.string(),
  crest: z.string(),
  heroImage: z.string(),
  heroImageAlt: z.string(),
  league: z.string(),
});

const detailShape = clubDetailsSchema.shape;

export const clubFormSchema = z
  .object({
    id: z.uuid().optional(),
    name: detailShape.name,
    shortName: detailShape.shortName,
    tagline: detailShape.tagline,
    founded: numberField(M.founded).pipe(
      z.number().int(M.founded).min(1850, M.founded).max(2200, M.founded),
    ),
    teamName: detailShape.teamName,
    timeZone: detailShape.timeZone,
    url: plainText({ error: M.url }).refine(isSiteUrl, M.url),
    primaryColour: plainText({ error: M.colour }).refine(isHexColour, M.colour),
    accentColour: plainText({ error: M.colour }).refine(isHexColour, M.colour),
    email: optional(plainText({ error: M.email }).pipe(z.email(M.email))),
    phoneContacts: rows(phoneContact, CLUB_LIMITS.phoneContactsMax),
    venue: optional(plainText().max(CLUB_LIMITS.textMax, M.tooLong(CLUB_LIMITS.textMax))),
    street: optional(plainText().max(CLUB_LIMITS.textMax, M.tooLong(CLUB_LIMITS.textMax))),
    locality: optional(plainText().max(CLUB_LIMITS.textMax, M.tooLong(CLUB_LIMITS.textMax))),
    postcode: optional(plainText().max(20, M.tooLong(20))),
    country: optional(plainText().max(CLUB_LIMITS.textMax, M.tooLong(CLUB_LIMITS.textMax))),
    latitude: numberField(M.latitude).pipe(detailShape.map.shape.latitude),
    longitude: numberField(M.longitude).pipe(detailShape.map.shape.longitude),
    facebook: optional(httpsUrl),
    instagram: optional(httpsUrl),
    youtube: optional(httpsUrl),
    tiktok: optional(httpsUrl),
    x: optional(httpsUrl),
    bluesky: optional(httpsUrl),
    governingBodies: rows(
      governingBody.extend({
        logo: optional(plainText().max(CLUB_LIMITS.urlMax).refine(isLogo, M.logo)),
      }),
      CLUB_LIMITS.governingBodiesMax,
    ),
    analyticsId: optional(plainText().refine(isMeasurementId, M.analytics)),
    sponsorPitch: plainText({ error: M.pitch, multiline: true })
      .min(1, M.pitch)
      .max(CLUB_LIMITS.pitchMax, M.tooLong(CLUB_LIMITS.pitchMax)),
    shortVideos: rows(
      shortVideo.extend({
        thumbnail: optional(plainText().max(CLUB_LIMITS.urlMax).refine(isThumbnail, M.thumbnail)),
      }),
      CLUB_LIMITS.shortVideosMax,
    ),
    chairLoan: z.enum(CHAIR_LOANS, { error: "Please choose whether the club can lend a chair." }),
    crest: optional(plainText().refine(isUpload, M.crest)),
    heroImage: optional(plainText().refine(isUpload, M.heroImage)),
    heroImageAlt: optional(plainText().max(CLUB_LIMITS.textMax, M.tooLong(CLUB_LIMITS.textMax))),
    league: optional(
      plainText().max(CLUB_LIMITS.shortNameMax, M.tooLong(CLUB_LIMITS.shortNameMax)),
    ),
  })
  .superRefine((form, context) => {
    // ADR 037: a home picture is a content image: it needs its description.
    if (form.heroImage && !form.heroImageAlt) {
      context.addIssue({ code: "custom", path: ["heroImageAlt"], message: M.heroImageAlt });
    }
    // Refused on the server as in the browser: a pair under 4.5:1 is never saved.
    for (const check of checkClubColours({
      primary: form.primaryColour,
      accent: form.accentColour,
    })) {
      if (!check.passes) {
        context.addIssue({
          code: "custom",
          path: [check.field === "primary" ? "primaryColour" : "accentColour"],
          message: contrastMessage(check),
        });
      }
    }
  });

export type ClubForm = z.output<typeof clubFormSchema>;

/**
 * The form's values as details. `kept` are the stored details the form does not edit (the
 * setup checklist's dismissal, decisions 35): a save keeps them.
 */
export function detailsFromForm(
  form: ClubForm,
  kept: Pick<ClubDetails, "setupDismissed"> = {},
): ClubDetails {
  const social: ClubDetails["social"] = {};
  for (const network of SOCIAL_NETWORKS) {
    const href = form[network];
    if (href) social[network] = href;
  }
  return {
    name: form.name,
    shortName: form.shortName,
    tagline: form.tagline,
    founded: form.founded,
    teamName: form.teamName,
    timeZone: form.timeZone,
    url: form.url.replace(/\/+$/, ""),
    colours: { primary: form.primaryColour.toLowerCase(), accent: form.accentColour.toLowerCase() },
    email: form.email ?? "",
    phoneContacts: form.phoneContacts ?? [],
    address: {
      venue: form.venue ?? "",
      street: form.street ?? "",
      locality: form.locality ?? "",
      postcode: form.postcode ?? "",
      country: form.country ?? "",
    },
    map: { latitude: form.latitude, longitude: form.longitude },
    social,
    governingBodies: (form.governingBodies ?? []).map(({ logo, ...body }) =>
      logo ? { ...body, logo } : body,
    ),
    analyticsId: form.analyticsId ?? "",
    sponsorPitch: form.sponsorPitch,
    shortVideos: (form.shortVideos ?? []).map(({ thumbnail, ...video }) =>
      thumbnail ? { ...video, thumbnail } : video,
    ),
    chairLoan: form.chairLoan,
    ...(form.crest ? { crest: form.crest } : {}),
    ...(form.heroImage ? { heroImage: form.heroImage, heroImageAlt: form.heroImageAlt ?? "" } : {}),
    ...(form.league ? { league: form.league } : {}),
    ...(kept.setupDismissed ? { setupDismissed: true } : {}),
  };
}

/** The form's starting values: the stored details, with one empty row to add to each list. */
export function clubFormDefaults({ id, details }: { id: string; details: ClubDetails }) {
  return {
    id,
    name: details.name,
    shortName: details.shortName,
    tagline: details.tagline,
    founded: String(details.founded),
    teamName: details.teamName,
    timeZone: details.timeZone,
    url: details.url,
    primaryColour: details.colours.primary,
    accentColour: details.colours.accent,
    email: details.email,
    phoneContacts: withEmptyRow(details.phoneContacts, CLUB_LIMITS.phoneContactsMax, {
      role: "",
      name: "",
      phone: "",
    }),
    venue: details.address.venue,
    street: details.address.street,
    locality: details.address.locality,
    postcode: details.address.postcode,
    country: details.address.country,
    latitude: String(details.map.latitude),
    longitude: String(details.map.longitude),
    facebook: details.social.facebook ?? "",
    instagram: details.social.instagram ?? "",
    youtube: details.social.youtube ?? "",
    tiktok: details.social.tiktok ?? "",
    x: details.social.x ?? "",
    bluesky: details.social.bluesky ?? "",
    governingBodies: withEmptyRow(
      details.governingBodies.map((body) => ({ ...body, logo: body.logo ?? "" })),
      CLUB_LIMITS.governingBodiesMax,
      { name: "", href: "", logo: "" },
    ),
    analyticsId: details.analyticsId,
    sponsorPitch: details.sponsorPitch,
    shortVideos: withEmptyRow(
      details.shortVideos.map((video) => ({ ...video, thumbnail: video.thumbnail ?? "" })),
      CLUB_LIMITS.shortVideosMax,
      { id: "", title: "", thumbnail: "" },
    ),
    chairLoan: details.chairLoan,
    crest: details.crest ?? "",
    heroImage: details.heroImage ?? "",
    heroImageAlt: details.heroImageAlt ?? "",
    league: details.league ?? "",
  };
}

function withEmptyRow<Row>(list: Row[], max: number, empty: Row): Row[] {
  return list.length < max ? [...list, empty] : list;
}
