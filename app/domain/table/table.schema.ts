import { z } from "zod";
import type { leagueTable } from "../../db/schema.ts";
import { plainText } from "../forms/plain-text.ts";
import { parseMediaRef } from "../media/rules.ts";
import { isPlayedConsistent, pointsFor, type TableStanding } from "./rules.ts";

// The league table form (rules §3 leagueTable, §5 League table form): one schema
// for the browser (Conform) and the server action. Whole numbers of 0 or more; played must
// equal won + drawn + lost; points left empty are worked out as 3 per win + 1 per draw.

const TABLE_TEXT_MAX = 100;
const TABLE_LOGO_MAX = 500;
/** No season gets near this; it keeps typing slips out of the table. */
export const TABLE_COUNT_MAX = 999;

export const TABLE_MESSAGES = {
  teamRequired: "Enter the team name.",
  teamTooLong: `Keep the team name under ${TABLE_TEXT_MAX} characters.`,
  teamTaken: "This team is already in the table.",
  wholeNumber: "Enter a whole number, 0 or more.",
  tooLarge: `Enter a number up to ${TABLE_COUNT_MAX}.`,
  logoInvalid: "Enter a web address starting with https://.",
  played: (row: { won: number; drawn: number; lost: number }) =>
    `Played must equal won + drawn + lost (${row.won} + ${row.drawn} + ${row.lost} = ${row.won + row.drawn + row.lost}).`,
} as const;

const M = TABLE_MESSAGES;

const count = z
  .number({ error: M.wholeNumber })
  .int(M.wholeNumber)
  .min(0, M.wholeNumber)
  .max(TABLE_COUNT_MAX, M.tooLarge);

const isLogoAddress = (value: string) => {
  // An uploaded logo (decisions 23, ADR 017).
  if (parseMediaRef(value)) return true;
  try {
    const url = new URL(value);
    // The site's Content-Security-Policy loads images over https only.
    return url.protocol === "https:";
  } catch {
    return false;
  }
};

/** The form's fields; also what the browser's native constraints are made from. */
export const tableRowFormFields = z.object({
  id: z.uuid().optional(),
  team: plainText({ error: M.teamRequired })
    .min(1, M.teamRequired)
    .max(TABLE_TEXT_MAX, M.teamTooLong),
  played: count,
  won: count,
  drawn: count,
  lost: count,
  gf: count,
  ga: count,
  points: count.optional(),
  logo: plainText()
    .max(TABLE_LOGO_MAX, M.logoInvalid)
    .refine(isLogoAddress, M.logoInvalid)
    .optional(),
  /** The club's own row only: keep the figures typed here instead of those from results (ADR 016). */
  manual: z.boolean().optional(),
});

export const tableRowFormSchema = tableRowFormFields
  .superRefine(
    (row, ctx) => {
      const counts = [row.played, row.won, row.drawn, row.lost];
      if (counts.every(Number.isInteger) && !isPlayedConsistent(row)) {
        ctx.addIssue({ code: "custom", path: ["played"], message: M.played(row) });
      }
    },
    // Runs even when other fields are wrong, so every message shows at once.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
  .transform(({ id, points, logo, manual, ...row }) => ({
    id,
    values: {
      ...row,
      points: points ?? pointsFor(row),
      logo: logo ?? null,
      manual: manual ?? false,
    } satisfies TableRowValues,
  }));

/** What the domain stores for a table row (GD is computed, never stored). */
export type TableRowValues = TableStanding &
  Pick<typeof leagueTable.$inferSelect, "logo"> &
  Partial<Pick<typeof leagueTable.$inferSelect, "manual">>;

/** What an edit form starts with. */
export function tableRowFormDefaults(row: TableRowValues & { id: string }) {
  return {
    id: row.id,
    manual: row.manual ? "on" : "",
    team: row.team,
    played: String(row.played),
    won: String(row.won),
    drawn: String(row.drawn),
    lost: String(row.lost),
    gf: String(row.gf),
    ga: String(row.ga),
    points: String(row.points),
    logo: row.logo ?? "",
  };
}

/** An empty add form: every count starts at 0. */
export const EMPTY_TABLE_ROW = {
  team: "",
  played: "0",
  won: "0",
  drawn: "0",
  lost: "0",
  gf: "0",
  ga: "0",
  points: "0",
  logo: "",
  manual: "",
};
