import { clubDates } from "../dates/format.ts";
import { countdown, countdownSummary } from "../fixtures/countdown.ts";
import {
  decidedOnPenalties,
  type FixtureScore,
  outcome,
  outcomeLabel,
  resultTone,
} from "../fixtures/score.ts";
import { type HomeAway, matchTitle, orderedPenaltyText, scoreLine } from "../fixtures/sides.ts";

// The home page's next match and last result (rules §2 Home), worked out on the server as
// text (ADR 008: no countdown code, no date or score rules in the browser): the page shows
// what it is given.

interface HomeFixture extends FixtureScore {
  id: string;
  opponent: string;
  location: string;
  homeAway: HomeAway;
  date: Date | null;
  timeTbc: boolean;
  stage: string | null;
}

/** One card of the home page's matches, as text (ADR 008: the page's code only lays it out). */
export interface HomeMatchCard {
  /** 'Next match' or 'Last result'. */
  kicker: string;
  /** The card's edge: the club's colour, or the outcome's (rules §2 Results). */
  tone: "next" | "win" | "loss" | "neutral";
  /** The outcome in words ('Win'), so colour is never the only signal; null for the next match. */
  badge: string | null;
  /** 'Plymouth Pirates v Riverside Rockets', 'Plymouth Pirates 3 - 1 Riverside Rockets' (decisions 36). */
  title: string;
  /** 'Penalties: 4 - 5', 'The Shield · Final'. */
  notes: string[];
  dateIso: string;
  dateText: string;
  /** rules §4 Countdown's words as the page was made: 'Kick-off in 5 days, 3 hours'. */
  countdown: string | null;
  venue: string;
  /** The venue's page when the location is one of the club's venues (ADR 031). */
  venueHref: string | null;
  /** 'Add to calendar' (a download), 'All fixtures', 'All results'. */
  links: { href: string; text: string; download?: boolean }[];
}

const labelOf = (fixture: HomeFixture) => [fixture.type, fixture.stage].filter(Boolean).join(" · ");

/**
 * rules §2 Home: the next match and the last result as the home page shows them, the teams
 * in their order (decisions 36), the countdown as words at `now` (rules §4 Countdown). A
 * missing one is a card saying so; neither is no card at all.
 */
export function homeMatches({
  next,
  last,
  teamName,
  timeZone,
  venueLinks,
  now,
}: {
  next: HomeFixture | null;
  last: HomeFixture | null;
  teamName: string;
  timeZone: string;
  venueLinks: Readonly<Record<string, string>>;
  now: Date;
}): { cards: HomeMatchCard[]; empty: { kicker: string; text: string } | null } {
  const { formatFixtureDate } = clubDates({ timeZone });
  const common = (fixture: HomeFixture & { date: Date }) => ({
    dateIso: fixture.date.toISOString(),
    dateText: formatFixtureDate({ date: fixture.date, timeTbc: fixture.timeTbc }),
    venue: fixture.location,
    venueHref: venueLinks[fixture.location] ?? null,
  });
  const cards: HomeMatchCard[] = [];
  if (next?.date) {
    const upcoming = { ...next, date: next.date };
    const title = matchTitle({ teamName, fixture: upcoming });
    cards.push({
      kicker: "Next match",
      tone: "next",
      badge: null,
      title,
      notes: [labelOf(upcoming)].filter(Boolean),
      ...common(upcoming),
      countdown: countdownSummary(countdown({ target: upcoming.date, now })),
      links: [
        { href: `/fixtures/${upcoming.id}/calendar.ics`, text: "Add to calendar", download: true },
        { href: "/fixtures", text: "All fixtures" },
      ],
    });
  }
  if (last?.date) {
    const result = { ...last, date: last.date };
    const decided = outcome(result);
    const pens = decidedOnPenalties(result) ? orderedPenaltyText(result) : null;
    cards.push({
      kicker: "Last result",
      tone: resultTone(decided),
      badge: outcomeLabel(decided),
      title: scoreLine({ teamName, fixture: result }),
      notes: [pens ? `Penalties: ${pens}` : "", labelOf(result)].filter(Boolean),
      ...common(result),
      countdown: null,
      links: [{ href: "/fixtures?tab=results", text: "All results" }],
    });
  }
  // rules §2 Home: with only one of them, the other says there is none.
  const empty =
    cards.length !== 1
      ? null
      : next?.date
        ? { kicker: "Last result", text: "No results available yet." }
        : { kicker: "Next match", text: "No upcoming fixtures found." };
  return { cards, empty };
}
