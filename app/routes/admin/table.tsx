import { data } from "react-router";
import { z } from "zod";
import {
  keepFormClientAction,
  outboxClientAction,
  outboxShouldRevalidate,
} from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { LockedNotice } from "../../components/admin/locked-notice.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import { TablePaste } from "../../components/admin/table-paste.tsx";
import {
  TABLE_LOGO_FILE,
  TableRowForm,
  tableRowFormId,
} from "../../components/admin/table-row-form.tsx";
import { TableRowList } from "../../components/admin/table-rows.tsx";
import { SeasonPicker } from "../../components/site/season-picker.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { latestChanges } from "../../domain/activity/activity.server.ts";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAccess } from "../../domain/auth/session.server.ts";
import { getClub } from "../../domain/club/club.server.ts";
import {
  isRefusal,
  removeSeasonTableRow,
  restoreSeasonTableRow,
  saveSeasonTableRow,
  tableSeasonId,
} from "../../domain/seasons/archive.server.ts";
import { nameKey, seasonChoice } from "../../domain/seasons/rules.ts";
import {
  listSeasons,
  SEASON_GONE,
  seasonFromAddress,
} from "../../domain/seasons/seasons.server.ts";
import { leagueTableForSeason } from "../../domain/seasons/standing.server.ts";
import { isPasteReply, PASTE_PARAM } from "../../domain/table/paste.ts";
import { tablePasteAction } from "../../domain/table/paste-action.server.ts";
import {
  TABLE_MESSAGES,
  tableRowFormDefaults,
  tableRowFormFields,
  tableRowFormSchema,
} from "../../domain/table/table.schema.ts";
import { getTableRow, isTeamInTable, type TableRow } from "../../domain/table/table.server.ts";
import type { Route } from "./+types/table";

// Manage League Table (rules §2, §5; ADR 005, built on the admin resource module): the form
// and the rows, sorted by points then goals for, with Edit (?edit=<id>) and Delete with Undo.
// ?season=<slug> shows an archived season's table (ADR 016): editable while it is unlocked,
// read-only while locked (and the server refuses its writes).

