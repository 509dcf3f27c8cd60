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

describe("the home page's next match and last result (rules §2 Home)", () => {
  it("names the teams in their order, with the countdown in words and the venue's page", () => {
    const { next } = homeMatches({
      next: fixture,
      last: null,
      teamName: "Riverside Rockets",
      timeZone: "Europe/London",
      venueLinks: { "Plymouth Pavilions": "/venues/plymouth-pavilions" },
      now: new Date("2026-03-01T12:00:00Z"),
    });
    expect(next).toEqual({
      title: "Plymouth Pirates v Riverside Rockets",
      label: "The Shield · Final",
      dateIso: "2026-03-04T14:30:00.000Z",
      dateText: expect.stringContaining("14:30"),
      countdownText: "Kick-off in 3 days, 2 hours",
      location: "Plymouth Pavilions",
      venueHref: "/venues/plymouth-pavilions",
      calendarHref: `/fixtures/${fixture.id}/calendar.ics`,
    });
  });

  it("gives the last result from the club's side, the score and shoot-out in the teams' order", () => {
    const { last, next } = homeMatches({
      next: null,
      // The club drew 2-2 away and won 5-4 on penalties.
      last: { ...fixture, type: "Cup", homeScore: 2, awayScore: 2, pensHome: 5, pensAway: 4 },
      teamName: "Riverside Rockets",
      timeZone: "Europe/London",
      venueLinks: {},
      now: new Date("2026-03-05T12:00:00Z"),
    });
    expect(next).toBeNull();
    expect(last).toMatchObject({
      title: "Plymouth Pirates 2 - 2 Riverside Rockets",
      outcome: "Win",
      tone: "win",
      penalties: "4 - 5",
      venueHref: null,
    });
  });
});
