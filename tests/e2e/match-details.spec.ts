import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { buildTeamMember } from "../../scripts/factories.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  findRows,
  insertRows,
  signInAsAdmin,
  test,
} from "./fixtures.ts";
import { deleteFixturesAgainst, insertFixture, uniqueTeam } from "./match-centre-data.ts";
import { presetConsent } from "./site.ts";

// The result form's optional Match details (ADR 016): who played and their
// assists, recorded once on the result, are the player's season figures on their public page.

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

/** A player's figure in the season stats block of their page. */
async function figure(page: Page, label: string): Promise<string> {
  const stats = page.getByRole("region", { name: /^Season .+ Stats$/ });
  return (
    (await stats
      .getByText(label, { exact: true })
      .locator("xpath=following-sibling::dd")
      .textContent()) ?? ""
  );
}

test("Match details: a squad player who played with an assist shows both, from the results", {
  tag: "@desktop",
}, async ({ page }) => {
  test.slow();
  const opponent = uniqueTeam("Detailed");
  const name = `Niamh Tester${randomUUID().slice(0, 6)}`;
  const [player] = await insertRows("teamMembers", [buildTeamMember({ name, displayOrder: 95 })]);
  if (!player) throw new Error("player not stored");
  const fixtureId = await insertFixture({
    opponent,
    type: "AIPF League 25/26",
    status: "played",
    homeScore: 2,
    awayScore: 0,
    date: new Date(Date.now() - 2 * 3600 * 1000).toISOString(),
  });
  try {
    await signInAsAdmin(page, `/admin/fixtures?edit=${fixtureId}`);
    const edit = page.getByRole("region", { name: "Edit fixture" });
    await edit.getByText("Match details (optional): who played, assists, cards").click();
    await edit.getByLabel(`${name} played`).check();
    await edit.getByLabel(`Assists (${name})`).fill("2");
    await expectAccessible(page);
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Fixture updated." })).toBeVisible();
    const [stored] = await findRows("fixtures", { id: fixtureId });
    expect(stored?.players).toEqual([{ name, assists: 2, yellowCards: 0, redCards: 0 }]);

    await page.goto(`/team/${player.slug}`);
    expect(await figure(page, "Appearances")).toBe("1");
    expect(await figure(page, "Assists")).toBe("2");
    await expect(
      page.getByText("Goals, appearances, assists and cards are counted from the match results."),
    ).toBeVisible();
    await expectAccessible(page);
  } finally {
    // Later tests on this worker expect a season without recorded details.
    await deleteFixturesAgainst(opponent);
    await deleteRows("teamMembers", { id: player.id });
  }
});
