import type { ReactNode } from "react";
import { Link } from "react-router";
import type {
  FixturesTabData,
  ResultsTabData,
  TableTabData,
} from "../../../domain/fixtures/match-centre-tabs.ts";
import { useClub } from "../use-club.ts";
import { useClubDates } from "../use-club-dates.ts";
import {
  MonthSections,
  ResultCard,
  type TableLogos,
  UpcomingFixtureCard,
} from "./fixture-cards.tsx";
import { LeagueTable } from "./league-table.tsx";
import { NextMatchCard } from "./next-match.tsx";

// The content of the match centre's tabs (rules §2 Match centre): the next match with its
// countdown and the upcoming fixtures, the results, the league table. ADR 008: the server
// renders it into the page (entry.server.tsx hands it over through server-islands.ts); in the
// browser it is a chunk of its own, loaded once the page's scripts run, and React hydrates the
// server's HTML when it arrives (match-centre-page.tsx), so it is not in the first load.

export type MatchCentreTabContentProps = { tableLogos: TableLogos } & (
  | {
      tab: "fixtures";
      content: FixturesTabData;
      serverNow: Date;
      /** False while the fixtures tab is hidden (the countdown stops). */
      running: boolean;
    }
  | { tab: "results"; content: ResultsTabData }
  | { tab: "table"; content: TableTabData }
);

export function MatchCentreTabContent(props: MatchCentreTabContentProps) {
  const { tableLogos } = props;
  if (props.tab === "fixtures") {
    const { next, upcoming } = props.content;
    return (
      <div className="space-y-12">
        {next ? (
          <NextMatchCard
            fixture={next}
            tableLogos={tableLogos}
            serverNow={props.serverNow}
            running={props.running}
          />
        ) : null}
        <MonthSections
          groups={upcoming.groups}
          idPrefix="upcoming"
          cardHeight="[--list-card-height:14.5rem]"
        >
          {(fixture) => <UpcomingFixtureCard fixture={fixture} tableLogos={tableLogos} />}
        </MonthSections>
        {upcoming.more ? (
          <MoreLink href={upcoming.more.href}>Show {upcoming.more.count} more fixtures</MoreLink>
        ) : null}
      </div>
    );
  }
  if (props.tab === "results") {
    const results = props.content;
    return (
      <>
        <MonthSections
          groups={results.groups}
          idPrefix="results"
          cardHeight="[--list-card-height:21rem]"
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
  const table = props.content;
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
      <Link to={href} preventScrollReset className="button-secondary">
        {children}
      </Link>
    </p>
  );
}
