import { beforeAll, expect, it } from "vitest";
import { buildFixture } from "../../../scripts/factories.ts";
import { describeWithDatabases, useDemoClub } from "../../../tests/db.ts";
import { fixtures, venues } from "../../db/schema.ts";
import { homePage } from "./home-page.server.ts";

// The home page's model (ADR 022): the next match and the last result (rules §2 Home).

describeWithDatabases("homePage (rules §2 Home)", ({ db }) => {
  // Written against the demo club (its name, address and e-mail).
  beforeAll(() => useDemoClub(db));
  it("shows no match before there is one", async () => {
    const page = await homePage({ now: new Date("2026-03-01T12:00:00Z") });
    expect(page.matches).toEqual({ cards: [], empty: null });
  });

  it("gives the next match away with the opponent first and its venue's page, and the last result", async () => {
    await db().insert(venues).values({ name: "Plymouth Pavilions" });
    await db()
      .insert(fixtures)
      .values([
        buildFixture({
          opponent: "Plymouth Pirates",
          location: "Plymouth Pavilions",
          homeAway: "away",
          date: new Date("2026-03-04T14:30:00Z"),
        }),
        buildFixture({
          opponent: "Cork Comets",
          date: new Date("2026-02-20T14:30:00Z"),
          status: "played",
          homeScore: 0,
          awayScore: 2,
        }),
      ]);
    const page = await homePage({ now: new Date("2026-03-01T12:00:00Z") });
    const [next, last] = page.matches.cards;
    expect(next).toMatchObject({
      title: "Plymouth Pirates v Shannonside Storm",
      countdown: "Kick-off in 3 days, 2 hours",
      venueHref: expect.stringMatching(/^\/venues\/plymouth-pavilions/),
    });
    expect(last).toMatchObject({
      title: "Shannonside Storm 0 - 2 Cork Comets",
      badge: "Loss",
    });
  });
});
