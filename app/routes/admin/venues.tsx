import { Link } from "react-router";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { VenueForm } from "../../components/admin/choice-list-forms.tsx";
import { ChoiceListScreen, usedByText } from "../../components/admin/choice-list-screen.tsx";
import { ExternalLink } from "../../components/site/external-link.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import {
  choiceListAction,
  choiceListLoader,
} from "../../domain/fixtures/choice-list-admin.server.ts";
import {
  venueFormDefaults,
  venueFormFields,
  venueFormSchema,
} from "../../domain/fixtures/lists.schema.ts";
import { venueList } from "../../domain/fixtures/venues.server.ts";
import type { Route } from "./+types/venues";

// Venues (decisions 15, ADR 015; ADR 005, on the admin resource module): the places the
// fixture form offers as its Location, each with its access guide (ADR 031). A rename changes every fixture played there; a venue
// still used by fixtures is not deleted, and the refusal says by how many. The screen is the
// shared choice-list screen; this module declares the list, the form and the words.

const PATH = "/admin/venues";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Venues | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const screen = {
  screen: "venues" as const,
  list: venueList,
  form: { fields: venueFormFields, schema: venueFormSchema },
  formDefaults: venueFormDefaults,
  path: PATH,
  noun: "venue",
};

export const loader = choiceListLoader(screen);
export const action = choiceListAction(screen);

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function ManageVenues({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ChoiceListScreen
      loaderData={loaderData}
      actionData={actionData}
      path={PATH}
      noun="venue"
      plural="venues"
      intro="The places the fixture form offers as its Location. Renaming a venue changes every fixture played there; a venue used by fixtures cannot be deleted."
      Form={VenueForm}
      details={(venue) => (
        <>
          {venue.address ? (
            <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{venue.address}</p>
          ) : null}
          <p className="mt-1 text-sm text-slate-600">
            <Link
              to={`/admin/venues/${venue.id}/access`}
              className="font-semibold text-club underline underline-offset-4"
            >
              Access guide<span className="sr-only"> of {venue.name}</span>
            </Link>
            {" · "}
            {usedByText(venue.fixtures)}
            {venue.mapUrl ? (
              <>
                {" · "}
                <ExternalLink href={venue.mapUrl} className="font-semibold text-club underline">
                  Map<span className="sr-only"> of {venue.name}</span>
                </ExternalLink>
              </>
            ) : null}
          </p>
        </>
      )}
    />
  );
}
