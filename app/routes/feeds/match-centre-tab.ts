import { data } from "react-router";
import { matchCentreTabHtml } from "../../components/site/match-centre/tab-html.server.tsx";
import { clubPageData } from "../../domain/club/page-data.server.ts";
import { matchCentrePage } from "../../domain/fixtures/match-centre-page.server.ts";
import { parseMatchCentreTab } from "../../domain/fixtures/match-centre-tabs.ts";
import type { Route } from "./+types/match-centre-tab";

// One match-centre tab's content as HTML (ADR 008): /fixtures carries the content of the tab
// its address names, and fetches the other two from here once scripts run, so switching tabs
// stays instant, without the tabs' components in the browser. The page's own page model
// (ADR 022) and the page's own component, so both always agree; the same search parameters
// (?season=, ?upcoming=, ?results=). A plain fetch, not a React Router fetcher: a failed
// background fetch (offline) must leave the page as it is, not replace it with the error page.
// Anonymous and public, so the page cache keeps it.
export async function loader({ request, params }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const page = await matchCentrePage({
    tab: parseMatchCentreTab(params.tab ?? null),
    season: search.get("season"),
    upcomingShown: search.get("upcoming"),
    resultsShown: search.get("results"),
  });
  if (!page) throw data(null, { status: 404 });
  const html = await matchCentreTabHtml({ request, page, rootData: await clubPageData() });
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
