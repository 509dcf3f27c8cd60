import { useState } from "react";
import { data, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { FixtureForm, fixtureFormId } from "../../components/admin/fixture-form.tsx";
import { FixtureList } from "../../components/admin/fixture-list.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { SlideUpPanel } from "../../components/admin/slide-up-panel.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { club } from "../../config/club.ts";
import { latestChanges } from "../../domain/activity/activity.server.ts";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { getClub, getClubTimeZone } from "../../domain/club/club.server.ts";
import { readListQuery, screenHref } from "../../domain/fixtures/admin-list-query.ts";
import { listCompetitions } from "../../domain/fixtures/competitions.server.ts";
import {
  type FixtureChoices,
  fixtureChoiceErrors,
  fixtureFormDefaults,
  fixtureFormFields,
  fixtureFormSchema,
  matchPlayerRows,
} from "../../domain/fixtures/fixture.schema.ts";
import {
  createFixture,
  type Fixture,
  getFixture,
  listFixtures,
  removeFixture,
  restoreFixture,
  updateFixture,
} from "../../domain/fixtures/fixtures.server.ts";
import {
  adminFixtureList,
  needsResult,
  opponentSuggestions,
  scorerSuggestions,
} from "../../domain/fixtures/rules.ts";
import { listVenues } from "../../domain/fixtures/venues.server.ts";
import { lockedSeasonMessage } from "../../domain/seasons/seasons.server.ts";
import { mailResult } from "../../domain/subscribers/admin.server.ts";
import { listTable } from "../../domain/table/table.server.ts";
import { listPlayerFigures } from "../../domain/team/team.server.ts";
import type { Route } from "./+types/fixtures";

// Manage Fixtures (rules §2, §4, §5; ADR 005): the form to add or edit a fixture and record
// its result, and the list with its filter, search and Fixtures/Results tabs. Edit mode is
// ?edit=<id>; the list settings (?view, ?filter, ?q) survive saves and deletes.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Manage Fixtures | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const FORM_HEADING_ID = "fixture-form-title";

const MESSAGES = {
  created: "Fixture added.",
  updated: "Fixture updated.",
  gone: "This fixture no longer exists, or its season is archived and locked.",
  expired: "This fixture can no longer be restored.",
};

/** decisions 15: the venue and competition names the form offers, from the admin's lists. */
async function fixtureChoices(): Promise<FixtureChoices> {
  const [venues, competitions] = await Promise.all([listVenues(), listCompetitions()]);
  return {
    venues: venues.map((venue) => venue.name),
    competitions: competitions.map((competition) => competition.name),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "fixtures");
  const url = new URL(request.url);
  const query = readListQuery(url);
  const editId = url.searchParams.get("edit");
  let editing: Fixture | null = null;
  if (editId !== null) {
    const id = z.uuid().safeParse(editId);
    editing = id.success ? await getFixture({ id: id.data }) : null;
    if (!editing) throw data(null, { status: 404 });
  }
  const now = new Date();
  const { details: clubDetails } = await getClub();
  const [fixtures, table, choices, players] = await Promise.all([
    listFixtures(),
    listTable(),
    fixtureChoices(),
    listPlayerFigures(),
  ]);
  const squad = players.map((player) => player.name);
  const listed = adminFixtureList({ fixtures, ...query, search: query.q, now });
  const changes = await latestChanges({ screen: "fixtures", ids: listed.map(({ id }) => id), now });
  return {
    query,
    fixtures: listed.map((fixture) => ({
      ...fixture,
      needsResult: needsResult({ fixture, now }),
      changedBy: changes[fixture.id],
    })),
    needingResult: fixtures.filter((fixture) => needsResult({ fixture, now })).length,
    editing: editing
      ? {
          ...fixtureFormDefaults(editing, choices, clubDetails.timeZone),
          players: matchPlayerRows({ squad, recorded: editing.players }),
        }
      : null,
    choices,
    squad,
    opponents: opponentSuggestions({
      tableTeams: table.map((row) => row.team),
      extras: club.opponentExtras,
      clubTeam: clubDetails.teamName,
    }),
    // rules §7: scorers are the squad's players, never its coaches.
    scorers: scorerSuggestions({ memberNames: squad, extras: club.scorerExtras }),
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
  };
}

const fixtureLabel = (fixture: Pick<Fixture, "opponent">) => `Fixture v ${fixture.opponent}`;

// Scorer rows added or removed without JavaScript are Conform's own intents: the helper
// answers them with the form as typed. The form's day and time are club time: its schema is
// made with the club's time zone (ADR 022).
const fixtureAction = (timeZone: string) =>
  adminAction({
    screen: "fixtures",
    form: {
      fields: fixtureFormFields,
      schema: fixtureFormSchema({ timeZone }),
      check: async ({ id, picked, values }) => {
        const listErrors = fixtureChoiceErrors({ picked, choices: await fixtureChoices() });
        if (listErrors) return listErrors;
        // decisions 24: an archived season is read-only while locked.
        const before = id ? await getFixture({ id }) : null;
        const message = await lockedSeasonMessage({ dates: [values.date, before?.date ?? null] });
        return message ? { date: [message] } : null;
      },
      // rules §2 Following by e-mail: a result at full time is e-mailed, in the same transaction.
      create: async ({ values }) => {
        const fixture = await createFixture({ values });
        await mailResult(fixture);
        return fixture;
      },
      update: async ({ id, values }) => {
        const fixture = await updateFixture({ id, values });
        if (fixture) await mailResult(fixture);
        return fixture;
      },
    },
    remove: async ({ id }) => {
      const fixture = await getFixture({ id });
      const locked = fixture ? await lockedSeasonMessage({ dates: [fixture.date] }) : null;
      if (locked) return { refused: locked };
      const deleted = await removeFixture({ id });
      return deleted && { token: deleted.token, label: fixtureLabel(deleted.fixture) };
    },
    restore: async ({ token }) => {
      const restored = await restoreFixture({ token });
      return restored && { id: restored.id, label: fixtureLabel(restored) };
    },
    // The list settings (?view, ?filter, ?q) survive a save.
    listHref: (url) => screenHref(readListQuery(url)),
    messages: MESSAGES,
  });
export const action = async (args: Route.ActionArgs) =>
  fixtureAction(await getClubTimeZone())(args);

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function ManageFixtures({ loaderData, actionData }: Route.ComponentProps) {
  const { query, fixtures, needingResult, editing, opponents, scorers, choices, squad, saved } =
    loaderData;
  const navigate = useNavigate();
  const location = useLocation();
  const listHref = screenHref(query);
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: editing?.id ?? null,
    formId: fixtureFormId(editing?.id),
    formHeadingId: FORM_HEADING_ID,
  });

  // The panel (narrow screens) is open while editing, when the server sent the form back,
  // or when opened with 'Add fixture' on this very page: any navigation (a save, Cancel edit,
  // a delete) closes it in the same render, so focus can go to the saved row at once.
  const result = screen.lastResult;
  const wantsOpen =
    Boolean(editing) || Boolean(result && (result.status === "error" || result.intent));
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = wantsOpen || openedAt === location.key;
  const { timeZone } = useClub();

  return (
    <>
      <AdminPageHeader
        title="Manage Fixtures"
        intro={`Add fixtures, and record a result by adding the score to a played fixture. Dates and times are club time (${timeZone}).`}
        screen={screen}
      />

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,27rem)_minmax(0,1fr)] lg:items-start">
        <SlideUpPanel
          title={editing ? "Edit fixture" : "Add a fixture"}
          headingId={FORM_HEADING_ID}
          openLabel="Add fixture"
          open={open}
          onOpen={() => setOpenedAt(location.key)}
          onClose={() => {
            setOpenedAt(null);
            // Closing the panel while editing is Cancel edit.
            if (editing) navigate(listHref);
          }}
        >
          <FixtureForm
            key={screen.formKey}
            defaults={editing}
            lastResult={result}
            opponents={opponents}
            scorers={scorers}
            choices={choices}
            squad={squad}
            action={screenHref(query, editing?.id ? { edit: editing.id } : {})}
            cancelHref={listHref}
          />
        </SlideUpPanel>

        <FixtureList
          fixtures={fixtures}
          needingResult={needingResult}
          query={query}
          editingId={editing?.id ?? null}
          action={screen.actionHref}
          listHref={listHref}
        />
      </div>
    </>
  );
}
