import { getClubTimeZone } from "../club/club.server.ts";
import { clubDates } from "../dates/format.ts";
import { getFixture } from "../fixtures/fixtures.server.ts";
import { decidedOnPenalties } from "../fixtures/score.ts";
import { orderedPenaltyText, orderedScoreText } from "../fixtures/sides.ts";
import { importedRecordId } from "../import/import.server.ts";
import { getNews, getNewsBySlug, listLatestNews, type NewsDetail } from "./news.server.ts";
import { newsPath } from "./paths.ts";
import { newsCardText } from "./rules.ts";

// A news item's page model (ADR 022): everything /news/:slug shows, or where the item went.

const MORE_NEWS = 3;

/**
 * rules §2 News detail, decisions 16: the item, the latest others as cards and, for a match
 * report, its match's score and scorers. Only a published item is found (decisions 32). Its
 * address is its slug (ADR 034): its id's address is `moved` there, as is an old site's id
 * that was imported (ADR 009). Dates come as text (ADR 008: the browser hydrates them
 * without loading time-zone data).
 */
export async function newsItemPage({ id: segment }: { id: string }) {
  const bySlug = await getNewsBySlug({ slug: segment });
  if (bySlug) return { status: "found", page: await itemPage(bySlug) } as const;
  const byId = await getNews({ id: segment });
  if (byId) {
    return byId.slug
      ? ({ status: "moved", to: newsPath(byId) } as const)
      : ({ status: "found", page: await itemPage(byId) } as const);
  }
  const movedTo = await importedRecordId({ collection: "news", legacyId: segment });
  const imported = movedTo ? await getNews({ id: movedTo }) : null;
  if (imported) return { status: "moved", to: newsPath(imported) } as const;
  return { status: "not-found" } as const;
}

/**
 * The page of one item as the public sees it (also its preview, ADR 034): the item, the
 * latest other published items, a match report's match.
 */
export async function itemPage(item: NewsDetail) {
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
    item: {
      ...item,
      dateText: formatNewsDate(item.date),
      // ADR 034: an edit of the text after publishing shows as "Updated …".
      revisedText: item.revisedAt ? formatNewsDate(item.revisedAt) : null,
    },
    more,
    match,
  };
}
