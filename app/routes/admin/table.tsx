import { data, useNavigation } from "react-router";
import { z } from "zod";
import { outboxClientAction, outboxShouldRevalidate } from "../../browser/outbox-action.ts";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { rowDomId } from "../../components/admin/resource/ids.ts";
import { RowActions } from "../../components/admin/resource/row-actions.tsx";
import { useAdminReply } from "../../components/admin/resource/use-admin-reply.ts";
import {
  TABLE_LOGO_FILE,
  TableRowForm,
  tableRowFormId,
} from "../../components/admin/table-row-form.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { Abbreviation } from "../../components/ui/abbreviation.tsx";
import { savedReplyFromUrl } from "../../domain/admin/reply.ts";
import { adminAction } from "../../domain/admin/resource.server.ts";
import { requireAdministrator } from "../../domain/auth/session.server.ts";
import { clubTeamName } from "../../domain/club/runtime.ts";
import { CLUB_ROW_ID, nameKey } from "../../domain/seasons/rules.ts";
import { getCurrentSeason } from "../../domain/seasons/seasons.server.ts";
import { leagueTableForSeason, type StandingRow } from "../../domain/seasons/standing.server.ts";
import { goalDifferenceText } from "../../domain/table/rules.ts";
import {
  TABLE_MESSAGES,
  tableRowFormDefaults,
  tableRowFormFields,
  tableRowFormSchema,
} from "../../domain/table/table.schema.ts";
import {
  createTableRow,
  getTableRow,
  isTeamInTable,
  removeTableRow,
  restoreTableRow,
  type TableRow,
  updateTableRow,
} from "../../domain/table/table.server.ts";
import type { Route } from "./+types/table";

// Manage League Table (rules §2, §5; ADR 005, built on the admin resource module): the form
// and the rows, sorted by points then goals for, with Edit (?edit=<id>) and Delete with Undo.

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

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdministrator(request);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  let editing: TableRow | null = null;
  if (editId !== null) {
    const id = z.uuid().safeParse(editId);
    editing = id.success ? await getTableRow({ id: id.data }) : null;
    // Only this season's rows are edited here (an archived season's table is kept as it was).
    if (!editing || editing.seasonId !== null) throw data(null, { status: 404 });
  }
  // decisions 24: the club's row as worked out from its league results, unless overridden.
  const season = await getCurrentSeason();
  const { rows } = await leagueTableForSeason({ season });
  const shown = editing ? rows.find((row) => row.id === editing.id) : undefined;
  return {
    season: season.label,
    rows,
    editing: editing
      ? tableRowFormDefaults(shown?.fromResults ? { ...editing, ...shown } : editing)
      : null,
    editingClubRow: editing ? isClubTeam(editing.team) : false,
    saved: savedReplyFromUrl({ url, messages: MESSAGES }),
  };
}

const isClubTeam = (team: string) => nameKey(team) === nameKey(clubTeamName());

