import { goalDifferenceText, type TableStanding } from "../../../domain/table/rules.ts";
import { Abbreviation } from "../../ui/abbreviation.tsx";
import { TeamCrest } from "../team-crest.tsx";
import { useClub } from "../use-club.ts";
import type { TableLogos } from "./fixture-cards.tsx";

// rules §2 Tables tab, decisions 21: Team, P, W, D, L, GF, GA, GD, PTS, with a caption,
// header scopes and every abbreviation spelled out for screen readers. On a phone the table
// scrolls sideways inside its own frame, never the page: the frame is a named, focusable
// region that says so in words, and Team and PTS stay in view on either side while the
// figures between them scroll, so the points are never off-screen.

export type LeagueTableRow = TableStanding & { id: string };

const TABLE_COLUMNS = [
  { abbr: "P", full: "Played" },
  { abbr: "W", full: "Won" },
  { abbr: "D", full: "Drawn" },
  { abbr: "L", full: "Lost" },
  { abbr: "GF", full: "Goals for" },
  { abbr: "GA", full: "Goals against" },
  { abbr: "GD", full: "Goal difference" },
  { abbr: "PTS", full: "Points" },
] as const;

export function LeagueTable({
  rows,
  tableLogos,
}: {
  rows: LeagueTableRow[];
  tableLogos: TableLogos;
}) {
  const { teamName } = useClub();
  if (rows.length === 0) {
    return (
      <p className="rounded-xl bg-white px-6 py-10 text-center text-lg text-slate-700 ring-1 ring-slate-200">
        The league table has not been published yet.
      </p>
    );
  }
  const clubKey = teamName.toLowerCase();
  return (
    <div>
      <p
        id="league-table-scroll-hint"
        className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-700 sm:hidden"
      >
        <span aria-hidden="true">↔</span> Scroll the table sideways to see every column.
      </p>
      <section
        aria-labelledby="league-table-caption"
        aria-describedby="league-table-scroll-hint"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        // `relative`: the headings' visually hidden words (absolutely positioned) belong to
        // this scroll box, not to the page, so they never widen the page (WCAG 1.4.10).
        className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        <table className="w-max min-w-full border-collapse text-left sm:w-full sm:min-w-[36rem]">
          <caption
            id="league-table-caption"
            className="px-5 pt-4 pb-3 text-left text-sm text-slate-600"
          >
            League standings, sorted by points, then goals for.
          </caption>
          <thead>
            <tr className="border-y border-slate-200 bg-slate-50 font-display text-sm uppercase tracking-wider text-slate-700">
              <th scope="col" className="sticky left-0 bg-slate-50 py-3 pr-2 pl-3 sm:pl-5">
                Team
              </th>
              {TABLE_COLUMNS.map((column) => (
                <th
                  key={column.abbr}
                  scope="col"
                  className={`px-2 py-3 text-center ${column.abbr === "PTS" ? "sticky right-0 bg-slate-50 pr-3 shadow-[-6px_0_6px_-6px_rgba(15,23,42,0.25)] sm:pr-5 sm:shadow-none" : ""}`}
                >
                  <Abbreviation short={column.abbr} full={column.full} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const own = row.team.toLowerCase() === clubKey;
              return (
                <tr
                  key={row.id}
                  className={`border-b border-slate-100 last:border-0 ${own ? "bg-[#fdf1d6]" : ""}`}
                >
                  <th
                    scope="row"
                    className={`sticky left-0 py-3 pr-2 pl-3 font-semibold text-slate-900 sm:pl-5 ${own ? "bg-[#fdf1d6]" : "bg-white"}`}
                  >
                    <span className="flex items-center gap-3">
                      <span className="w-6 text-right font-display text-lg font-bold tabular-nums text-slate-500">
                        {index + 1}
                      </span>
                      <TeamCrest team={row.team} tableLogos={tableLogos} size="sm" />
                      {/* Narrow on a phone (the table as wide as its figures), so P and W show beside it. */}
                      <span className="max-w-28 wrap-anywhere sm:max-w-none">{row.team}</span>
                    </span>
                  </th>
                  {[row.played, row.won, row.drawn, row.lost, row.gf, row.ga].map((value, i) => (
                    <td
                      key={TABLE_COLUMNS[i]?.abbr}
                      className="px-2 py-3 text-center tabular-nums text-slate-700"
                    >
                      {value}
                    </td>
                  ))}
                  <td className="px-2 py-3 text-center tabular-nums text-slate-700">
                    {goalDifferenceText(row)}
                  </td>
                  <td
                    className={`sticky right-0 px-2 py-3 pr-3 text-center font-display text-xl font-extrabold tabular-nums text-slate-900 shadow-[-6px_0_6px_-6px_rgba(15,23,42,0.25)] sm:pr-5 sm:shadow-none ${own ? "bg-[#fdf1d6]" : "bg-white"}`}
                  >
                    {row.points}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </div>
  );
}
