import { describe, expect, it } from "vitest";
import { homeMatches } from "./home-matches.ts";

const fixture = {
  id: "0b6f0c1e-4f57-4a43-8b5e-0e8f0f4b2c11",
  opponent: "Plymouth Pirates",
  location: "Plymouth Pavilions",
  homeAway: "away" as const,
  date: new Date("2026-03-04T14:30:00Z"),
  timeTbc: false,
  type: "The Shield",
  stage: "Final",
  homeScore: null,
  awayScore: null,
  pensHome: null,
  pensAway: null,
};
const site = { teamName: "Riverside Rockets", timeZone: "Europe/London" };

describe("the home page's next match and last result (rules §2 Home)", () => {
  it("names the teams in their order, with the countdown in words and the venue's page", () => {
    const { cards, empty } = homeMatches({
      ...site,
      next: fixture,
      last: null,
      venueLinks: { "Plymouth Pavilions": "/venues/plymouth-pavilions" },
      now: new Date("2026-03-01T12:00:00Z"),
    });
    expect(cards).toEqual([
      {
        kicker: "Next match",
        tone: "next",
        badge: null,
        title: "Plymouth Pirates v Riverside Rockets",
        notes: ["The Shield · Final"],
        dateIso: "2026-03-04T14:30:00.000Z",
        dateText: expect.stringContaining("14:30"),
        countdown: "Kick-off in 3 days, 2 hours",
        venue: "Plymouth Pavilions",
        venueHref: "/venues/plymouth-pavilions",
        links: [
          {
            href: `/fixtures/${fixture.id}/calendar.ics`,
            text: "Add to calendar",
            download: true,
          },
          { href: "/fixtures", text: "All fixtures" },
        ],
      },
    ]);
    expect(empty).toEqual({ kicker: "Last result", text: "No results available yet." });
  });

  it("gives the last result from the club's side, the score and shoot-out in the teams' order", () => {
    const { cards, empty } = homeMatches({
      ...site,
      next: null,
      // The club drew 2-2 away and won 5-4 on penalties.
      last: { ...fixture, type: "Cup", homeScore: 2, awayScore: 2, pensHome: 5, pensAway: 4 },
      venueLinks: {},
      now: new Date("2026-03-05T12:00:00Z"),
    });
    expect(cards).toMatchObject([
      {
        kicker: "Last result",
        title: "Plymouth Pirates 2 - 2 Riverside Rockets",
        badge: "Win",
        tone: "win",
        notes: ["Penalties: 4 - 5", "Cup · Final"],
        countdown: null,
        venueHref: null,
      },
    ]);
    expect(empty).toEqual({ kicker: "Next match", text: "No upcoming fixtures found." });
  });

  it("shows nothing without either, and no empty card with both", () => {
    const none = homeMatches({ ...site, next: null, last: null, venueLinks: {}, now: new Date() });
    expect(none).toEqual({ cards: [], empty: null });
    const both = homeMatches({
      ...site,
      next: fixture,
      last: { ...fixture, homeScore: 1, awayScore: 0 },
      venueLinks: {},
      now: new Date("2026-03-01T12:00:00Z"),
    });
    expect(both.cards.map((card) => card.kicker)).toEqual(["Next match", "Last result"]);
    expect(both.empty).toBeNull();
  });
});
