import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { CompetitionForm } from "../../components/admin/choice-list-forms.tsx";
import { ChoiceListScreen, usedByText } from "../../components/admin/choice-list-screen.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import {
  choiceListAction,
  choiceListLoader,
} from "../../domain/fixtures/choice-list-admin.server.ts";
import { competitionList } from "../../domain/fixtures/competitions.server.ts";
import {
  COMPETITION_KIND_LABELS,
  competitionFormDefaults,
  competitionFormFields,
  competitionFormSchema,
} from "../../domain/fixtures/lists.schema.ts";
import type { Route } from "./+types/competitions";

// Competitions (decisions 15, ADR 015; ADR 005, on the admin resource module): the match
// types the fixture form offers, each of a kind (league, cup, friendly, other). A rename
// changes every fixture of that competition; one still used by fixtures is not deleted, and
// the refusal says by how many. The screen is the shared choice-list screen; this module
// declares the list, the form and the words.

const PATH = "/admin/competitions";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Competitions | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const screen = {
  screen: "competitions" as const,
  list: competitionList,
  form: { fields: competitionFormFields, schema: competitionFormSchema },
  formDefaults: competitionFormDefaults,
  path: PATH,
  noun: "competition",
};

export const loader = choiceListLoader(screen);
export const action = choiceListAction(screen);

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function ManageCompetitions({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ChoiceListScreen
      loaderData={loaderData}
      actionData={actionData}
      path={PATH}
      noun="competition"
      plural="competitions"
      intro="The match types the fixture form offers. Renaming a competition changes every fixture in it; a competition used by fixtures cannot be deleted. League results count towards the club's row of the league table."
      Form={CompetitionForm}
      details={(competition) => (
        <p className="mt-1 text-sm text-slate-600">
          {COMPETITION_KIND_LABELS[competition.kind]} · {usedByText(competition.fixtures)}
        </p>
      )}
    />
  );
}
