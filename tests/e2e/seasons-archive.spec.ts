import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { seasonSlug } from "../../app/domain/seasons/rules.ts";
import { buildTableRow, buildTeamMember } from "../../scripts/factories.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  findRows,
  insertRows,
  signInAsAdmin,
  test,
} from "./fixtures.ts";
import { uniqueTeam } from "./match-centre-data.ts";
import { presetConsent } from "./site.ts";

// An archived season (ADR 016): unlocked, its league table and its players' hand-entered
// figures are edited in the admin and show at once on its public pages; locked again, the
// screens are read-only and the server refuses a write. Walked with the keyboard.

test.slow();

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

/** Presses Enter on a control, as a keyboard user does once they have tabbed to it. */
async function press(page: Page, name: RegExp | string, role: "link" | "button" = "link") {
  const control = page.getByRole(role, { name, exact: typeof name === "string" });
  await control.focus();
  await page.keyboard.press("Enter");
}

/** Replaces a focused field's value by typing, as from the keyboard. */
async function typeOver(page: Page, value: string) {
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(value);
}

test("an archived season unlocked: a table row and a player's figure are edited and shown; locked again it is read-only", {
  tag: "@desktop",
}, async ({ page }) => {
  const label = `Archive ${randomUUID().slice(0, 6)}`;
  const slug = seasonSlug(label);
  const team = uniqueTeam("Archivists");
  const [season] = await insertRows("seasons", [
    { label, slug, startsOn: "2010-08-01", endsOn: "2011-07-31", isCurrent: false, locked: true },
  ]);
  if (!season) throw new Error("season not stored");
  const [player] = await insertRows("teamMembers", [
    buildTeamMember({ name: `Róisín Archive${randomUUID().slice(0, 6)}`, displayOrder: 94 }),
  ]);
  if (!player) throw new Error("player not stored");
  await insertRows("playerSeasonStats", [
    { personId: player.id, seasonId: season.id, appearances: 10, assists: 2 },
  ]);
  const [row] = await insertRows("leagueTable", [
    buildTableRow({
      team,
      played: 2,
      won: 1,
      lost: 1,
      gf: 3,
      ga: 4,
      points: 3,
      seasonId: season.id,
    }),
  ]);
  if (!row) throw new Error("row not stored");
  const publicRow = async () => {
    await page.goto(`/fixtures?tab=table&season=${slug}`);
    const row = page.getByRole("table").getByRole("row").filter({ hasText: team });
    return (await row.getByRole("cell").allTextContents()).map(Number);
  };
  const publicAssists = async () => {
    await page.goto(`/team/${player.slug}?season=${slug}`);
    const stats = page.getByRole("region", { name: `Season ${label} Stats` });
    return stats.getByText("Assists", { exact: true }).locator("xpath=following-sibling::dd");
  };
  try {
    // The season's public pages as they are (and now in the page cache).
    expect(await publicRow()).toEqual([2, 1, 0, 1, 3, 4, -1, 3]);
    await expect(await publicAssists()).toHaveText("2");

    // Seasons: unlock the archived season.
    await signInAsAdmin(page, "/admin/seasons");
    const archived = page.getByRole("article", { name: label });
    await expect(archived).toContainText("Locked: read-only");
    await press(page, `Unlock ${label}`, "button");
    await expect(
      page.getByRole("status").filter({ hasText: `${label} is unlocked` }),
    ).toBeVisible();
    await expect(archived).toContainText("Unlocked: can be changed");
    await expect(archived).toBeFocused();

    // Its league table: edit the row; points and played follow won.
    await press(page, `League table of ${label}`);
    await expect(page).toHaveURL(`/admin/table?season=${slug}`);
    await expect(
      page.getByRole("navigation", { name: "Seasons" }).getByRole("link", { name: label }),
    ).toHaveAttribute("aria-current", "page");
    await press(page, `Edit: ${team}`);
    await expect(page.getByLabel("Team", { exact: true })).toBeFocused();
    await page.keyboard.press("Tab"); // Played
    await page.keyboard.press("Tab"); // Won
    await expect(page.getByLabel("Won", { exact: true })).toBeFocused();
    await typeOver(page, "2");
    await expect(page.getByLabel(/^Points/)).toHaveValue("6");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Team updated." })).toBeVisible();
    await expect(page.getByRole("article", { name: new RegExp(team) })).toBeFocused();
    await expectAccessible(page);

    // Its player figures: edit the player's assists.
    await page.goto(`/admin/seasons/${slug}`);
    await press(page, `Edit figures: ${player.name}`);
    await expect(page.getByLabel("Appearances")).toBeFocused();
    await page.keyboard.press("Tab"); // Goals
    await page.keyboard.press("Tab"); // Assists
    await expect(page.getByLabel("Assists")).toBeFocused();
    await typeOver(page, "7");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Figures saved." })).toBeVisible();
    const figures = page.getByRole("article", { name: player.name });
    await expect(figures).toBeFocused();
    await expect(figures).toContainText("Assists7");
    await expectAccessible(page);

    // The season's public pages show both at once.
    expect(await publicRow()).toEqual([3, 2, 0, 1, 3, 4, -1, 6]);
    await expect(await publicAssists()).toHaveText("7");

    // Locked again: both screens are read-only, and the server refuses a write.
    await page.goto("/admin/seasons");
    await press(page, `Lock ${label}`, "button");
    await expect(page.getByRole("status").filter({ hasText: `${label} is locked` })).toBeVisible();
    await page.goto(`/admin/table?season=${slug}`);
    await expect(page.getByText("Locked: unlock it on Seasons to edit.")).toBeVisible();
    await expect(page.getByLabel("Team", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: `Edit: ${team}` })).toHaveCount(0);
    await page.goto(`/admin/seasons/${slug}`);
    await expect(page.getByText("Locked: unlock it on Seasons to edit.")).toBeVisible();
    await expect(page.getByRole("link", { name: `Edit figures: ${player.name}` })).toHaveCount(0);

    const refused = await page.request.post(`/admin/table?season=${slug}&edit=${row.id}`, {
      form: {
        intent: "save",
        id: row.id,
        team,
        played: "9",
        won: "9",
        drawn: "0",
        lost: "0",
        gf: "9",
        ga: "0",
        points: "27",
      },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(409);
    const [stored] = await findRows("leagueTable", { id: row.id });
    expect(stored).toMatchObject({ won: 2, points: 6 });
  } finally {
    await deleteRows("leagueTable", { seasonId: season.id });
    await deleteRows("playerSeasonStats", { seasonId: season.id });
    await deleteRows("teamMembers", { id: player.id });
    await deleteRows("seasons", { id: season.id });
  }
});
