import { getClubTimeZone } from "../club/club.server.ts";
import { clubDates } from "../dates/format.ts";
import { getFixture } from "../fixtures/fixtures.server.ts";
import { decidedOnPenalties } from "../fixtures/score.ts";
import { orderedPenaltyText, orderedScoreText } from "../fixtures/sides.ts";
import { importedRecordId } from "../import/import.server.ts";
import { getNews, listLatestNews } from "./news.server.ts";
import { newsCardText } from "./rules.ts";

// A news item's page model (ADR 022): everything /news/:id shows, or where the item went.

const MORE_NEWS = 3;

/**
 * rules §2 News detail, decisions 16: the item, the latest others as cards and, for a match
 * report, its match's score and scorers. An unknown or malformed id is not found; an old
 * site's id that was imported (ADR 009) is `moved` to the item's address here. Dates come as
 * text (ADR 008: the browser hydrates them without loading time-zone data).
 */
export async function newsItemPage({ id }: { id: string }) {
  const item = await getNews({ id });
  if (!item) {
    const movedTo = await importedRecordId({ collection: "news", legacyId: id });
    if (movedTo && (await getNews({ id: movedTo }))) {
      return { status: "moved", to: `/news/${movedTo}` } as const;
    }
    return { status: "not-found" } as const;
  }
  const { formatFixtureDate, formatNewsDate, newsCardDate } = clubDates({
    timeZone: await getClubTimeZone(),
  });
  const more = (await listLatestNews({ limit: MORE_NEWS + 1 }))
    .filter((other) => other.id !== item.id)
    .slice(0, MORE_NEWS)
    .map((other) => ({
      ...other,
      content: newsCardText(other.content),
      dateText: newsCardDate(other.date),
    }));
  // a match report shows its match's score and scorers.
  const fixture = item.fixtureId ? await getFixture({ id: item.fixtureId }) : null;
  const match = fixture
    ? {
        id: fixture.id,
        opponent: fixture.opponent,
        date: fixture.date,
        dateText: fixture.date
          ? formatFixtureDate({ date: fixture.date, timeTbc: fixture.timeTbc, withYear: true })
          : null,
        // decisions 36: the scores in the teams' order (the opponent first away).
        homeAway: fixture.homeAway,
        score: orderedScoreText(fixture),
        penalties: decidedOnPenalties(fixture) ? orderedPenaltyText(fixture) : null,
        scorers: fixture.scorers,
      }
    : null;
  return {
    status: "found",
    page: { item: { ...item, dateText: formatNewsDate(item.date) }, more, match },
  } as const;
}
