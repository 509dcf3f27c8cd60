import type { ReactNode } from "react";
import { Link } from "react-router";
import type { MatchCentrePage } from "../../../domain/fixtures/match-centre-tabs.ts";
import { inKickOffOrder } from "../../../domain/fixtures/rounds.ts";
import type { MatchFixture } from "../../../domain/fixtures/rules.ts";
import { JsonLd } from "../../ui/json-ld.tsx";
import { CalendarIcon } from "../page-icons/calendar.tsx";
import { useClub } from "../use-club.ts";
import { useClubDates } from "../use-club-dates.ts";
import { VenueLinksProvider } from "../venue-link.tsx";
import { MonthSections, ResultCard, UpcomingFixtureCard } from "./fixture-cards.tsx";
import { LeagueTable } from "./league-table.tsx";
import { NextMatchCard } from "./next-match.tsx";
import { RoundCard } from "./round-card.tsx";

// The content of the match centre's tabs (rules §2 Match centre): the next match with its
// countdown and the upcoming fixtures, the results, the league table. ADR 008: it is HTML from
// the server, never code in the browser: the page's own tab is rendered into the page
// (entry.server.tsx hands this component over through server-islands.ts), the other tabs come
// as HTML from the tab endpoint (tab-html.server.tsx). The browser keeps that HTML as it is
// (match-centre-page.tsx); its links stay links, and the countdown is a small island of its
// own (countdown-island.tsx).

export interface MatchCentreTabContentProps {
  /** The page model of the tab to show (its `tab`): that tab's content is there. */
  page: MatchCentrePage;
  /**
   * rules §10: the page's fixtures as SportsEvent JSON-LD, in the page's own HTML (for search
   * engines, which read that HTML) rather than in the browser's code; not in the tab endpoint's.
   */
  withJsonLd?: boolean;
}

export function MatchCentreTabContent({ page, withJsonLd = false }: MatchCentreTabContentProps) {
  // Fixture cards link their venue's page (ADR 031).
  return (
    <VenueLinksProvider value={page.venueLinks}>
      {withJsonLd ? <JsonLd data={page.jsonLd} /> : null}
      <TabContent page={page} />
    </VenueLinksProvider>
  );
}

function TabContent({ page }: { page: MatchCentrePage }) {
  const { tableLogos } = page;
  // ADR 035: a round day's matches in a list are one card, which also lists the next match
  // when it is one of them (the Next Match card shows it on its own as well).
  const next = page.fixturesTab?.next;
  const roundCard = (roundId: string, matches: MatchFixture[]) => {
    const round = page.rounds[roundId];
    if (!round) return null;
    const all = next && next.roundId === roundId ? inKickOffOrder([next, ...matches]) : matches;
    return <RoundCard id={roundId} round={round} matches={all} />;
  };
  if (page.tab === "fixtures") {
    if (!page.fixturesTab) return null;
    const { next, upcoming } = page.fixturesTab;
    const calendar = (
      <CalendarLinks subscribe={page.calendar.subscribe} download={page.calendar.download} />
    );
    if (next === null && upcoming.groups.length === 0) {
      return (
        <>
          <EmptyMessage>No upcoming fixtures found.</EmptyMessage>
          {calendar}
        </>
      );
    }
    return (
      <>
        <div className="space-y-12">
          {next ? (
            <NextMatchCard fixture={next} tableLogos={tableLogos} serverNow={page.now} />
          ) : null}
          <MonthSections
            groups={upcoming.groups}
            idPrefix="upcoming"
            cardHeight="[--list-card-height:14.5rem]"
            rounds={page.rounds}
            roundCard={roundCard}
          >
            {(fixture) => <UpcomingFixtureCard fixture={fixture} tableLogos={tableLogos} />}
          </MonthSections>
          {upcoming.more ? (
            <MoreLink href={upcoming.more.href}>Show {upcoming.more.count} more fixtures</MoreLink>
          ) : null}
        </div>
        {calendar}
      </>
    );
  }
  if (page.tab === "results") {
    const results = page.results;
    if (!results) return null;
    if (results.groups.length === 0) {
      return <EmptyMessage>No results available yet.</EmptyMessage>;
    }
    return (
      <>
        <MonthSections
          groups={results.groups}
          idPrefix="results"
          cardHeight="[--list-card-height:21rem]"
          rounds={page.rounds}
          roundCard={roundCard}
        >
          {(fixture) => (
            <ResultCard
              fixture={fixture}
              tableLogos={tableLogos}
              report={results.reports[fixture.id]}
            />
          )}
        </MonthSections>
        {results.more ? (
          <MoreLink href={results.more.href}>Show {results.more.count} older results</MoreLink>
        ) : null}
      </>
    );
  }
  const table = page.table;
  if (!table) return null;
  return (
    <>
      <LeagueTable rows={table.rows} tableLogos={tableLogos} />
      <TableNotes
        lastUpdated={table.lastUpdated}
        fromResults={table.rows.some((row) => row.fromResults)}
      />
    </>
  );
}

function EmptyMessage({ children }: { children: string }) {
  return (
    <p className="rounded-xl bg-white px-6 py-10 text-center text-lg text-slate-700 ring-1 ring-slate-200">
      {children}
    </p>
  );
}

/** decisions 24: under the table, where its figures come from and when the others last changed. */
function TableNotes({
  lastUpdated,
  fromResults,
}: {
  lastUpdated: Date | null;
  fromResults: boolean;
}) {
  const { teamName } = useClub();
  const { formatInClubZone } = useClubDates();
  return (
    <div className="mt-4 space-y-1 text-sm text-slate-700">
      {fromResults ? <p>The {teamName} row is worked out from our league results.</p> : null}
      {lastUpdated ? (
        <p>
          Last updated{" "}
          <time dateTime={lastUpdated.toISOString()}>
            {formatInClubZone({ date: lastUpdated, pattern: "d MMMM yyyy" })}
          </time>
        </p>
      ) : null}
    </div>
  );
}

function MoreLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p className="mt-10 text-center">
      {/* The page follows it without moving (match-centre-page.tsx, followLink). */}
      <Link to={href} preventScrollReset data-keep-scroll="" className="button-secondary">
        {children}
      </Link>
    </p>
  );
}

/** The calendar feed's links, under the fixtures tab's content (rules §2 Match centre). */
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
