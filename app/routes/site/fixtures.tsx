import { lazy, memo, Suspense, useEffect, useState } from "react";
import { data, type ShouldRevalidateFunction, useNavigate, useSearchParams } from "react-router";
import type { MatchFixture } from "../../components/site/fixture-cards.tsx";
import type { MatchCentreTabContentProps } from "../../components/site/match-centre-content.tsx";
import {
  MATCH_CENTRE_TABS,
  MatchCentrePanel,
  type MatchCentreTab,
  MatchCentreTabList,
  parseMatchCentreTab,
} from "../../components/site/match-centre-tabs.tsx";
import { PageHero } from "../../components/site/page-hero.tsx";
import { CalendarIcon } from "../../components/site/page-icons/calendar.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { RecentForm } from "../../components/site/recent-form.tsx";
import { SeasonPicker, seasonChoice } from "../../components/site/season-picker.tsx";
import { useServerIsland } from "../../components/site/server-islands.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { JsonLd } from "../../components/ui/json-ld.tsx";
import { getClub } from "../../domain/club/club.server.ts";
import { listMatchCentreFixtures } from "../../domain/fixtures/match-centre.server.ts";
import {
  fixturesTab,
  groupByMonth,
  listShown,
  MATCH_LIST_PAGE_SIZE,
  pastFixtures,
  RECENT_FORM_LENGTH,
  recentForm,
  upcomingFixtures,
} from "../../domain/fixtures/rules.ts";
import { sportsEventsJsonLd } from "../../domain/fixtures/structured-data.ts";
import { listMatchReports } from "../../domain/news/news.server.ts";
import { seasonView } from "../../domain/seasons/rules.ts";
import { listSeasons, seasonFromAddress } from "../../domain/seasons/seasons.server.ts";
import { leagueTableForSeason, seasonTableRows } from "../../domain/seasons/standing.server.ts";
import { tableLogoIndex } from "../../domain/table/rules.ts";
import type { Route } from "./+types/fixtures";

// The match centre (rules §2 Match centre, §10): Fixtures, Results and Tables tabs,
// each at its own address, the recent form, and the fixtures as SportsEvent JSON-LD.
// ADR 008: a page carries the content of the tab its address names only (a third of the
// HTML and data it had with all three); once scripts run, the other tabs' content is fetched
// in the background from their own addresses, so switching tabs stays instant.

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

/**
 * A tab's address; an earlier season's tabs carry ?season= (linkable, in the
 * sitemap, cached like the rest). The current season's are the plain addresses.
 */
export function tabHref(tab: MatchCentreTab, season: string | null): string {
  const href = MATCH_CENTRE_TABS.find((t) => t.id === tab)?.href ?? "/fixtures";
  if (!season) return href;
  return `${href}${href.includes("?") ? "&" : "?"}season=${encodeURIComponent(season)}`;
}

