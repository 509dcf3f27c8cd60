import { useEffect, useState } from "react";
import {
  MATCH_CENTRE_TABS,
  type MatchCentrePage,
  type MatchCentreTab,
  type MatchCentreTabs,
  matchCentreTabsFromJson,
} from "../../../domain/fixtures/match-centre-tabs.ts";

/** A tab's content: as sent, still on its way, or not to be had (offline): then its link. */
type Fetched<T> = NonNullable<T> | "loading" | "failed";

/** The chunk that draws the tabs' content (ADR 008: outside the page's first load). */
export const loadTabContent = () => import("./match-centre-content.tsx");

/**
 * Each tab's content: the page's own, and the others fetched once from /fixtures/tab/:tab
 * after the page has started (the loader sends the content of the tab it is asked for).
 * A fetched tab is drawn only once it has been `opened` (selected at least once): drawing two
 * hidden tabs as their content arrived was a long task just after the page started (ADR 008),
 * and a tab's content, already here, draws within the click that opens it.
 */
export function useTabContent(
  page: MatchCentrePage,
  opened: ReadonlySet<MatchCentreTab>,
): { [K in keyof MatchCentreTabs]: Fetched<MatchCentreTabs[K]> } {
  const { tab, season } = page;
  const seasonQuery = season.isCurrent ? "" : `?season=${encodeURIComponent(season.slug)}`;
  // Fetched content belongs to its season: after another season is chosen, a tab shows
  // "Loading…" until that season's content comes, never the last season's.
  const [fetched, setFetched] = useState<{
    season: string;
    tabs: Partial<Record<MatchCentreTab, MatchCentreTabs | "failed">>;
  }>({ season: seasonQuery, tabs: {} });
  useEffect(() => {
    let current = true;
    const keep = (id: MatchCentreTab, content: MatchCentreTabs | "failed") => {
      // An answer for a season or tab the page has left is dropped.
      if (!current) return;
      setFetched((previous) => ({
        season: seasonQuery,
        tabs: { ...(previous.season === seasonQuery ? previous.tabs : {}), [id]: content },
      }));
    };
    for (const other of MATCH_CENTRE_TABS) {
      if (other.id === tab) continue;
      fetch(`/fixtures/tab/${other.id}${seasonQuery}`)
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.text();
        })
        .then((text) => {
          keep(other.id, matchCentreTabsFromJson(text));
          // Its code too, so that opening the tab draws it at once (the page's own tab may
          // not have needed it: "No upcoming fixtures found.").
          void loadTabContent();
        })
        .catch(() => keep(other.id, "failed"));
    }
    return () => {
      current = false;
    };
  }, [tab, seasonQuery]);
  const tabsFetched = fetched.season === seasonQuery ? fetched.tabs : {};
  const pick = <K extends keyof MatchCentreTabs>(
    id: MatchCentreTab,
    key: K,
  ): Fetched<MatchCentreTabs[K]> => {
    const own = page[key];
    if (own !== null) return own as NonNullable<MatchCentreTabs[K]>;
    if (!opened.has(id)) return "loading";
    const other = tabsFetched[id];
    if (other === "failed") return "failed";
    return (other?.[key] as NonNullable<MatchCentreTabs[K]> | null | undefined) ?? "loading";
  };
  return {
    fixturesTab: pick("fixtures", "fixturesTab"),
    results: pick("results", "results"),
    table: pick("table", "table"),
  };
}
