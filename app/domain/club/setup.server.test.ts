import { beforeEach, expect, it } from "vitest";
import { buildFixture, buildTeamMember } from "../../../scripts/factories.ts";
import { describeWithDatabases } from "../../../tests/db.ts";
import { clubSettings, fixtures, pageTexts, teamMembers } from "../../db/schema.ts";
import { listPageTexts, updatePageText } from "../pages/pages.server.ts";
import { forgetClub, getClub } from "./club.server.ts";
import { dismissSetupChecklist, readSetupChecklist } from "./setup.server.ts";

const doneKeys = async () =>
  (await readSetupChecklist()).items.filter((item) => item.done).map((item) => item.key);

describeWithDatabases("the setup checklist's facts (decisions 35)", ({ db }) => {
  beforeEach(async () => {
    await db().delete(clubSettings);
    await db().delete(fixtures);
    await db().delete(teamMembers);
    await db().delete(pageTexts);
    forgetClub();
  });

  it("starts with nothing done and ticks players, a fixture and the legal texts once saved", async () => {
    expect(await doneKeys()).toEqual([]);
    // A coach is not a player.
    await db()
      .insert(teamMembers)
      .values(buildTeamMember({ role: "Head Coach" }));
    expect(await doneKeys()).toEqual([]);
    await db()
      .insert(teamMembers)
      .values(buildTeamMember({ role: "Player" }));
    await db().insert(fixtures).values(buildFixture());
    expect(await doneKeys()).toEqual(["players", "fixture"]);
    // The templates written to the database are not the club's own until saved.
    const texts = await listPageTexts();
    expect(await doneKeys()).toEqual(["players", "fixture"]);
    for (const key of ["privacy", "terms"]) {
      const text = texts.find((candidate) => candidate.key === key);
      await updatePageText({ id: text?.id ?? "", html: `<p>Our ${key}.</p>` });
    }
    expect(await doneKeys()).toEqual(["players", "fixture", "legal"]);
  });

  it("is dismissed for good, a flag in the details document", async () => {
    expect((await readSetupChecklist()).dismissed).toBe(false);
    await dismissSetupChecklist();
    expect((await readSetupChecklist()).dismissed).toBe(true);
    expect((await getClub()).details.setupDismissed).toBe(true);
  });
});
