import { z } from "zod";
import type { VenueAccessGuide } from "../../db/schema.ts";
import { isCalendarDay } from "../dates/format.ts";
import { plainText } from "../forms/plain-text.ts";
import { IMAGE_ALT_REQUIRED, IMAGE_INVALID, isNewsImage } from "../news/news.schema.ts";

// A venue's access guide (ADR 031, rules §2 Manage Venues): one form, one schema for the
// browser (Conform) and the server (ADR 003), and the stored document checked again on every
// read. Every field may be left empty: empty is unknown, never "no".

export const ACCESS_LIMITS = {
  noteMax: 1000,
  textMax: 2000,
  countMax: 500,
  metresMax: 5000,
  doorMin: 50,
  doorMax: 400,
  altMax: 300,
  srcMax: 500,
} as const;

/** The photos the form offers (each with its description). */
export const ACCESS_PHOTO_SLOTS = [1, 2, 3] as const;

export const ACCESS_MESSAGES = {
  answer: "Choose Yes, No or Not known.",
  count: `Enter a whole number from 0 to ${ACCESS_LIMITS.countMax}, or leave it empty.`,
  metres: `Enter a distance in metres from 0 to ${ACCESS_LIMITS.metresMax}, or leave it empty.`,
  door: `Enter a width in centimetres from ${ACCESS_LIMITS.doorMin} to ${ACCESS_LIMITS.doorMax}, or leave it empty.`,
  note: `Keep this under ${ACCESS_LIMITS.noteMax} characters.`,
  text: `Keep this under ${ACCESS_LIMITS.textMax} characters.`,
  checkedOn: "Enter the day it was checked, or leave it empty.",
  checkedInFuture: "The day it was checked cannot be in the future.",
} as const;

const M = ACCESS_MESSAGES;

// Conform sends an empty field as undefined; both sides read it as "not known".
const optionalText = (max: number, message: string) =>
  plainText({ multiline: true })
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

const answer = z.enum(["yes", "no"], { error: M.answer }).optional();

const wholeNumber = (max: number, message: string, min = 0) =>
  z
    .string()
    .trim()
    .optional()
    .refine(
      (value) =>
        value === undefined ||
        value === "" ||
        (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max),
      message,
    )
    .transform((value) => (value ? Number(value) : undefined));

const photoSource = () =>
  optionalText(ACCESS_LIMITS.srcMax, IMAGE_INVALID).refine(
    (value) => value === undefined || isNewsImage(value),
    IMAGE_INVALID,
  );
const photoFields = {
  photo1: photoSource(),
  photo1Alt: optionalText(ACCESS_LIMITS.altMax, M.note),
  photo2: photoSource(),
  photo2Alt: optionalText(ACCESS_LIMITS.altMax, M.note),
  photo3: photoSource(),
  photo3Alt: optionalText(ACCESS_LIMITS.altMax, M.note),
};

/** The form's fields. `id` is the venue's. */
export const accessGuideFields = z.object({
  id: z.uuid(),
  stepFree: answer,
  stepFreeNotes: optionalText(ACCESS_LIMITS.noteMax, M.note),
  parkingBays: wholeNumber(ACCESS_LIMITS.countMax, M.count),
  parkingDistanceMetres: wholeNumber(ACCESS_LIMITS.metresMax, M.metres),
  parkingNotes: optionalText(ACCESS_LIMITS.noteMax, M.note),
  accessibleToilet: answer,
  changingPlaces: answer,
  toiletNotes: optionalText(ACCESS_LIMITS.noteMax, M.note),
  doorWidthCm: wholeNumber(ACCESS_LIMITS.doorMax, M.door, ACCESS_LIMITS.doorMin),
  doorNotes: optionalText(ACCESS_LIMITS.noteMax, M.note),
  floor: optionalText(ACCESS_LIMITS.noteMax, M.note),
  spectatorSpaces: wholeNumber(ACCESS_LIMITS.countMax, M.count),
  spectatorNotes: optionalText(ACCESS_LIMITS.noteMax, M.note),
  charging: optionalText(ACCESS_LIMITS.noteMax, M.note),
  transport: optionalText(ACCESS_LIMITS.textMax, M.text),
  directions: optionalText(ACCESS_LIMITS.textMax, M.text),
  ...photoFields,
  checkedOn: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isCalendarDay(value), M.checkedOn)
    .transform((value) => (value ? value : undefined)),
});

