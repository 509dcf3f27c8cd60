import { useNavigation } from "react-router";
import { CLUB_ROW_ID } from "../../domain/seasons/rules.ts";
import { goalDifferenceText, type TableStanding } from "../../domain/table/rules.ts";
import { Abbreviation } from "../ui/abbreviation.tsx";
import { ChangedBy, type ChangedByValue } from "./activity/changed-by.tsx";
import { rowDomId } from "./resource/ids.ts";
import { RowActions } from "./resource/row-actions.tsx";

// The rows of Manage League Table (rules §2; ADR 005, 016): in table order, each with its
// figures, where the club's row comes from, and Edit/Delete unless the season is read-only
// (an archived season that is locked) or the row is the club's, worked out from results.

export type ListedRow = TableStanding & {
  id: string;
  manual: boolean;
  fromResults: boolean;
  /** Who changed it last (ADR 021). */
  changedBy?: ChangedByValue | undefined;
};

const STATS = [
  ["P", "Played", "played"],
  ["W", "Won", "won"],
  ["D", "Drawn", "drawn"],
  ["L", "Lost", "lost"],
  ["GF", "Goals for", "gf"],
  ["GA", "Goals against", "ga"],
] as const;

export function TableRowList({
  rows,
  editingId,
  listHref,
  actionHref,
  editHref,
  readOnly,
}: {
  rows: ListedRow[];
  editingId: string | null;
  /** The screen's address for this season (where Cancel edit and the edited row post). */
  listHref: string;
  actionHref: string;
  editHref: (id: string) => string;
  readOnly: boolean;
}) {
  const navigation = useNavigation();
  return (
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
                current={row.id === editingId}
                action={row.id === editingId ? listHref : actionHref}
                editHref={editHref(row.id)}
                readOnly={readOnly}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function TableRowItem({
  row,
  position,
  current,
  action,
  editHref,
  readOnly,
}: {
  row: ListedRow;
  position: number;
  current: boolean;
  action: string;
  editHref: string;
  readOnly: boolean;
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
        // Where the club's figures come from, and how to override them (ADR 016).
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-semibold">Counted from the club's league results this season.</span>{" "}
          {row.id === CLUB_ROW_ID
            ? `To type its figures instead, add ${row.team} with the form (or paste the table), then press Edit and tick "Enter this row by hand".`
            : `To type its figures instead, press Edit and tick "Enter this row by hand".`}
        </p>
      ) : row.manual ? (
        <p className="mt-2 text-sm font-semibold text-amber-800">
          Entered by hand: overrides the league results.
        </p>
      ) : null}
      <ChangedBy change={row.changedBy} />
      {readOnly || row.id === CLUB_ROW_ID ? null : (
        <div className="mt-3">
          <RowActions id={row.id} label={row.team} editHref={editHref} action={action} />
        </div>
      )}
    </article>
  );
}
