import { z } from "zod";
import { plainText } from "../forms/plain-text.ts";
import { seasonSlug } from "./rules.ts";

// The "Start a new season" form (ADR 016): one schema for the browser
// (Conform) and the server action. A name with letters or digits (its address is made from
// it), and a first and last day, the last not before the first.

const SEASON_LABEL_MAX = 40;

export const SEASON_FORM_MESSAGES = {
  labelRequired: "Enter the season's name, e.g. 2027/28.",
  labelTooLong: `Keep the name under ${SEASON_LABEL_MAX + 1} characters.`,
  labelNoAddress: "Use letters or digits in the name, e.g. 2027/28.",
  dayRequired: "Enter a date.",
  endsBeforeStart: "The last day must be on or after the first day.",
} as const;

const M = SEASON_FORM_MESSAGES;

const day = z
  .string({ error: M.dayRequired })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.dayRequired)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), M.dayRequired);

export const seasonFormFields = z.object({
  /** Never sent by the form (seasons are started, not edited); the admin helper's shape. */
  id: z.uuid().optional(),
  label: plainText({ error: M.labelRequired })
    .min(1, M.labelRequired)
    .max(SEASON_LABEL_MAX, M.labelTooLong)
    .refine((label) => seasonSlug(label) !== "", M.labelNoAddress),
  startsOn: day,
  endsOn: day,
});

export const seasonFormSchema = seasonFormFields.superRefine((season, ctx) => {
  if (season.endsOn < season.startsOn) {
    ctx.addIssue({ code: "custom", path: ["endsOn"], message: M.endsBeforeStart });
  }
});