export type AccessGuideForm = z.output<typeof accessGuideFields>;

/**
 * The form on the server and in the browser: its fields, a photo needs its description
 * (decisions 23), and the day of checking is not after `today` (yyyy-MM-dd, in the club's
 * zone; the browser passes its own day, the server the club's).
 */
export function accessGuideSchema({ today }: { today?: string } = {}) {
  return accessGuideFields.superRefine((form, context) => {
    for (const slot of ACCESS_PHOTO_SLOTS) {
      if (form[`photo${slot}`] && !form[`photo${slot}Alt`]) {
        context.addIssue({
          code: "custom",
          path: [`photo${slot}Alt`],
          message: IMAGE_ALT_REQUIRED,
        });
      }
    }
    if (today && form.checkedOn && form.checkedOn > today) {
      context.addIssue({ code: "custom", path: ["checkedOn"], message: M.checkedInFuture });
    }
  });
}

/** ADR 031: the stored guide of a valid form; what was left empty is absent. */
export function guideFromForm(form: AccessGuideForm): VenueAccessGuide {
  const { id: _id, ...fields } = form;
  const guide: VenueAccessGuide = {};
  const photos = ACCESS_PHOTO_SLOTS.flatMap((slot) => {
    const src = form[`photo${slot}`];
    const alt = form[`photo${slot}Alt`];
    return src && alt ? [{ src, alt }] : [];
  });
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || key.startsWith("photo")) continue;
    (guide as Record<string, unknown>)[key] = value;
  }
  if (photos.length > 0) guide.photos = photos;
  return guide;
}

/** The form's values for a stored guide (numbers as text, unknown as empty). */
export function accessGuideFormDefaults({
  id,
  guide,
}: {
  id: string;
  guide: VenueAccessGuide;
}): Record<string, string> {
  const values: Record<string, string> = { id };
  for (const [key, value] of Object.entries(guide)) {
    if (key === "photos") continue;
    if (typeof value === "string" || typeof value === "number") values[key] = String(value);
  }
  guide.photos?.forEach((photo, index) => {
    values[`photo${index + 1}`] = photo.src;
    values[`photo${index + 1}Alt`] = photo.alt;
  });
  return values;
}

const storedAnswer = z.enum(["yes", "no"]).optional();
const storedText = z.string().optional();
const storedCount = z.number().int().min(0).optional();

/** The stored document's shape: anything else in it is dropped. */
const storedGuide = z.object({
  stepFree: storedAnswer,
  stepFreeNotes: storedText,
  parkingBays: storedCount,
  parkingDistanceMetres: storedCount,
  parkingNotes: storedText,
  accessibleToilet: storedAnswer,
  changingPlaces: storedAnswer,
  toiletNotes: storedText,
  doorWidthCm: storedCount,
  doorNotes: storedText,
  floor: storedText,
  spectatorSpaces: storedCount,
  spectatorNotes: storedText,
  charging: storedText,
  transport: storedText,
  directions: storedText,
  photos: z.array(z.object({ src: z.string(), alt: z.string() })).optional(),
  checkedOn: storedText,
});

/** ADR 031: a stored guide as the site uses it; an unreadable one is an empty guide (all unknown). */
export function readAccessGuide(stored: unknown): VenueAccessGuide {
  const parsed = storedGuide.safeParse(stored ?? {});
  if (!parsed.success) return {};
  return Object.fromEntries(
    Object.entries(parsed.data).filter(([, value]) => value !== undefined && value !== ""),
  ) as VenueAccessGuide;
}
