import { teamsInOrder } from "../../../domain/fixtures/sides.ts";
import { MapPinIcon } from "../page-icons/map-pin.tsx";
import { TeamCrest } from "../team-crest.tsx";
import { useClub } from "../use-club.ts";
import { VenueName } from "../venue-link.tsx";
import { Countdown } from "./countdown.tsx";
import {
  AddToCalendarLink,
  FixtureDate,
  type MatchFixture,
  matchLabel,
  matchTitle,
  type TableLogos,
} from "./fixture-cards.tsx";

// rules §2 Fixtures tab: the Next Match card with the match type and stage, date and time,
// location, both team logos and the countdown.

export function NextMatchCard({
  fixture,
  tableLogos,
  serverNow,
}: {
  fixture: MatchFixture & { date: Date };
  tableLogos: TableLogos;
  serverNow: Date;
}) {
  const { teamName } = useClub();
  // decisions 36: away, the opponent is named (and shown) first.
  const { first, second } = teamsInOrder({ teamName, fixture });
  return (
    <section
      aria-labelledby="next-match-title"
      className="relative overflow-hidden rounded-2xl bg-club wrap-anywhere text-club-contrast shadow-xl"
    >
      <div aria-hidden="true" className="hero-stripes absolute inset-0" />
      <div className="relative px-5 py-8 sm:px-10 sm:py-10">
        <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
          <h3 id="next-match-title" className="kicker text-accent">
            Next match
          </h3>
          <p className="font-display text-base font-bold uppercase tracking-wider text-white/85">
            {matchLabel(fixture)}
          </p>
        </div>
        <p className="sr-only">{matchTitle({ teamName, fixture })}</p>
        <div
          aria-hidden="true"
          className="mt-6 grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 text-center sm:gap-8"
        >
          <div className="flex flex-col items-center gap-3">
            <TeamCrest team={first} tableLogos={tableLogos} size="lg" />
            <span className="max-w-full font-display text-lg font-extrabold uppercase leading-tight sm:text-3xl">
              {first}
            </span>
          </div>
          <span className="font-display text-2xl font-extrabold text-accent sm:text-5xl">VS</span>
          <div className="flex flex-col items-center gap-3">
            <TeamCrest team={second} tableLogos={tableLogos} size="lg" />
            <span className="max-w-full font-display text-lg font-extrabold uppercase leading-tight sm:text-3xl">
              {second}
            </span>
          </div>
        </div>
        <div className="mt-8 flex flex-col items-center gap-1 text-center">
          <p className="font-display text-2xl font-bold tracking-wide sm:text-3xl">
            <FixtureDate fixture={fixture} />
          </p>
          <p className="flex items-center gap-1.5 text-white/90">
            <MapPinIcon className="size-5 shrink-0 text-accent" />
            <VenueName name={fixture.location} tone="dark" />
          </p>
        </div>
        {/* The countdown's own island (countdown-island.tsx) starts from these. */}
        <div
          className="mx-auto mt-8 max-w-xl"
          data-countdown={fixture.date.toISOString()}
          data-server-now={serverNow.toISOString()}
        >
          <Countdown target={fixture.date} serverNow={serverNow} />
        </div>
        <p className="mt-6 text-center">
          <AddToCalendarLink fixture={fixture} tone="dark" />
        </p>
      </div>
    </section>
  );
}