const view = (fixture: MatchFixture): MatchFixture => ({
  id: fixture.id,
  opponent: fixture.opponent,
  location: fixture.location,
  date: fixture.date,
  timeTbc: fixture.timeTbc,
  type: fixture.type,
  stage: fixture.stage,
  homeScore: fixture.homeScore,
  awayScore: fixture.awayScore,
  pensHome: fixture.pensHome,
  pensAway: fixture.pensAway,
  scorers: fixture.scorers,
  status: fixture.status,
  rescheduledFrom: fixture.rescheduledFrom,
});

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const tab = parseMatchCentreTab(url.searchParams.get("tab"));
  // ?season=2025-26 shows an earlier season; an unknown one is 404.
  const season = await seasonFromAddress({ slug: url.searchParams.get("season") });
  if (!season) throw data(null, { status: 404 });
  const seasons = await listSeasons();
  const now = new Date();
  // The results tab asks for this many (at least a page); the count caps it (listShown).
  const resultsShown = url.searchParams.get("results");
  // The table tab works the club's row out from the season's results; the others need only
  // the stored rows, for the teams' logos.
  const [read, table, storedRows] = await Promise.all([
    listMatchCentreFixtures({
      view: seasonView({ season, seasons }),
      now,
      past: tab === "results" ? listShown({ shown: resultsShown, total: Infinity }) : 0,
      scored: RECENT_FORM_LENGTH,
    }),
    tab === "table" ? leagueTableForSeason({ season }) : null,
    tab === "table" ? null : seasonTableRows({ season }),
  ]);
  const seasonParam = season.isCurrent ? "" : `&season=${encodeURIComponent(season.slug)}`;
  const allUpcoming = read.upcoming.map(view);
  const { next, others } = fixturesTab({ fixtures: allUpcoming, now });
  // The site's own address, never the request's Host.
  const { details: club } = await getClub();
  const host = new URL(club.url).host;
  // rules §2 Match centre: each list a page at a time (a plain link, no script needed).
  const upcoming = listPage({
    fixtures: others,
    shown: url.searchParams.get("upcoming"),
    more: (count) => `/fixtures?upcoming=${count}${seasonParam}`,
  });
  const upcomingShown = new Set(upcoming.groups.flatMap((group) => group.fixtures));
  // The results shown, with each one's match report.
  const resultsTab = async () => {
    const page = listPage({
      fixtures: pastFixtures({ fixtures: read.newestPast.map(view), now }),
      total: read.pastCount ?? 0,
      shown: resultsShown,
      more: (count) => `/fixtures?tab=results&results=${count}${seasonParam}`,
    });
    const reports = await listMatchReports({
      fixtureIds: page.groups.flatMap((group) => group.fixtures.map((fixture) => fixture.id)),
    });
    return { ...page, reports: Object.fromEntries(reports) };
  };
  return {
    tab,
    now,
    season: seasonChoice(season),
    seasons: seasons.map(seasonChoice),
    // The chosen tab's content; the others are null (fetched by the page when scripts run).
    fixturesTab:
      tab === "fixtures"
        ? { next: next?.date ? { ...next, date: next.date } : null, upcoming }
        : null,
    results: tab === "results" ? await resultsTab() : null,
    form: recentForm({ fixtures: read.newestScored.map(view), now }),
    // decisions 24: the club's row from its league results; the others as entered, with the
    // day they were last changed.
    table: table
      ? {
          rows: table.rows.map(
            ({ updatedAt: _u, logo: _l, seasonId: _s, manual: _m, ...row }) => row,
          ),
          lastUpdated: table.lastUpdated,
        }
      : null,
    tableLogos: tableLogoIndex(table?.rows ?? storedRows ?? []),
    // The events this page shows (structured data matches what a visitor sees).
    jsonLd: sportsEventsJsonLd({
      site: club,
      fixtures: upcomingFixtures({ fixtures: allUpcoming, now }).filter(
        (fixture) => fixture === next || upcomingShown.has(fixture),
      ),
    }),
    calendar: {
      subscribe: `webcal://${host}/fixtures/calendar.ics`,
      download: "/fixtures/calendar.ics",
    },
  };
}

/** One page of a match-centre list, and the link to the next fixtures when there are more. */
function listPage<T extends { date: Date | null }>({
  fixtures,
  total = fixtures.length,
  shown,
  more,
}: {
  /** The list, or (with `total`) at least its first `shown`. */
  fixtures: T[];
  /** How many the whole list holds, when `fixtures` holds only its start. */
  total?: number;
  shown: string | null;
  /** The address of the list showing `count` fixtures. */
  more: (count: number) => string;
}) {
  const count = listShown({ shown, total });
  const remaining = total - count;
  return {
    groups: groupByMonth(fixtures.slice(0, count)),
    more:
      remaining > 0
        ? {
            href: more(count + MATCH_LIST_PAGE_SIZE),
            count: Math.min(remaining, MATCH_LIST_PAGE_SIZE),
          }
        : null,
  };
}

type TabContent = Pick<Route.ComponentProps["loaderData"], "fixturesTab" | "results" | "table">;

/** A tab's content: as sent, still on its way, or not to be had (offline): then its link. */
type Fetched<T> = NonNullable<T> | "loading" | "failed";

