import { data } from "react-router";
import { z } from "zod";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { RoundForm, roundFormHeadingId, roundFormId } from "../../components/admin/round-form.tsx";
import { RoundList } from "../../components/admin/round-list.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { club } from "../../config/club.ts";
import { latestChanges } from "../../domain/activity/activity.server.ts";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { getClub, getClubTimeZone } from "../../domain/club/club.server.ts";
import { clubDates } from "../../domain/dates/format.ts";
import { listCompetitions } from "../../domain/fixtures/competitions.server.ts";
import {
  ROUND_MESSAGES,
  roundFormDefaults,
  roundFormFields,
  roundFormSchema,
} from "../../domain/fixtures/round.schema.ts";
import { roundDayText } from "../../domain/fixtures/round-view.ts";
import {
  createRound,
  getRound,
  listRounds,
  removeRound,
  restoreRound,
  updateRound,
} from "../../domain/fixtures/rounds.server.ts";
import { roundPath } from "../../domain/fixtures/rounds.ts";
import { opponentSuggestions } from "../../domain/fixtures/rules.ts";
import { listVenues } from "../../domain/fixtures/venues.server.ts";
import { lockedSeasonMessage } from "../../domain/seasons/seasons.server.ts";
import { listTable } from "../../domain/table/table.server.ts";
import type { Route } from "./+types/rounds";

// Round days (ADR 035, rules §2 Rounds; on the admin resource module, ADR 005): a day at one
// venue with several matches, made and changed in one form. Each match is an ordinary fixture
// (results are entered on Fixtures); deleting a round deletes its matches, and Undo puts both back.

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Rounds | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const SCREEN = "/admin/rounds";

const MESSAGES = {
  created: "Round added.",
  updated: "Round updated.",
  gone: "This round no longer exists: it may have been deleted. Nothing was saved.",
  expired: "This round can no longer be restored.",
};

const quoted = (name: string) => `“${name}”`;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "rounds");
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const id = editId === null ? null : z.uuid().safeParse(editId);
  const editing = id?.success ? await getRound({ id: id.data }) : null;
  const [rounds, venues, competitions, table, { details }] = await Promise.all([
    listRounds(),
    listVenues(),
    listCompetitions(),
    listTable(),
    getClub(),
  ]);
  const { timeZone } = details;
  const { toTimeInputValue } = clubDates({ timeZone });
  const venueNames = new Map(venues.map((venue) => [venue.id, venue.name]));
  const page = {
    rounds: rounds.map((round) => ({
      id: round.id,
      name: round.name,
      href: roundPath(round.slug),
      when: roundDayText(round.day),
      venue: (round.venueId && venueNames.get(round.venueId)) || null,
      matches: round.matches.map((match) => ({
        id: match.id,
        time: match.date ? toTimeInputValue(match.date) : "TBC",
        opponent: match.opponent,
      })),
    })),
    changes: await latestChanges({ screen: "rounds", ids: rounds.map((round) => round.id) }),
    venues: venues.map((venue) => ({ id: venue.id, name: venue.name })),
    competitions: competitions.map((competition) => competition.name),
    opponents: opponentSuggestions({
      tableTeams: table.map((row) => row.team),
      extras: club.opponentExtras,
      clubTeam: details.teamName,
    }),
    timeZone,
    editing: editing
      ? roundFormDefaults({ round: editing, matches: editing.matches, timeZone })
      : null,
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
    // An edit link to a round deleted meanwhile: HTTP 404, and the screen in add mode says so.
    missing: editId !== null && !editing,
  };
  return data(page, { status: page.missing ? 404 : 200 });
}

// The schema reads the club's time zone, so the action is made per request (ADR 022).
export async function action(args: Route.ActionArgs) {
  const [venues, competitions] = await Promise.all([listVenues(), listCompetitions()]);
  const venueName = (id: string) => venues.find((venue) => venue.id === id)?.name ?? "";
  return adminAction({
    screen: "rounds",
    form: {
      fields: roundFormFields,
      schema: roundFormSchema({ timeZone: await getClubTimeZone() }),
      // decisions 15: the venue and the competition come from the lists; decisions 24: no
      // match may be written into (or moved out of) an archived season that is locked.
      check: async ({ id, round, competition, matches }) => {
        const errors: Record<string, string[]> = {};
        if (!venueName(round.venueId)) errors.venueId = [ROUND_MESSAGES.venueRequired];
        if (!competitions.some((entry) => entry.name === competition)) {
          errors.competition = [ROUND_MESSAGES.competitionRequired];
        }
        const before = id ? await getRound({ id }) : null;
        const locked = await lockedSeasonMessage({
          dates: [
            ...matches.map((match) => match.date),
            ...(before?.matches ?? []).map((m) => m.date),
          ],
        });
        if (locked) errors.date = [locked];
        return Object.keys(errors).length > 0 ? errors : null;
      },
      create: ({ round, competition, matches }) =>
        createRound({ round, competition, matches, venueName: venueName(round.venueId) }),
      update: ({ id, round, competition, matches }) =>
        updateRound({ id, round, competition, matches, venueName: venueName(round.venueId) }),
    },
    remove: async ({ id }) => {
      const round = await getRound({ id });
      const locked = round
        ? await lockedSeasonMessage({ dates: round.matches.map((match) => match.date) })
        : null;
      if (locked) return { refused: locked };
      const deleted = await removeRound({ id });
      if (!deleted) return null;
      const count = deleted.matches.length;
      const label = `${quoted(deleted.round.name)} and its ${count} ${count === 1 ? "match" : "matches"}`;
      return { token: deleted.token, label };
    },
    restore: async ({ token }) => {
      const restored = await restoreRound({ token });
      return restored && { id: restored.id, label: quoted(restored.name) };
    },
    listHref: () => SCREEN,
    messages: MESSAGES,
  })(args);
}

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function ManageRounds({ loaderData, actionData }: Route.ComponentProps) {
  const { rounds, changes, venues, competitions, opponents, timeZone, editing, saved, missing } =
    loaderData;
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: editing?.id ?? null,
    formId: roundFormId(editing?.id),
    formHeadingId: roundFormHeadingId(editing?.id),
  });
  return (
    <>
      <AdminPageHeader
        title="Rounds"
        intro="A round day: one venue, several matches. Each match is its own fixture: enter its result on Fixtures. The match centre shows the round as one card, with its own page."
        screen={{ ...screen, error: screen.error ?? (missing ? MESSAGES.gone : null) }}
      />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,6fr)_minmax(0,5fr)] lg:items-start">
        <RoundForm
          key={screen.formKey}
          editing={editing}
          venues={venues}
          competitions={competitions}
          opponents={opponents}
          timeZone={timeZone}
          lastResult={screen.lastResult}
          action={editing ? `${SCREEN}?edit=${editing.id}` : screen.actionHref}
          cancelTo={SCREEN}
        />
        <RoundList
          rounds={rounds}
          changes={changes}
          editingId={editing?.id ?? null}
          screenHref={SCREEN}
          actionHref={screen.actionHref}
        />
      </div>
    </>
  );
}
