import { getClub } from "../club/club.server.ts";
import { clubDates } from "../dates/format.ts";
import { getFixture } from "../fixtures/fixtures.server.ts";
import { scoreText } from "../fixtures/score.ts";
import { getLiveState, listLiveMatches } from "./live.server.ts";

// The match page's model (ADR 022, rules §2 Match page): one fixture, its result, and when it
// was followed live its state and timeline (the match's record afterwards).

/** rules §2 Match page: null when there is no such fixture. */
export async function matchPage({ id }: { id: string }) {
  const fixture = await getFixture({ id });
  if (!fixture) return null;
  const [live, { details }] = await Promise.all([getLiveState({ fixtureId: id }), getClub()]);
  const dates = clubDates({ timeZone: details.timeZone });
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
    live: live ? { ...live.state, names: live.names } : null,
    serverNow: Date.now(),
  };
}

/** rules §2 Following live: the home page's and the match centre's banners. */
export async function liveBanners({ now = new Date() }: { now?: Date } = {}) {
  const matches = await listLiveMatches({ now });
  return {
    matches: matches.map((match) => ({
      fixtureId: match.fixtureId,
      state: { ...match.state, names: match.names },
    })),
    serverNow: now.getTime(),
  };
}
