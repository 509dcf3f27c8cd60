import { data, type ShouldRevalidateFunction } from "react-router";
import { LiveBannersIsland } from "../../components/site/live/live-banners-island.tsx";
import { MatchCentrePageView } from "../../components/site/match-centre/match-centre-page.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { matchCentrePage } from "../../domain/fixtures/match-centre-page.server.ts";
import {
  type MatchCentreTab,
  parseMatchCentreTab,
  tabHref,
} from "../../domain/fixtures/match-centre-tabs.ts";
import { liveBanners } from "../../domain/live/match-page.server.ts";
import type { Route } from "./+types/fixtures";

// The match centre (rules §2 Match centre, §10); what it shows is its page model
// (domain/fixtures/match-centre-page.server.ts, ADR 022), its parts are in
// components/site/match-centre/.

const TITLES: Record<MatchCentreTab, string> = {
  fixtures: "Fixtures",
  results: "Results",
  table: "League Table",
};

export const meta: Route.MetaFunction = ({ location, loaderData, matches }) => {
  const club = clubFromMatches(matches);
  const tab = parseMatchCentreTab(new URLSearchParams(location.search).get("tab"));
  const season = loaderData?.season;
  const href = tabHref(tab, season && !season.isCurrent ? season.slug : null);
  return pageMeta({
    club,
    title: season && !season.isCurrent ? `${TITLES[tab]} ${season.label}` : TITLES[tab],
    description: `${club.shortName} fixtures, results, the league table and recent form: every match with its date, venue, score and scorers.`,
    path: href,
  });
};

// Switching tabs only changes ?tab=: the page already has (or is fetching) every tab's content.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const others = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    return `${url.pathname}?${params.toString()}`;
  };
  if (!formMethod && others(currentUrl) === others(nextUrl)) return false;
  return defaultShouldRevalidate;
};

export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const page = await matchCentrePage({
    tab: parseMatchCentreTab(search.get("tab")),
    // ?season=2025-26 shows an earlier season; an unknown one is 404.
    season: search.get("season"),
    upcomingShown: search.get("upcoming"),
    resultsShown: search.get("results"),
  });
  if (!page) throw data(null, { status: 404 });
  // rules §2 Following live: a match under way shows above the match centre.
  return { ...page, live: await liveBanners() };
}

export default function MatchCentre({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <LiveBannersIsland matches={loaderData.live.matches} serverNow={loaderData.live.serverNow} />
      <MatchCentrePageView page={loaderData} />
    </>
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
