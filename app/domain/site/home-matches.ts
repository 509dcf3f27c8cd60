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

export interface HomeNextMatch {
  /** 'Plymouth Pirates v Riverside Rockets': the teams in their order (decisions 36). */
  title: string;
  /** 'AIPF League 25/26 · Final' */
  label: string;
  dateIso: string;
  dateText: string;
  /** rules §4 Countdown's words: 'Kick-off in 5 days, 3 hours' when the page was made. */
  countdownText: string;
  location: string;
  /** The venue's page when the location is one of the club's venues (ADR 031). */
  venueHref: string | null;
  calendarHref: string;
}

export interface HomeLastResult {
  /** 'Plymouth Pirates 3 - 1 Riverside Rockets' (decisions 36). */
  title: string;
  label: string;
  dateIso: string;
  dateText: string;
  /** 'Win', 'Loss', 'Draw': the club's outcome, in words as well as colour. */
  outcome: string;
  tone: "win" | "loss" | "neutral";
  /** The shoot-out in the teams' order, when penalties decided a cup draw. */
  penalties: string | null;
  location: string;
  venueHref: string | null;
}

const labelOf = (fixture: HomeFixture) => [fixture.type, fixture.stage].filter(Boolean).join(" · ");

/**
 * rules §2 Home: the next match and the last result as the home page shows them, the teams
 * in their order (decisions 36), the countdown as words at `now` (rules §4 Countdown).
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
}): { next: HomeNextMatch | null; last: HomeLastResult | null } {
  const { formatFixtureDate } = clubDates({ timeZone });
  const dated = (fixture: HomeFixture | null) =>
    fixture?.date ? { ...fixture, date: fixture.date } : null;
  const upcoming = dated(next);
  const result = dated(last);
  return {
    next: upcoming
      ? {
          title: matchTitle({ teamName, fixture: upcoming }),
          label: labelOf(upcoming),
          dateIso: upcoming.date.toISOString(),
          dateText: formatFixtureDate({ date: upcoming.date, timeTbc: upcoming.timeTbc }),
          countdownText: countdownSummary(countdown({ target: upcoming.date, now })),
          location: upcoming.location,
          venueHref: venueLinks[upcoming.location] ?? null,
          calendarHref: `/fixtures/${upcoming.id}/calendar.ics`,
        }
      : null,
    last: result
      ? {
          title: scoreLine({ teamName, fixture: result }),
          label: labelOf(result),
          dateIso: result.date.toISOString(),
          dateText: formatFixtureDate({ date: result.date, timeTbc: result.timeTbc }),
          outcome: outcomeLabel(outcome(result)),
          tone: resultTone(outcome(result)),
          penalties: decidedOnPenalties(result) ? orderedPenaltyText(result) : null,
          location: result.location,
          venueHref: venueLinks[result.location] ?? null,
        }
      : null,
  };
}
