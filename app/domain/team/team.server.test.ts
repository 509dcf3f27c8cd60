import { expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { buildTeamMember } from "../../../tests/factories.ts";
import { teamMembers } from "../../db/schema.ts";
import { listTeamMemberNames } from "./team.server.ts";

describeWithDatabases("team member names", ({ db }) => {
  it("lists every member's name, sorted", async () => {
    expect(await listTeamMemberNames()).toEqual([]);
    await db()
      .insert(teamMembers)
      .values([
        buildTeamMember({ name: "Niamh Fitzgerald" }),
        buildTeamMember({ name: "Aisling Murphy" }),
        buildTeamMember({ name: "Siobhán Keane", role: "Head Coach" }),
      ]);
    expect(await listTeamMemberNames()).toEqual([
      "Aisling Murphy",
      "Niamh Fitzgerald",
      "Siobhán Keane",
    ]);
  });
});