// JSON has no dates: the fixtures' `date` fields (and the table's `lastUpdated`) come back as instants.
const reviveDates = (key: string, value: unknown) =>
  (key === "date" || key === "lastUpdated") && typeof value === "string" ? new Date(value) : value;

/**
 * Each tab's content: the page's own, and the others fetched once from /fixtures/tab/:tab
 * after the page has started (the loader sends the content of the tab it is asked for).
 * A fetched tab is drawn only once it has been `opened` (selected at least once): drawing two
 * hidden tabs as their content arrived was a long task just after the page started (ADR 008),
 * and a tab's content, already here, draws within the click that opens it.
 */
function useTabContent(
  loaderData: Route.ComponentProps["loaderData"],
  opened: ReadonlySet<MatchCentreTab>,
): {
  fixturesTab: Fetched<TabContent["fixturesTab"]>;
  results: Fetched<TabContent["results"]>;
  table: Fetched<TabContent["table"]>;
} {
  const { tab, season } = loaderData;
  const seasonQuery = season.isCurrent ? "" : `?season=${encodeURIComponent(season.slug)}`;
  // Fetched content belongs to its season: after another season is chosen, a tab shows
  // "Loading…" until that season's content comes, never the last season's.
  const [fetched, setFetched] = useState<{
    season: string;
    tabs: Partial<Record<MatchCentreTab, TabContent | "failed">>;
  }>({ season: seasonQuery, tabs: {} });
  useEffect(() => {
    let current = true;
    const keep = (id: MatchCentreTab, content: TabContent | "failed") => {
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
          keep(other.id, JSON.parse(text, reviveDates) as TabContent);
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
  const pick = <K extends keyof TabContent>(id: MatchCentreTab, key: K): Fetched<TabContent[K]> => {
    const own = loaderData[key];
    if (own !== null) return own as NonNullable<TabContent[K]>;
    if (!opened.has(id)) return "loading";
    const other = tabsFetched[id];
    if (other === "failed") return "failed";
    return (other?.[key] as NonNullable<TabContent[K]> | null | undefined) ?? "loading";
  };
  return {
    fixturesTab: pick("fixtures", "fixturesTab"),
    results: pick("results", "results"),
    table: pick("table", "table"),
  };
}

export default function MatchCentre({ loaderData }: Route.ComponentProps) {
  const club = useClub();
  const { now, form, tableLogos, jsonLd, calendar, season, seasons } = loaderData;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const addressTab = parseMatchCentreTab(searchParams.get("tab"));
  const [selected, setSelected] = useState(addressTab);
  // Back and Forward change the address: show the tab it names.
  useEffect(() => setSelected(addressTab), [addressTab]);
  // The tabs shown so far: their content stays drawn (and as it was) when another is chosen.
  const [opened, setOpened] = useState<ReadonlySet<MatchCentreTab>>(() => new Set([selected]));
  if (!opened.has(selected)) setOpened(new Set([...opened, selected]));
  const { fixturesTab, results, table } = useTabContent(loaderData, opened);

  const select = (tab: MatchCentreTab) => {
    setSelected(tab);
    navigate(tabHref(tab, season.isCurrent ? null : season.slug), {
      replace: true,
      preventScrollReset: true,
    });
  };

  return (
    <>
      <JsonLd data={jsonLd} />
      <PageHero kicker={`Match centre · Season ${season.label}`} title="Fixtures & Results">
        <p>
          Every {club.shortName} match: what is coming up, how we got on, and where we stand in the
          league.
        </p>
        <div className="mt-6">
          <SeasonPicker
            seasons={seasons}
            selected={season.slug}
            tone="dark"
            hrefFor={(each) => tabHref(addressTab, each.isCurrent ? null : each.slug)}
          />
        </div>
      </PageHero>

      <div className="bg-slate-100">
        <div className="mx-auto max-w-6xl px-5 py-10 sm:px-8 sm:py-14">
          <div className="flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
            <MatchCentreTabList selected={selected} onSelect={select} />
            <RecentForm entries={form} />
          </div>

          <MatchCentrePanel tab="fixtures" selected={selected} title="Upcoming Fixtures">
            {typeof fixturesTab === "string" ? (
              <Fetching state={fixturesTab} tab="fixtures" season={season} />
            ) : fixturesTab.next === null && fixturesTab.upcoming.groups.length === 0 ? (
              <EmptyMessage>No upcoming fixtures found.</EmptyMessage>
            ) : (
              <TabContentIsland
                tab="fixtures"
                content={fixturesTab}
                tableLogos={tableLogos}
                serverNow={now}
                running={selected === "fixtures"}
              />
            )}
            <CalendarLinks subscribe={calendar.subscribe} download={calendar.download} />
          </MatchCentrePanel>

          <MatchCentrePanel tab="results" selected={selected} title="Results">
            {typeof results === "string" ? (
              <Fetching state={results} tab="results" season={season} />
            ) : results.groups.length === 0 ? (
              <EmptyMessage>No results available yet.</EmptyMessage>
            ) : (
              <TabContentIsland tab="results" content={results} tableLogos={tableLogos} />
            )}
          </MatchCentrePanel>

          <MatchCentrePanel tab="table" selected={selected} title="League Table">
            {typeof table === "string" ? (
              <Fetching state={table} tab="table" season={season} />
            ) : (
              <TabContentIsland tab="table" content={table} tableLogos={tableLogos} />
            )}
          </MatchCentrePanel>
        </div>
      </div>
    </>
  );
}

// ADR 008: the tabs' content (cards, table, countdown) is not in the page's first load. The
// server renders it (components/site/server-islands.ts); the browser loads its chunk once the
// page's scripts run, and React hydrates the server's HTML in this <Suspense> boundary when it
// arrives: until then that HTML stays as it is (its links work as plain links). The boundary
// must not re-render before then (React would drop the server's HTML and show the fallback):
// memo() keeps it still while its props are the same (the loader's objects, the same booleans).
const loadTabContent = () => import("../../components/site/match-centre-content.tsx");
const LazyTabContent = lazy(() =>
  loadTabContent().then((module) => ({
    default: module.MatchCentreTabContent,
  })),
);

const TabContentIsland = memo(function TabContentIsland(props: MatchCentreTabContentProps) {
  const Content = useServerIsland("MatchCentreTabContent") ?? LazyTabContent;
  return (
    <Suspense fallback={<p className="text-lg text-slate-700">Loading…</p>}>
      <Content {...props} />
    </Suspense>
  );
});

/**
 * A tab whose content is still on its way (only when chosen within moments of the page
 * starting), or could not be fetched: then a link to the tab's own address.
 */
function Fetching({
  state,
  tab,
  season,
}: {
  state: "loading" | "failed";
  tab: MatchCentreTab;
  season: { slug: string; isCurrent: boolean };
}) {
  if (state === "loading") return <p className="text-lg text-slate-700">Loading…</p>;
  const href = tabHref(tab, season.isCurrent ? null : season.slug);
  return (
    <p className="text-lg text-slate-700">
      <a href={href} className="font-semibold text-club underline underline-offset-4">
        Show this tab
      </a>
    </p>
  );
}

function EmptyMessage({ children }: { children: string }) {
  return (
    <p className="rounded-xl bg-white px-6 py-10 text-center text-lg text-slate-700 ring-1 ring-slate-200">
      {children}
    </p>
  );
}

function CalendarLinks({ subscribe, download }: { subscribe: string; download: string }) {
  return (
    <aside
      aria-labelledby="calendar-title"
      className="mt-12 flex flex-col gap-4 rounded-xl bg-white p-6 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-club text-accent">
          <CalendarIcon className="size-6" />
        </span>
        <div>
          <h3
            id="calendar-title"
            className="font-display text-xl font-bold uppercase text-slate-900"
          >
            Never miss a match
          </h3>
          <p className="text-slate-700">
            Subscribe and every fixture appears in your calendar, updated when times change.
          </p>
        </div>
      </div>
      <p className="flex flex-wrap gap-3">
        <a href={subscribe} className="button-primary">
          Subscribe to fixtures
        </a>
        <a href={download} className="button-secondary">
          Download .ics
        </a>
      </p>
    </aside>
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
