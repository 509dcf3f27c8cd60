import type { ClubDates } from "../dates/format.ts";
import { decidedOnPenalties, outcome, outcomeLabel } from "../fixtures/score.ts";
import { type HomeAway, matchTitle, orderedPenaltyText, scoreLine } from "../fixtures/sides.ts";
import { newsPath } from "../news/paths.ts";
import type { MailBody } from "./mail-content.ts";

// What each queued item says (rules §2 Following by e-mail): a news item, a result at full
// time, a match day's fixtures, the weekly digest. Pure: the records and the club's settings
// are passed (ADR 022).

interface Site {
  teamName: string;
  shortName: string;
  /** The site's public address (Club details), for links and a news photo on this site. */
  origin: string;
  dates: ClubDates;
}

interface FixtureLike {
  opponent: string;
  /** decisions 36: away, the opponent is named first; absent means home. */
  homeAway?: HomeAway;
  location: string;
  date: Date | null;
  timeTbc: boolean;
  type: string;
  homeScore: number | null;
  awayScore: number | null;
  pensHome: number | null;
  pensAway: number | null;
}

const absolute = (origin: string, src: string) => new URL(src, origin).toString();

function fixtureLine(site: Site, fixture: FixtureLike): string {
  const when = fixture.date
    ? site.dates.formatFixtureDate({ date: fixture.date, timeTbc: fixture.timeTbc })
    : "Date to be confirmed";
  return `${when}: ${matchTitle({ teamName: site.teamName, fixture })} (${fixture.type}), ${fixture.location}`;
}

function resultLine(site: Site, fixture: FixtureLike): string {
  // decisions 36: the score between the names it belongs to; the outcome is the club's.
  const pens = decidedOnPenalties(fixture) ? orderedPenaltyText(fixture) : null;
  const result = outcomeLabel(outcome(fixture));
  return `${scoreLine({ teamName: site.teamName, fixture })}${pens ? ` (${pens} on penalties)` : ""}: ${result} (${fixture.type})`;
}

export const itemMail = {
  news({
    site,
    item,
  }: {
    site: Site;
    item: {
      id: string;
      title: string;
      content: string;
      image: string | null;
      imageAlt: string | null;
      slug?: string | null;
    };
  }): MailBody {
    return {
      subject: item.title,
      heading: item.title,
      paragraphs: item.content
        .split(/\n{2,}/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean),
      image: item.image
        ? { src: absolute(site.origin, item.image), alt: item.imageAlt ?? "" }
        : undefined,
      action: { label: "Read it on the website", url: absolute(site.origin, newsPath(item)) },
    };
  },
  result({ site, fixture }: { site: Site; fixture: FixtureLike }): MailBody {
    const line = resultLine(site, fixture);
    return {
      subject: `Full time: ${line}`,
      heading: "Full time",
      paragraphs: [line],
      action: {
        label: "Results on the website",
        url: absolute(site.origin, "/fixtures?tab=results"),
      },
    };
  },
  matchDay({ site, fixtures }: { site: Site; fixtures: FixtureLike[] }): MailBody {
    return {
      subject: `Match day: ${site.teamName} play today`,
      heading: "Match day",
      paragraphs: [`${site.teamName} play today. Good luck to the team!`],
      sections: [{ heading: "Today's fixtures", lines: fixtures.map((f) => fixtureLine(site, f)) }],
      action: { label: "The match centre", url: absolute(site.origin, "/fixtures") },
    };
  },
  digest({
    site,
    coming,
    past,
  }: {
    site: Site;
    coming: FixtureLike[];
    past: FixtureLike[];
  }): MailBody {
    return {
      subject: `${site.shortName}: this week's fixtures and last week's results`,
      heading: "This week at the club",
      paragraphs: [
        coming.length + past.length === 0
          ? "No fixtures this week and no results last week."
          : `Fixtures for the coming week and last week's results.`,
      ],
      sections: [
        {
          heading: "Fixtures this week",
          lines:
            coming.length > 0
              ? coming.map((f) => fixtureLine(site, f))
              : ["No fixtures this week."],
        },
        {
          heading: "Results last week",
          lines: past.length > 0 ? past.map((f) => resultLine(site, f)) : ["No results last week."],
        },
      ],
      action: { label: "The match centre", url: absolute(site.origin, "/fixtures") },
    };
  },
};
