import { parseMatchCentreTab } from "../../components/site/match-centre-tabs.tsx";
import { loader as matchCentreLoader } from "../site/fixtures.tsx";
import type { Route } from "./+types/match-centre-tab";

// One match-centre tab's content as JSON (ADR 008): /fixtures sends the content of the
// tab its address names, and fetches the other two from here once scripts run, so switching
// tabs stays instant. A plain fetch, not a React Router fetcher: a failed background fetch
// (offline) must leave the page as it is, not replace it with the error page. The same
// loader as the page, so both always agree; anonymous and public, so the page cache keeps it.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const tab = parseMatchCentreTab(params.tab ?? null);
  const page = new URL("/fixtures", request.url);
  page.searchParams.set("tab", tab);
  // An earlier season's tabs.
  const season = new URL(request.url).searchParams.get("season");
  if (season) page.searchParams.set("season", season);
  const content = await matchCentreLoader({
    request: new Request(page, { headers: request.headers }),
    params: {},
    context,
    unstable_pattern: "/fixtures",
  } as unknown as Parameters<typeof matchCentreLoader>[0]);
  return Response.json({
    fixturesTab: content.fixturesTab,
    results: content.results,
    table: content.table,
  });
}
