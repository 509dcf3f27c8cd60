import { expect, it } from "vitest";
import { buildTeamMember } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { teamMembers, teamSlugHistory } from "../../db/schema.ts";
import { playerPage } from "./player-page.server.ts";

// A player's page model (ADR 022): the page, where the player went, or not found.

describeWithDatabases("playerPage (rules §2 Player detail, decisions 16)", ({ db }) => {
  it("gives a player's page for the current season, with a description", async () => {
    const [player] = await db()
      .insert(teamMembers)
      .values(buildTeamMember({ name: "Niamh Quinn", slug: "niamh-quinn", position: "Striker" }))
      .returning();
    const answer = await playerPage({ slug: "niamh-quinn", season: null });
    expect(answer.status).toBe("found");
    if (answer.status !== "found") return;
    expect(answer.page.player).toMatchObject({ id: player?.id, name: "Niamh Quinn" });
    expect(answer.page.season.isCurrent).toBe(true);
    expect(answer.page.description).toMatch(/^Niamh Quinn, Striker, /);
  });

  it("moves an old slug to the player's address; a coach, an unknown or malformed slug is not found", async () => {
    const [player] = await db()
      .insert(teamMembers)
      .values(buildTeamMember({ name: "Cian Moore", slug: "cian-moore" }))
      .returning();
    await db()
      .insert(teamSlugHistory)
      .values({ slug: "cian-moore-old", memberId: player?.id ?? "" });
    await db()
      .insert(teamMembers)
      .values(buildTeamMember({ name: "Coach Kelly", slug: "coach-kelly", role: "Head Coach" }));
    expect(await playerPage({ slug: "cian-moore-old", season: null })).toEqual({
      status: "moved",
      to: "/team/cian-moore",
    });
    expect(await playerPage({ slug: "coach-kelly", season: null })).toEqual({
      status: "not-found",
    });
    expect(await playerPage({ slug: "nobody", season: null })).toEqual({ status: "not-found" });
    expect(await playerPage({ slug: "Not A Slug!", season: null })).toEqual({
      status: "not-found",
    });
    expect(await playerPage({ slug: "cian-moore", season: "1901-02" })).toEqual({
      status: "not-found",
    });
  });
});