const PATH = "/admin/table";
const FORM_HEADING_ID = "table-form-title";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Manage League Table | ${clubFromMatches(matches).shortName} admin` },
  { name: "robots", content: "noindex" },
];

const MESSAGES = {
  created: "Team added.",
  updated: "Team updated.",
  gone: "That team is no longer in the table.",
  expired: "This team can no longer be restored.",
};

/** This screen's address for a season: the plain one for the current season. */
const seasonHref = (season: { slug: string; isCurrent: boolean }) =>
  season.isCurrent ? PATH : `${PATH}?season=${encodeURIComponent(season.slug)}`;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAccess(request, "table");
  const url = new URL(request.url);
  const season = await seasonFromAddress({ slug: url.searchParams.get("season") });
  if (!season) throw data(null, { status: 404 });
  const readOnly = season.locked && !season.isCurrent;
  const editId = url.searchParams.get("edit");
  let editing: TableRow | null = null;
  if (editId !== null && !readOnly) {
    const id = z.uuid().safeParse(editId);
    editing = id.success ? await getTableRow({ id: id.data }) : null;
    // Only the rows of the season shown are edited here.
    if (!editing || editing.seasonId !== tableSeasonId(season)) throw data(null, { status: 404 });
  }
  // decisions 24: the club's row as worked out from its league results, unless overridden.
  const [{ rows }, seasons, club] = await Promise.all([
    leagueTableForSeason({ season }),
    listSeasons(),
    getClub(),
  ]);
  const shown = editing ? rows.find((row) => row.id === editing.id) : undefined;
  const changes = await latestChanges({ screen: "table", ids: rows.map(({ id }) => id) });
  return {
    season: seasonChoice(season),
    seasons: seasons.map(seasonChoice),
    readOnly,
    rows: rows.map((row) => ({ ...row, changedBy: changes[row.id] })),
    editing: editing
      ? tableRowFormDefaults(shown?.fromResults ? { ...editing, ...shown } : editing)
      : null,
    editingClubRow: editing ? nameKey(editing.team) === nameKey(club.details.teamName) : false,
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
  };
}

// The season comes from the address the form posts to (?season=), as in the loader. The
// paste form posts to ?paste (rules §5 League table paste).
export const action = async (args: Route.ActionArgs) => {
  const url = new URL(args.request.url);
  const slug = url.searchParams.get("season");
  const season = () => seasonFromAddress({ slug });
  if (url.searchParams.has(PASTE_PARAM)) {
    const teamName = async () => (await getClub()).details.teamName;
    return tablePasteAction({ request: args.request, season, teamName });
  }
  return adminAction({
    screen: "table",
    form: {
      fields: tableRowFormFields,
      schema: tableRowFormSchema,
      uploads: [{ field: "logo", file: TABLE_LOGO_FILE, kind: "logo" }],
      check: async ({ id, values }) => {
        const shown = await season();
        const seasonId = shown ? tableSeasonId(shown) : null;
        return (await isTeamInTable({ team: values.team, exceptId: id, seasonId }))
          ? { team: [TABLE_MESSAGES.teamTaken] }
          : null;
      },
      create: async ({ values }) => {
        const shown = await season();
        if (!shown) return { refused: SEASON_GONE };
        const row = await saveSeasonTableRow({ season: shown, values });
        if (!row) throw new Error("the table row was not stored");
        return row;
      },
      update: async ({ id, values }) => {
        const shown = await season();
        return shown ? saveSeasonTableRow({ season: shown, id, values }) : { refused: SEASON_GONE };
      },
    },
    remove: async ({ id }) => {
      const deleted = await removeSeasonTableRow({ id });
      if (!deleted || isRefusal(deleted)) return deleted;
      return { token: deleted.token, label: deleted.row.team };
    },
    restore: async ({ token }) => {
      const restored = await restoreSeasonTableRow({ token });
      if (!restored || isRefusal(restored)) return restored;
      return { id: restored.id, label: restored.team };
    },
    listHref: (url) => {
      const shown = url.searchParams.get("season");
      return shown ? `${PATH}?season=${encodeURIComponent(shown)}` : PATH;
    },
    messages: MESSAGES,
  })(args);
};

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
// A paste is previewed before it is saved: it never waits in the outbox (ADR 023 keeps it).
export const clientAction = (args: Route.ClientActionArgs) =>
  new URL(args.request.url).searchParams.has(PASTE_PARAM)
    ? keepFormClientAction(args)
    : outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function ManageTable({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, editing, editingClubRow, saved, season, seasons, readOnly } = loaderData;
  const listHref = seasonHref(season);
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: editing?.id ?? null,
    formId: tableRowFormId(editing?.id),
    formHeadingId: FORM_HEADING_ID,
  });
  const editHref = (id: string) => `${listHref}${listHref === PATH ? "?" : "&"}edit=${id}`;
  const { teamName } = useClub();
  return (
    <>
      <AdminPageHeader
        title="Manage League Table"
        intro={`Season ${season.label}${season.isCurrent ? "" : " (archived)"}: one row per team. The public table sorts by points, then goals for; goal difference is worked out for you. The ${teamName} row is counted from its league results that season unless entered by hand.`}
        screen={screen}
      />
      <div className="mt-4">
        <SeasonPicker seasons={seasons} selected={season.slug} hrefFor={seasonHref} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start">
        <section
          aria-labelledby={FORM_HEADING_ID}
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2
            id={FORM_HEADING_ID}
            tabIndex={-1}
            className="font-display text-2xl font-extrabold uppercase text-slate-900"
          >
            {readOnly ? `Table ${season.label}` : editing ? `Edit ${editing.team}` : "Add a team"}
          </h2>
          <div className="mt-4">
            {readOnly ? (
              <LockedNotice label={season.label} />
            ) : (
              <TableRowForm
                key={screen.formKey}
                defaults={editing}
                lastResult={screen.lastResult}
                action={editing ? editHref(editing.id) : screen.actionHref}
                cancelHref={listHref}
                clubRow={editingClubRow}
              />
            )}
          </div>
        </section>

        <div className="space-y-6">
          {readOnly ? null : (
            <TablePaste
              action={`${listHref}${listHref === PATH ? "?" : "&"}${PASTE_PARAM}`}
              reply={isPasteReply(actionData) ? actionData : null}
              teamName={teamName}
            />
          )}
          <TableRowList
            rows={rows}
            editingId={editing?.id ?? null}
            listHref={listHref}
            actionHref={screen.actionHref}
            editHref={editHref}
            readOnly={readOnly}
          />
        </div>
      </div>
    </>
  );
}
