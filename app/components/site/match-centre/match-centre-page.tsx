import { lazy, memo, Suspense, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import {
  type MatchCentrePage,
  type MatchCentreTab,
  parseMatchCentreTab,
  tabHref,
} from "../../../domain/fixtures/match-centre-tabs.ts";
import { JsonLd } from "../../ui/json-ld.tsx";
import { PageHero } from "../page-hero.tsx";
import { CalendarIcon } from "../page-icons/calendar.tsx";
import { SeasonPicker } from "../season-picker.tsx";
import { useServerIsland } from "../server-islands.ts";
import { SubscribeSection } from "../subscribe/subscribe-form.tsx";
import { useClub } from "../use-club.ts";
import { VenueLinksProvider } from "../venue-link.tsx";
import type { MatchCentreTabContentProps } from "./match-centre-content.tsx";
import { MatchCentrePanel, MatchCentreTabList } from "./match-centre-tabs.tsx";
import { RecentForm } from "./recent-form.tsx";
import { loadTabContent, useTabContent } from "./tab-content.ts";

// The match centre (rules §2 Match centre, §10): Fixtures, Results and Tables tabs,
// each at its own address, the recent form, and the fixtures as SportsEvent JSON-LD.
// ADR 008: a page carries the content of the tab its address names only (a third of the
// HTML and data it had with all three); once scripts run, the other tabs' content is fetched
// in the background from their own addresses, so switching tabs stays instant.

export function MatchCentrePageView({ page }: { page: MatchCentrePage }) {
  const club = useClub();
  const { now, form, tableLogos, jsonLd, calendar, season, seasons, venueLinks } = page;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const addressTab = parseMatchCentreTab(searchParams.get("tab"));
  const [selected, setSelected] = useState(addressTab);
  // Back and Forward change the address: show the tab it names.
  useEffect(() => setSelected(addressTab), [addressTab]);
  // The tabs shown so far: their content stays drawn (and as it was) when another is chosen.
  const [opened, setOpened] = useState<ReadonlySet<MatchCentreTab>>(() => new Set([selected]));
  if (!opened.has(selected)) setOpened(new Set([...opened, selected]));
  const { fixturesTab, results, table } = useTabContent(page, opened);

  const select = (tab: MatchCentreTab) => {
    setSelected(tab);
    navigate(tabHref(tab, season.isCurrent ? null : season.slug), {
      replace: true,
      preventScrollReset: true,
    });
  };

  return (
    <VenueLinksProvider value={venueLinks}>
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
      <SubscribeSection />
    </VenueLinksProvider>
  );
}

// ADR 008: the tabs' content (cards, table, countdown) is not in the page's first load. The
// server renders it (components/site/server-islands.ts); the browser loads its chunk once the
// page's scripts run, and React hydrates the server's HTML in this <Suspense> boundary when it
// arrives: until then that HTML stays as it is (its links work as plain links). The boundary
// must not re-render before then (React would drop the server's HTML and show the fallback):
// memo() keeps it still while its props are the same (the loader's objects, the same booleans).
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
