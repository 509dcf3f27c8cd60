import { z } from "zod";
import { NEWS_STATUSES } from "../../db/schema.ts";
import { isCalendarDay } from "../dates/format.ts";
import { plainText } from "../forms/plain-text.ts";

// The news form (rules §3 news, §5 News, decisions 3, 14): one schema for the browser (Conform)
// and the server. The date is never part of it: the server sets it at creation (rules §3).

/** The limits of each field, mirrored by the inputs' native attributes. */
export const NEWS_FIELD_LIMITS = {
  titleMax: 200,
  contentMax: 20_000,
  imageMax: 2_000,
  imageAltMax: 300,
  categoryMax: 40,
  bylineMax: 100,
} as const;

const TITLE_REQUIRED = "Please enter a title.";
const CONTENT_REQUIRED = "Please write the news content.";
/** "Describe the photo" (decisions 23): a content image always has a text alternative. */
export const IMAGE_ALT_REQUIRED =
  "Please describe the photo for people who cannot see it, for example “Aoife scores the winner”.";
export const FIXTURE_INVALID = "Please choose a match from the list, or none.";
export const IMAGE_INVALID =
  "Please enter a web address starting with https://, or a path on this site starting with /.";

const STATUS_INVALID = "Please choose what happens to the story.";
const PUBLISH_DAY_INVALID = "Please enter the publish day as a date, for example 14/03/2027.";
const PUBLISH_TIME_INVALID =
  "Please enter the publish time as hours and minutes, for example 18:30.";
const PUBLISH_DAY_REQUIRED = "Please choose the day to publish.";
const PUBLISH_TIME_REQUIRED = "Please choose the time to publish.";

/**
 * An image is an https address or a path on this site ("/images/…"). Anything else
 * (javascript:, data:, "//other.site") could run code or load from elsewhere unnoticed, and
 * an http address would be blocked by the site's Content-Security-Policy (rules §12).
 */
export function isNewsImage(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//") && !value.includes("\\");
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

// Conform sends an empty field as undefined; the server and the browser both read it as "none".
const optionalText = (max: number, tooLong: string) =>
  plainText()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value ? value : undefined));

export const newsSchema = z.object({
  title: plainText({ error: TITLE_REQUIRED })
    .min(1, TITLE_REQUIRED)
    .max(
      NEWS_FIELD_LIMITS.titleMax,
      `Please keep the title under ${NEWS_FIELD_LIMITS.titleMax} characters.`,
    ),
  content: plainText({ error: CONTENT_REQUIRED, multiline: true })
    .min(1, CONTENT_REQUIRED)
    .max(
      NEWS_FIELD_LIMITS.contentMax,
      `Please keep the content under ${NEWS_FIELD_LIMITS.contentMax.toLocaleString("en-GB")} characters.`,
    ),
  image: optionalText(NEWS_FIELD_LIMITS.imageMax, IMAGE_INVALID).refine(
    (value) => value === undefined || isNewsImage(value),
    IMAGE_INVALID,
  ),
  imageAlt: optionalText(
    NEWS_FIELD_LIMITS.imageAltMax,
    `Please keep the description under ${NEWS_FIELD_LIMITS.imageAltMax} characters.`,
  ),
  category: optionalText(
    NEWS_FIELD_LIMITS.categoryMax,
    `Please keep the category under ${NEWS_FIELD_LIMITS.categoryMax} characters.`,
  ),
  // a match report's fixture, chosen from the results; empty = none. The
  // server also checks the fixture exists (routes/admin/news.tsx `check`).
  fixtureId: z.uuid(FIXTURE_INVALID).optional(),
});

type NewsOutput = z.output<typeof newsSchema>;
/** A valid item's fields, as the domain takes them; no image or category may be left out. */
export type NewsInput = Omit<NewsOutput, "image" | "imageAlt" | "category" | "fixtureId"> &
  Partial<Pick<NewsOutput, "image" | "imageAlt" | "category" | "fixtureId">>;

/**
 * The form as the admin screen posts it: the fields, and the id when an item is updated. An
 * image needs its description here (items imported from the old site may lack one).
 */
export const newsFormSchema = newsSchema
  .extend({
    id: z.uuid().optional(),
    // rules §2 Manage News: a new item is e-mailed to the news list unless this is ticked.
    noEmail: z.boolean().optional(),
    // ADR 034: the optional author's name shown on the item.
    byline: optionalText(
      NEWS_FIELD_LIMITS.bylineMax,
      `Please keep the author's name under ${NEWS_FIELD_LIMITS.bylineMax} characters.`,
    ),
    // rules §3 News states: the state the save puts the item in (absent: a new item's default,
    // an existing item's own state).
    status: z.enum(NEWS_STATUSES, { error: STATUS_INVALID }).optional(),
    // rules §3 News states: a scheduled item's publish day and time, in the club's time zone.
    publishDay: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, PUBLISH_DAY_INVALID)
      .refine(isCalendarDay, PUBLISH_DAY_INVALID)
      .optional(),
    publishTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, PUBLISH_TIME_INVALID)
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.image && !value.imageAlt) {
      context.addIssue({ code: "custom", path: ["imageAlt"], message: IMAGE_ALT_REQUIRED });
    }
    if (value.status === "scheduled") {
      if (!value.publishDay) {
        context.addIssue({ code: "custom", path: ["publishDay"], message: PUBLISH_DAY_REQUIRED });
      }
      if (!value.publishTime) {
        context.addIssue({ code: "custom", path: ["publishTime"], message: PUBLISH_TIME_REQUIRED });
      }
    }
  });

/** A news item's address /news/{id}: ids are UUIDs, anything else is not found. */
export const newsIdSchema = z.uuid();

/** The page number of the news list (?page=2): a positive whole number; absent means 1. */
export const newsPageSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,5}$/)
  .transform(Number)
  .optional()
  .transform((page) => page ?? 1);

/** A stored item as the news form edits it. */
export interface NewsFormRecord {
  id: string;
  title: string;
  content: string;
  image: string | null;
  imageAlt: string | null;
  category: string | null;
  fixtureId: string | null;
  byline: string | null;
  status: (typeof NEWS_STATUSES)[number];
  /** A scheduled item's day and time in the club's time zone ('yyyy-MM-dd', 'HH:mm'). */
  publishDay?: string;
  publishTime?: string;
}

/** The news form's starting values: empty to add, the item's fields to edit it. */
export function newsFormDefaults(item: NewsFormRecord | null) {
  if (!item) return undefined;
  return {
    byline: item.byline ?? "",
    status: item.status,
    publishDay: item.publishDay ?? "",
    publishTime: item.publishTime ?? "",
    id: item.id,
    title: item.title,
    content: item.content,
    image: item.image ?? "",
    imageAlt: item.imageAlt ?? "",
    category: item.category ?? "",
    fixtureId: item.fixtureId ?? "",
  };
}
