import type { SubmissionResult } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminPageHeader } from "../../components/admin/admin-shell.tsx";
import { buttonStyles } from "../../components/admin/form-fields.tsx";
import {
  outboxClientAction,
  outboxShouldRevalidate,
} from "../../components/admin/outbox-action.ts";
import { TableRowForm } from "../../components/admin/table-row-form.tsx";
import { UndoNotice } from "../../components/admin/undo-notice.tsx";
import { Abbreviation } from "../../components/ui/abbreviation.tsx";
import { club } from "../../config/club.ts";
import { requireAdministrator } from "../../domain/auth/session.server.ts";
import { appliedOnce } from "../../domain/connectivity/request-ids.server.ts";
import { parseForm } from "../../domain/forms/parse-form.ts";
import { goalDifferenceText, sortTable } from "../../domain/table/rules.ts";
import {
  TABLE_MESSAGES,
  tableRowFormDefaults,
  tableRowFormSchema,
} from "../../domain/table/table.schema.ts";
import {
  createTableRow,
  deleteTableRow,
  getTableRow,
  isTeamInTable,
  listTable,
  restoreTableRow,
  type TableRow,
  updateTableRow,
} from "../../domain/table/table.server.ts";
import type { Route } from "./+types/table";

// Manage League Table (SPEC §2, §5; issue 7 §6; ADR 005): the form and the rows, sorted by
// points then goals for, with Edit (?edit=<id>) and Delete with Undo.

const PATH = "/admin/table";

export const meta: Route.MetaFunction = () => [
  { title: `Manage League Table | ${club.shortName} admin` },
  { name: "robots", content: "noindex" },
];

const DONE = { created: "Team added.", updated: "Team updated." } as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdministrator(request);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  let editing: TableRow | null = null;
  if (editId !== null) {
    const id = z.uuid().safeParse(editId);
    editing = id.success ? await getTableRow({ id: id.data }) : null;
    if (!editing) throw data(null, { status: 404 });
  }
  const done = url.searchParams.get("done");
  return {
    rows: sortTable(await listTable()),
    editing: editing ? tableRowFormDefaults(editing) : null,
    done: done === "created" || done === "updated" ? DONE[done] : null,
    saved: url.searchParams.get("saved"),
  };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
  z.object({ intent: z.literal("undo"), token: z.uuid() }),
]);

export const action = appliedOnce(async ({ request }: Route.ActionArgs) => {
  await requireAdministrator(request);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "delete" || intent === "undo") {
    const parsed = intentSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      return data({ error: "That request was not understood." }, { status: 400 });
    }
    if (parsed.data.intent === "delete") {
      const deleted = await deleteTableRow({ id: parsed.data.id });
      if (!deleted) return data({ error: "That team is no longer in the table." }, { status: 404 });
      return { undo: { token: deleted.token, label: deleted.row.team } };
    }
    const restored = await restoreTableRow({ token: parsed.data.token });
    if (!restored) return data({ error: "This team can no longer be restored." }, { status: 410 });
    return { restored: `${restored.team} restored.` };
  }

  const submission = parseForm(formData, { schema: tableRowFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const { id, values } = submission.value;
  if (await isTeamInTable({ team: values.team, exceptId: id })) {
    return data(
      { result: submission.reply({ fieldErrors: { team: [TABLE_MESSAGES.teamTaken] } }) },
      { status: 400 },
    );
  }
  if (id) {
    const updated = await updateTableRow({ id, values });
    if (!updated) {
      return data(
        { result: submission.reply({ formErrors: ["This team is no longer in the table."] }) },
        { status: 404 },
      );
    }
    return redirect(`${PATH}?done=updated&saved=${updated.id}`);
  }
  const created = await createTableRow({ values });
  return redirect(`${PATH}?done=created&saved=${created.id}`);
});

// ADR 006: a change the server cannot take (offline, or no answer in 10 s) waits in the outbox.
export const clientAction = (args: Route.ClientActionArgs) => outboxClientAction(args);
export const shouldRevalidate = outboxShouldRevalidate;

export default function ManageTable({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, editing, done, saved } = loaderData;
  const navigation = useNavigation();
  const result: SubmissionResult<string[]> | undefined =
    actionData && "result" in actionData ? actionData.result : undefined;
  const undo = actionData && "undo" in actionData ? actionData.undo : undefined;
  return (
    <>
      <AdminPageHeader
        title="Manage League Table"
        intro="One row per team. The public table sorts by points, then goals for; goal difference is worked out for you."
        error={actionData && "error" in actionData ? actionData.error : null}
        status={actionData && "restored" in actionData ? actionData.restored : done}
      />

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start">
        <section
          aria-labelledby="table-form-title"
          className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        >
          <h2
            id="table-form-title"
            className="font-display text-2xl font-extrabold uppercase text-slate-900"
          >
            {editing ? `Edit ${editing.team}` : "Add a team"}
          </h2>
          <div className="mt-4">
            <TableRowForm
              key={editing?.id ?? `new-${saved ?? ""}`}
              defaults={editing}
              lastResult={result}
              action={editing ? `${PATH}?edit=${editing.id}` : PATH}
              cancelHref={PATH}
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
            <ol
              aria-labelledby="table-list-title"
              aria-busy={navigation.state !== "idle"}
              className="mt-4 max-h-[78vh] space-y-3 overflow-y-auto overscroll-contain pr-1"
            >
              {rows.map((row, index) => (
                <li key={row.id}>
                  <TableRowItem row={row} position={index + 1} current={row.id === editing?.id} />
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
      <UndoNotice offer={undo} />
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
}: {
  row: TableRow;
  position: number;
  current: boolean;
}) {
  return (
    <article
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
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={`${PATH}?edit=${row.id}`} className={`${buttonStyles.secondary} text-sm`}>
          <span>
            Edit<span className="sr-only">: {row.team}</span>
          </span>
        </Link>
        <Form method="post" action={PATH}>
          <input type="hidden" name="id" value={row.id} />
          <button type="submit" name="intent" value="delete" className={buttonStyles.danger}>
            <span>
              Delete<span className="sr-only">: {row.team}</span>
            </span>
          </button>
        </Form>
      </div>
    </article>
  );
}
