// decisions 24: a player's figures season by season and the career totals, as a table that
// scrolls in its own box on a phone.

const HISTORY_COLUMNS = [
  ["appearances", "Apps", "Appearances"],
  ["goals", "Goals", "Goals"],
  ["assists", "Assists", "Assists"],
  ["yellowCards", "Yellow", "Yellow cards"],
  ["redCards", "Red", "Red cards"],
] as const;

type Figures = Record<(typeof HISTORY_COLUMNS)[number][0], number>;

/** decisions 24, a row per season and the career totals. */
export function SeasonHistory({
  seasons,
  career,
}: {
  seasons: { label: string; slug: string; isCurrent: boolean; figures: Figures }[];
  career: Figures;
}) {
  return (
    <section aria-labelledby="history-title">
      <h2
        id="history-title"
        className="font-display text-3xl font-extrabold uppercase leading-none text-slate-900"
      >
        Season by season
      </h2>
      {/* A table wider than a phone scrolls in its own box, reachable by keyboard (WCAG 2.1.1). */}
      <section
        aria-label="Figures per season"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="mt-6 overflow-x-auto rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-club"
      >
        <table className="w-full min-w-[32rem] text-left tabular-nums">
          <caption className="sr-only">Figures per season and career totals</caption>
          <thead>
            <tr className="border-b-2 border-slate-300 text-sm uppercase tracking-wider text-slate-700">
              <th scope="col" className="py-2 pr-4">
                Season
              </th>
              {HISTORY_COLUMNS.map(([key, short, full]) => (
                <th key={key} scope="col" className="py-2 pr-4">
                  <abbr title={full} className="no-underline">
                    {short}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {seasons.map((row) => (
              <tr key={row.slug} className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-4 font-semibold">
                  {row.label}
                  {row.isCurrent ? " (current)" : ""}
                </th>
                {HISTORY_COLUMNS.map(([key]) => (
                  <td key={key} className="py-2 pr-4">
                    {row.figures[key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <th scope="row" className="py-2 pr-4">
                Career
              </th>
              {HISTORY_COLUMNS.map(([key]) => (
                <td key={key} className="py-2 pr-4">
                  {career[key]}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </section>
    </section>
  );
}
