import { useEffect, useState } from "react";
import {
  MATCH_CENTRE_TABS,
  type MatchCentrePage,
  type MatchCentreTab,
} from "../../../domain/fixtures/match-centre-tabs.ts";

// ADR 008: the tabs' content is HTML from the server, never their components' code in the
// browser. The page's own tab is in the page's HTML; the others, and every tab after the
// address asks for another season or more fixtures, come from /fixtures/tab/:tab with the
// page's search parameters.

/** A tab's content: its server HTML, still on its way, or not to be had (offline): its link. */
export type TabHtml = { html: string } | "loading" | "failed";

/** The attribute that marks a tab's server HTML in the page. */
export const TAB_HTML_ATTRIBUTE = "data-tab-html";

/** The own tab's HTML the server rendered into the page; undefined on the server or after a client navigation. */
function serverHtml(tab: MatchCentreTab): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector(`[${TAB_HTML_ATTRIBUTE}="${tab}"]`)?.innerHTML;
}

/**
 * Each tab's HTML: the page's own from the page, the others fetched once the page has started.
 * A fetched tab is drawn only once it has been `opened` (selected at least once): drawing two
 * hidden tabs as their content arrived was a long task just after the page started (ADR 008),
 * and a tab's content, already here, draws within the click that opens it.
 * `query` is the address's search parameters but ?tab= (season, upcoming, results).
 */
export function useTabHtml({
  page,
  opened,
  query,
}: {
  page: MatchCentrePage;
  opened: ReadonlySet<MatchCentreTab>;
  query: string;
}): Record<MatchCentreTab, TabHtml> {
  const { tab } = page;
  const season = page.season.slug;
  const [first] = useState(() => ({ query, html: serverHtml(tab) }));
  // Content belongs to its season: after another season is chosen, a tab shows "Loading…"
  // until that season's content comes, never the last season's. Within a season (more
  // fixtures asked for) a tab keeps what it shows until the longer list comes.
  const [fetched, setFetched] = useState<{
    season: string;
    tabs: Partial<Record<MatchCentreTab, string | "failed">>;
  }>(() => ({ season, tabs: first.html === undefined ? {} : { [tab]: first.html } }));
  useEffect(() => {
    let current = true;
    const keep = (id: MatchCentreTab, content: string | "failed") => {
      // An answer for an address the page has left is dropped.
      if (!current) return;
      setFetched((previous) => ({
        season,
        tabs: { ...(previous.season === season ? previous.tabs : {}), [id]: content },
      }));
    };
    for (const { id } of MATCH_CENTRE_TABS) {
      if (id === tab && query === first.query && first.html !== undefined) continue;
      fetch(`/fixtures/tab/${id}${query ? `?${query}` : ""}`)
        .then((response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          return response.text();
        })
        .then((html) => keep(id, html))
        .catch(() => keep(id, "failed"));
    }
    return () => {
      current = false;
    };
  }, [tab, season, query, first]);
  const tabs = fetched.season === season ? fetched.tabs : {};
  const state = (id: MatchCentreTab): TabHtml => {
    const content = tabs[id];
    if (content === undefined || (id !== tab && !opened.has(id))) return "loading";
    return content === "failed" ? "failed" : { html: content };
  };
  return { fixtures: state("fixtures"), results: state("results"), table: state("table") };
}
