import { logger } from "../../logger.server.ts";
import { getClub } from "../club/club.server.ts";
import { clubDates } from "../dates/format.ts";
import { getFixture } from "../fixtures/fixtures.server.ts";
import { scoreText } from "../fixtures/score.ts";
import { getLiveState, listLiveMatches } from "./live.server.ts";
import { liveState } from "./rules.ts";

/** rules §2 Match page: a match this close to kick-off is followed before its first event. */
const FOLLOW_BEFORE_MS = 12 * 60 * 60 * 1000;

// The match page's model (ADR 022, rules §2 Match page): one fixture, its result, and when it
// was followed live its state and timeline (the match's record afterwards).

/** rules §2 Match page: null when there is no such fixture. */
export async function matchPage({ id }: { id: string }) {
  const fixture = await getFixture({ id });
  if (!fixture) return null;
  const [live, { details }] = await Promise.all([getLiveState({ fixtureId: id }), getClub()]);
  const dates = clubDates({ timeZone: details.timeZone });
  const names = { us: details.shortName || details.teamName, them: fixture.opponent };
  // Not started yet, but today and without a result: the page waits for the kick-off.
  const upcoming =
    !live &&
    fixture.homeScore === null &&
    fixture.date !== null &&
    Math.abs(fixture.date.getTime() - Date.now()) < FOLLOW_BEFORE_MS;
  return {
    id: fixture.id,
    title: `${details.shortName || details.teamName} v ${fixture.opponent}`,
    when: fixture.date
      ? dates.formatFixtureDate({ date: fixture.date, timeTbc: fixture.timeTbc })
      : "Date to be confirmed",
    location: fixture.location,
    type: fixture.type,
    status: fixture.status,
    score: scoreText(fixture),
    live: live
      ? { ...live.state, names: live.names }
      : upcoming
        ? { ...liveState([], names), names }
        : null,
    serverNow: Date.now(),
  };
}

/** rules §2 Following live: the home page's and the match centre's banners. */
export async function liveBanners({ now = new Date() }: { now?: Date } = {}) {
  // rules §8: a page that shows the banner still renders when the database cannot answer.
  const matches = await listLiveMatches({ now }).catch((error: unknown) => {
    logger().error({ err: error }, "live banners could not be read");
    return [];
  });
  return {
    matches: matches.map((match) => ({
      fixtureId: match.fixtureId,
      state: { ...match.state, names: match.names },
    })),
    serverNow: now.getTime(),
  };
}
