import { z } from "zod";
import {
  DEFAULT_MATCH_TYPE,
  FIXTURE_MESSAGES,
  FIXTURE_TEXT_MAX,
  fixtureFormFields,
} from "../fixtures/fixture.schema.ts";
import { newsSchema } from "../news/news.schema.ts";
import { tableRowFormSchema } from "../table/table.schema.ts";
import { teamMemberSchema } from "../team/team.schema.ts";

// The old site's documents, each checked with the schema the admin form uses for the same
// entity (ADR 009, ADR 003), so an import can store nothing a form would refuse. What
// the forms never take (a news item's date, a fixture's stored instant, a person's slug) is
// added here; the readers in values.ts have already turned timestamps and numbers-as-text
// into dates and numbers.

const M = FIXTURE_MESSAGES;

/** News (rules §3 news): the news form, plus the old date (missing means 'Unknown'). */
export const importedNewsSchema = newsSchema.extend({ date: z.date().nullable() });
export type ImportedNews = z.output<typeof importedNewsSchema>;

const fixtureText = z.string().trim().max(FIXTURE_TEXT_MAX, M.textTooLong);
const { homeScore, awayScore, pensHome, pensAway } = fixtureFormFields.shape;
const scorerFields = fixtureFormFields.shape.scorers.unwrap().element.shape;

/**
 * Fixtures (rules §3 fixtures): the fixture form's fields and limits (scores 0–20, penalties
 * 0–10, minutes, text lengths), for values already stored rather than typed: a location or
 * type outside today's lists is kept as the text it was (the form's 'Other'), and an entry
 * without a date stays undated ('No date' in Manage Fixtures, rules §2).
 */
export const importedFixtureSchema = z
  .object({
    opponent: fixtureFormFields.shape.opponent,
    location: z
      .string({ error: M.locationRequired })
      .trim()
      .min(1, M.locationRequired)
      .max(FIXTURE_TEXT_MAX, M.textTooLong),
    date: z.date().nullable(),
    timeTbc: z.boolean({ error: "Expected true or false." }).default(false),
    type: fixtureText.optional().transform((type) => type || DEFAULT_MATCH_TYPE),
    stage: fixtureText.optional().transform((stage) => stage || null),
    homeScore: homeScore.nullable().transform((n) => n ?? null),
    awayScore: awayScore.nullable().transform((n) => n ?? null),
    pensHome: pensHome.nullable().transform((n) => n ?? null),
    pensAway: pensAway.nullable().transform((n) => n ?? null),
    scorers: z
      .array(
        z.object({
          name: z
            .string({ error: M.scorerNameRequired })
            .trim()
            .min(1, M.scorerNameRequired)
            .max(FIXTURE_TEXT_MAX, M.textTooLong),
          minute: scorerFields.minute.unwrap(),
        }),
        { error: "Expected a list of scorers." },
      )
      .default([]),
  })
  .superRefine((fixture, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if ((fixture.homeScore === null) !== (fixture.awayScore === null)) {
      issue(fixture.homeScore === null ? "homeScore" : "awayScore", M.scoresTogether);
    }
    if ((fixture.pensHome === null) !== (fixture.pensAway === null)) {
      issue(fixture.pensHome === null ? "pensHome" : "pensAway", M.penaltiesTogether);
    }
  });
export type ImportedFixture = z.output<typeof importedFixtureSchema>;

/** League table rows (rules §3 leagueTable): exactly the Manage League Table form. */
export const importedTableRowSchema = tableRowFormSchema;
export type ImportedTableRow = z.output<typeof importedTableRowSchema>["values"];

/**
 * Team records (rules §3 team): the Manage Team form (defaults TBD and 0, the role list, the
 * image rule), without the display order, which stays the club's to set here.
 */
export const importedTeamMemberSchema = teamMemberSchema.omit({ id: true, displayOrder: true });
export type ImportedTeamMember = z.output<typeof importedTeamMemberSchema>;
