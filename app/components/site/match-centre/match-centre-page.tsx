import { lazy, type RefObject, useEffect, useRef, useState } from "react";
import { type NavigateFunction, useNavigate, useSearchParams } from "react-router";
import {
  type MatchCentrePage,
  type MatchCentreTab,
  parseMatchCentreTab,
  tabHref,
} from "../../../domain/fixtures/match-centre-tabs.ts";
import { KeptPart } from "../kept-html.tsx";
import { PageHero } from "../page-hero.tsx";
import { SeasonPicker } from "../season-picker.tsx";
import { useServerIsland } from "../server-islands.ts";
import { SubscribeSection } from "../subscribe/subscribe-section.tsx";
import { useClub } from "../use-club.ts";
import type { Countdowns } from "./countdown-island.tsx";
import { MatchCentrePanel, MatchCentreTabList } from "./match-centre-tabs.tsx";
import { TAB_HTML_ATTRIBUTE, type TabHtml, useTabHtml } from "./tab-content.ts";

// The match centre (rules §2 Match centre, §10): Fixtures, Results and Tables tabs,
// each at its own address, the recent form, and the fixtures as SportsEvent JSON-LD.
// ADR 008: a page carries the content of the tab its address names only (a third of the
// HTML and data it had with all three); once scripts run, the other tabs' content is fetched
// in the background from their own addresses, so switching tabs stays instant. That content is
// HTML from the server, kept as it is: the browser has no code for the cards and the table.

// ADR 044: the recent form only shows: kept as the server's HTML, its code loaded only when the
// page is rendered in the browser (a client navigation to another season or from elsewhere).
const RecentForm = lazy(() => import("./recent-form.tsx").then((m) => ({ default: m.RecentForm })));

export function MatchCentrePageView({ page }: { page: MatchCentrePage }) {
  const club = useClub();
  const { form, season, seasons } = page;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const addressTab = parseMatchCentreTab(searchParams.get("tab"));
  const [selected, setSelected] = useState(addressTab);
  // Back and Forward change the address: show the tab it names.
  useEffect(() => setSelected(addressTab), [addressTab]);
  // The tabs shown so far: their content stays drawn (and as it was) when another is chosen.
  const [opened, setOpened] = useState<ReadonlySet<MatchCentreTab>>(() => new Set([selected]));
  if (!opened.has(selected)) setOpened(new Set([...opened, selected]));
  const others = new URLSearchParams(searchParams);
  others.delete("tab");
  const tabs = useTabHtml({ page, opened, query: others.toString() });

  const select = (tab: MatchCentreTab) => {
    setSelected(tab);
    navigate(tabHref(tab, season.isCurrent ? null : season.slug), {
      replace: true,
      preventScrollReset: true,
    });
  };

  return (
    <>
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
            <KeptPart
              name="recent-form"
              version={season.slug}
              content={<RecentForm entries={form} />}
            />
          </div>

          <MatchCentrePanel tab="fixtures" selected={selected} title="Upcoming Fixtures">
            <TabContent
              tab="fixtures"
              page={page}
              state={tabs.fixtures}
              running={selected === "fixtures"}
            />
          </MatchCentrePanel>

          <MatchCentrePanel tab="results" selected={selected} title="Results">
            <TabContent tab="results" page={page} state={tabs.results} running={false} />
          </MatchCentrePanel>

          <MatchCentrePanel tab="table" selected={selected} title="League Table">
            <TabContent tab="table" page={page} state={tabs.table} running={false} />
          </MatchCentrePanel>
        </div>
      </div>
      <SubscribeSection />
    </>
  );
}

/**
 * A tab's content (ADR 008). On the server: the content component itself, for the page's own
 * tab (server-islands.ts). In the browser: that HTML, kept as it is (React does not look inside
 * an element it was given as HTML, also while hydrating), or a tab's HTML fetched later. Its
 * links stay plain links until the page's scripts run, then the router follows them; the next
 * match's countdown is mounted on its own.
 */
function TabContent({
  tab,
  page,
  state,
  running,
}: {
  tab: MatchCentreTab;
  page: MatchCentrePage;
  state: TabHtml;
  running: boolean;
}) {
  const Server = useServerIsland("MatchCentreTabContent");
  if (Server && tab === page.tab) {
    return (
      <div {...{ [TAB_HTML_ATTRIBUTE]: tab }}>
        <Server page={page} withJsonLd />
      </div>
    );
  }
  if (typeof state === "string") return <Fetching state={state} tab={tab} season={page.season} />;
  return <ServerHtml tab={tab} html={state.html} running={running} />;
}

function ServerHtml({
  tab,
  html,
  running,
}: {
  tab: MatchCentreTab;
  html: string;
  running: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const follow = (event: MouseEvent) => followLink(event, navigate);
    container.addEventListener("click", follow);
    return () => container.removeEventListener("click", follow);
  }, [navigate]);
  useCountdowns(ref, html, running);
  return (
    <div
      ref={ref}
      {...{ [TAB_HTML_ATTRIBUTE]: tab }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our server's own rendering of the tab (React escaped it there)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * A click on a link in a tab's HTML, as React Router's <Link> handles one: a plain click on a
 * link to this site is a client navigation (keeping the scroll position where the link asks,
 * `data-keep-scroll`); anything else (a new tab, a download, another site) is the browser's.
 */
function followLink(event: MouseEvent, navigate: NavigateFunction) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
  const url = new URL(link.href);
  if (url.origin !== window.location.origin || link.getAttribute("href")?.startsWith("#")) return;
  event.preventDefault();
  void navigate(`${url.pathname}${url.search}${url.hash}`, {
    preventScrollReset: link.hasAttribute("data-keep-scroll"),
  });
}

/** The next match's countdown in a tab's HTML, ticking while `running` (countdown-island.tsx). */
function useCountdowns(ref: RefObject<HTMLElement | null>, html: string, running: boolean) {
  const countdowns = useRef<Countdowns | null>(null);
  const runningNow = useRef(running);
  useEffect(() => {
    runningNow.current = running;
    countdowns.current?.run(running);
  }, [running]);
  useEffect(() => {
    const container = ref.current;
    if (!html || !container?.querySelector("[data-countdown]")) return;
    let current = true;
    void import("./countdown-island.tsx").then(({ startCountdowns }) => {
      if (current) countdowns.current = startCountdowns(container, runningNow.current);
    });
    return () => {
      current = false;
      countdowns.current?.stop();
      countdowns.current = null;
    };
  }, [ref, html]);
}

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
