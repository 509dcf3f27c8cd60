import { Link } from "react-router";
import type { SeasonChoice } from "../../domain/seasons/rules.ts";

// The season picker of the match centre, the league table and a player's page
// (decisions 24): plain links to ?season=<slug> addresses, so a season can be linked, cached and chosen
// without JavaScript; the one shown is marked as the current page.

export function SeasonPicker({
  seasons,
  selected,
  hrefFor,
  tone = "light",
}: {
  seasons: readonly SeasonChoice[];
  selected: string;
  /** The address showing a season; the current season's is the page's plain address. */
  hrefFor: (season: SeasonChoice) => string;
  tone?: "light" | "dark";
}) {
  if (seasons.length < 2) return null;
  const base =
    tone === "dark"
      ? "text-white decoration-accent hover:bg-white/10"
      : "text-club decoration-club hover:bg-slate-200";
  return (
    <nav aria-label="Seasons" className="flex flex-wrap items-center gap-2">
      <span className={tone === "dark" ? "text-white/80" : "text-slate-700"}>Season:</span>
      <ul className="flex flex-wrap gap-2">
        {seasons.map((season) => {
          const current = season.slug === selected;
          return (
            <li key={season.slug}>
              <Link
                to={hrefFor(season)}
                preventScrollReset
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-lg px-3 font-semibold underline-offset-4 ${
                  current
                    ? tone === "dark"
                      ? "bg-accent text-slate-900"
                      : "bg-club text-white"
                    : `underline ${base}`
                }`}
              >
                {season.label}
                {season.isCurrent ? <span className="sr-only"> (current season)</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