export const action = adminAction({
  form: {
    fields: tableRowFormFields,
    schema: tableRowFormSchema,
    uploads: [{ field: "logo", file: TABLE_LOGO_FILE, kind: "logo" }],
    check: async ({ id, values }) =>
      (await isTeamInTable({ team: values.team, exceptId: id }))
        ? { team: [TABLE_MESSAGES.teamTaken] }
        : null,
    create: ({ values }) => createTableRow({ values }),
    update: ({ id, values }) => updateTableRow({ id, values }),
  },
  remove: async ({ id }) => {
    const deleted = await removeTableRow({ id });
    return deleted && { token: deleted.token, label: deleted.row.team };
  },
  restore: async ({ token }) => {
    const restored = await restoreTableRow({ token });
    return restored && { id: restored.id, label: restored.team };
  },
  listHref: () => PATH,
  messages: MESSAGES,
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function ManageTable({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, editing, editingClubRow, saved, season } = loaderData;
  const navigation = useNavigation();
  const screen = useAdminReply({
    actionData,
    saved,
    editingId: editing?.id ?? null,
    formId: tableRowFormId(editing?.id),
    formHeadingId: FORM_HEADING_ID,
  });
  return (
    <>
      <AdminPageHeader
        title="Manage League Table"
        intro={`Season ${season}: one row per team. The public table sorts by points, then goals for; goal difference is worked out for you. The ${clubTeamName()} row is counted from its league results this season unless entered by hand.`}
        screen={screen}
      />

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
            {editing ? `Edit ${editing.team}` : "Add a team"}
          </h2>
          <div className="mt-4">
            <TableRowForm
              key={screen.formKey}
              defaults={editing}
              lastResult={screen.lastResult}
              action={editing ? `${PATH}?edit=${editing.id}` : screen.actionHref}
              cancelHref={PATH}
              clubRow={editingClubRow}
            />
          </div>
        </section>

        <section
          aria-labelledby="table-list-title"
          className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
        >
          <h2
            id="table-list-title"
            className="font-display text-2xl font-extrabold uppercase text-slate-900"
          >
            Table
          </h2>
          <p className="text-sm text-slate-600">Sorted by points, then goals for.</p>
          {rows.length === 0 ? (
            <p className="mt-4 rounded-lg bg-slate-50 px-4 py-8 text-center text-slate-700">
              No teams in the table yet.
            </p>
          ) : (
            // Part of the page's scroll, not a box of its own (ADR 005).
            <ol
              aria-labelledby="table-list-title"
              aria-busy={navigation.state !== "idle"}
              className="mt-4 space-y-3"
            >
              {rows.map((row, index) => (
                <li key={row.id}>
                  <TableRowItem
                    row={row}
                    position={index + 1}
                    current={row.id === editing?.id}
                    action={row.id === editing?.id ? PATH : screen.actionHref}
                  />
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}

const STATS = [
  ["P", "Played", "played"],
  ["W", "Won", "won"],
  ["D", "Drawn", "drawn"],
  ["L", "Lost", "lost"],
  ["GF", "Goals for", "gf"],
  ["GA", "Goals against", "ga"],
] as const;

function TableRowItem({
  row,
  position,
  current,
  action,
}: {
  row: Omit<StandingRow, "updatedAt"> & { updatedAt: Date };
  position: number;
  current: boolean;
  action: string;
}) {
  return (
    <article
      id={rowDomId(row.id)}
      tabIndex={-1}
      aria-labelledby={`table-row-${row.id}`}
      aria-current={current ? "true" : undefined}
      className={`rounded-lg border p-4 ${current ? "border-club ring-2 ring-club" : "border-slate-200"}`}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={`table-row-${row.id}`} className="text-lg font-bold text-slate-900">
          <span className="mr-2 font-display text-slate-500">{position}.</span>
          {row.team}
        </h3>
        <p className="shrink-0 font-display text-xl font-extrabold text-slate-900">
          {row.points}
          <span className="ml-1 text-sm font-semibold text-slate-600">
            <Abbreviation short="pts" full="points" />
          </span>
        </p>
      </div>
      <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        {STATS.map(([abbr, full, key]) => (
          <div key={key} className="flex gap-1">
            <dt>
              <Abbreviation short={abbr} full={full} />
            </dt>
            <dd className="font-semibold tabular-nums text-slate-900">{row[key]}</dd>
          </div>
        ))}
        <div className="flex gap-1">
          <dt>
            <Abbreviation short="GD" full="Goal difference" />
          </dt>
          <dd className="font-semibold tabular-nums text-slate-900">{goalDifferenceText(row)}</dd>
        </div>
      </dl>
      {row.fromResults ? (
        <p className="mt-2 text-sm font-semibold text-slate-700">
          Worked out from league results this season.
        </p>
      ) : row.manual ? (
        <p className="mt-2 text-sm font-semibold text-amber-800">
          Entered by hand: overrides the league results.
        </p>
      ) : null}
      {row.id === CLUB_ROW_ID ? null : (
        <div className="mt-3">
          <RowActions
            id={row.id}
            label={row.team}
            editHref={`${PATH}?edit=${row.id}`}
            action={action}
          />
        </div>
      )}
    </article>
  );
}
