import { data } from "react-router";
import { matchCentreTabContent } from "../../domain/fixtures/match-centre-page.server.ts";
import { parseMatchCentreTab } from "../../domain/fixtures/match-centre-tabs.ts";
import type { Route } from "./+types/match-centre-tab";

// One match-centre tab's content as JSON (ADR 008): /fixtures sends the content of the
// tab its address names, and fetches the other two from here once scripts run, so switching
// tabs stays instant. A plain fetch, not a React Router fetcher: a failed background fetch
// (offline) must leave the page as it is, not replace it with the error page. The page's own
// page model (ADR 022), so both always agree; the page reads the JSON back with
// matchCentreTabsFromJson. Anonymous and public, so the page cache keeps it.
export async function loader({ request, params }: Route.LoaderArgs) {
  const content = await matchCentreTabContent({
    tab: parseMatchCentreTab(params.tab ?? null),
    // An earlier season's tabs.
    season: new URL(request.url).searchParams.get("season"),
  });
  if (!content) throw data(null, { status: 404 });
  return Response.json(content);
}
