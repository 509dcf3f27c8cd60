import { z } from "zod";
import type { PlayerFigures } from "./rules.ts";

// A player's hand-entered figures for an archived season (ADR 016; the "Player figures" form
// of a season): one schema for the browser (Conform) and the server action. Whole numbers
// from 0 to FIGURE_MAX, each required.

export const FIGURE_MAX = 999;

const FIGURE_MESSAGES = {
  wholeNumber: "Enter a whole number, 0 or more.",
  tooLarge: `Enter a number up to ${FIGURE_MAX}.`,
} as const;

const count = z
  .number({ error: FIGURE_MESSAGES.wholeNumber })
  .int(FIGURE_MESSAGES.wholeNumber)
  .min(0, FIGURE_MESSAGES.wholeNumber)
  .max(FIGURE_MAX, FIGURE_MESSAGES.tooLarge);

/** The figures in the order the form and the lists show them, with their labels. */
export const FIGURE_FIELDS = [
  { name: "appearances", label: "Appearances" },
  { name: "goals", label: "Goals" },
  { name: "assists", label: "Assists" },
  { name: "yellowCards", label: "Yellow cards" },
  { name: "redCards", label: "Red cards" },
] as const satisfies readonly { name: keyof PlayerFigures; label: string }[];

/** `id` is the person's id (the record the form edits). */
export const seasonFiguresFormSchema = z.object({
  id: z.uuid().optional(),
  appearances: count,
  goals: count,
  assists: count,
  yellowCards: count,
  redCards: count,
});

/** What the form starts with for one person. */
export function seasonFiguresFormDefaults(personId: string, figures: PlayerFigures) {
  return {
    id: personId,
    appearances: String(figures.appearances),
    goals: String(figures.goals),
    assists: String(figures.assists),
    yellowCards: String(figures.yellowCards),
    redCards: String(figures.redCards),
  };
}
