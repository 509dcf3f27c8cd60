import { z } from "zod";
import { plainText } from "../forms/plain-text.ts";
import { isAllowedImageUrl, statValue, TBD, TEAM_ROLES, textOrTbd } from "./rules.ts";

// The Manage Team form (rules §5 Team form, decisions 3, 9, 10): one schema for the browser
// (Conform) and the server action. Empty text fields become 'TBD', empty or non-numeric
// numbers become 0; what cannot be stored is refused with a message next to the field.

export const TEAM_FIELD_LIMITS = {
  nameMax: 100,
  numberMax: 10,
  positionMax: 60,
  classificationMax: 30,
  playingSinceMax: 30,
  imageMax: 2000,
  statMax: 999,
  displayOrderMax: 9999,
  /** Room for a few pasted PNG/JPEG photos as data URLs; more belongs in the image URL. */
  bioMax: 2_000_000,
} as const;

const NAME_REQUIRED = "Please enter the name.";
const WHOLE_NUMBER = "Please enter a whole number.";
const NOT_NEGATIVE = "Please enter 0 or more.";

const tbdText = (max: number, label: string) =>
  z.preprocess(
    textOrTbd,
    plainText({ trim: false }).max(max, `Please keep the ${label} under ${max + 1} characters.`),
  );

const wholeNumber = (max: number) =>
  z.preprocess(
    statValue,
    z.number().int(WHOLE_NUMBER).min(0, NOT_NEGATIVE).max(max, `Please enter ${max} or less.`),
  );

const optionalImage = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null),
  plainText({ trim: false })
    .max(TEAM_FIELD_LIMITS.imageMax, "That address is too long.")
    .refine(isAllowedImageUrl, "Please enter an address starting with https:// or /.")
    .nullable(),
);

export const teamMemberSchema = z.object({
  /** Present when the form updates an existing person (ADR 005: edit mode). */
  id: z.uuid().optional(),
  name: plainText({ error: NAME_REQUIRED })
    .min(1, NAME_REQUIRED)
    .max(
      TEAM_FIELD_LIMITS.nameMax,
      `Please keep the name under ${TEAM_FIELD_LIMITS.nameMax + 1} characters.`,
    ),
  role: z.enum(TEAM_ROLES, { error: "Please choose a role." }).default("Player"),
  number: tbdText(TEAM_FIELD_LIMITS.numberMax, "number"),
  position: tbdText(TEAM_FIELD_LIMITS.positionMax, "position"),
  classification: tbdText(TEAM_FIELD_LIMITS.classificationMax, "classification"),
  playingSince: tbdText(TEAM_FIELD_LIMITS.playingSinceMax, "playing since"),
  goals: wholeNumber(TEAM_FIELD_LIMITS.statMax),
  assists: wholeNumber(TEAM_FIELD_LIMITS.statMax),
  yellowCards: wholeNumber(TEAM_FIELD_LIMITS.statMax),
  redCards: wholeNumber(TEAM_FIELD_LIMITS.statMax),
  displayOrder: wholeNumber(TEAM_FIELD_LIMITS.displayOrderMax),
  image: optionalImage,
  bio: plainText({ multiline: true, trim: false })
    .max(TEAM_FIELD_LIMITS.bioMax, "The bio is too long: link large photos with the image URL.")
    .default(""),
});

export type TeamMemberInput = z.output<typeof teamMemberSchema>;

const emptyIfTbd = (value: string) => (value === TBD ? "" : value);

/** A stored person as the Manage Team form edits them. */
export interface TeamFormRecord {
  id: string;
  name: string;
  role: string;
  number: string;
  position: string;
  classification: string;
  playingSince: string;
  goals: number;
  assists: number;
  yellowCards: number;
  redCards: number;
  displayOrder: number;
  image: string | null;
  bio: string;
}

/**
 * The Manage Team form's starting values (rules §5 Team form): a person's fields as typed
 * text to edit them (TBD shows as empty), or a new player's defaults, placed last.
 */
export function teamFormDefaults({
  member,
  nextDisplayOrder,
}: {
  member: TeamFormRecord | null;
  nextDisplayOrder: number;
}): { [K in keyof z.input<typeof teamMemberSchema>]?: string } {
  if (!member) {
    return {
      role: "Player",
      goals: "0",
      assists: "0",
      yellowCards: "0",
      redCards: "0",
      displayOrder: String(nextDisplayOrder),
    };
  }
  return {
    id: member.id,
    name: member.name,
    role: member.role,
    number: emptyIfTbd(member.number),
    position: emptyIfTbd(member.position),
    classification: emptyIfTbd(member.classification),
    playingSince: emptyIfTbd(member.playingSince),
    goals: String(member.goals),
    assists: String(member.assists),
    yellowCards: String(member.yellowCards),
    redCards: String(member.redCards),
    displayOrder: String(member.displayOrder),
    image: member.image ?? "",
    bio: member.bio,
  };
}
