import type { Page } from "@playwright/test";
import { expect, expectAccessible, findRows, signInAsAdmin, test, updateRows } from "./fixtures.ts";
import { deleteTeam, named, uniqueTeam } from "./match-centre-data.ts";
import { presetConsent } from "./site.ts";

// Manage League Table (rules §2, §5 League table form) and the public table it feeds. Teams are
// unique per test; positions are compared with demo teams nobody else edits. Delete and Undo,
// with the stored row, are in the keyboard journey (admin-keyboard.spec.ts).

// Each test crosses the admin and the public pages (several page loads and an axe run).
test.slow();

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

/** The team names of the public table, top to bottom. */
async function publicOrder(page: Page): Promise<string[]> {
  await page.goto("/fixtures?tab=table");
  return page.getByRole("table").getByRole("rowheader").allTextContents();
}
const position = (order: string[], team: string) => order.findIndex((name) => name.endsWith(team));

test("a new team: points follow won and drawn, can be changed by hand, and the tables re-sort on edit; the club's row shows the figures from its results, and an override by hand is kept and marked", {
  tag: "@desktop",
}, async ({ page }) => {
  const team = uniqueTeam("Kestrels");
  const [stored] = await findRows("leagueTable", { team: "Shannonside Storm", seasonId: null });
  if (!stored) throw new Error("the demo table has the club's row");
  try {
    await signInAsAdmin(page, "/admin/table");
    await expect(
      page.getByRole("heading", { level: 1, name: "Manage League Table" }),
    ).toBeVisible();
    await expectAccessible(page);
    const form = page.getByRole("region", { name: "Add a team" });
    await form.getByLabel("Team", { exact: true }).fill(team);
    await form.getByLabel("Won", { exact: true }).fill("1");
    await form.getByLabel("Drawn", { exact: true }).fill("1");
    await form.getByLabel("Lost", { exact: true }).fill("5");
    // 3 per win + 1 per draw; played follows won + drawn + lost.
    await expect(form.getByLabel(/^Points/)).toHaveValue("4");
    await expect(form.getByLabel("Played", { exact: true })).toHaveValue("7");
    await form.getByLabel(/^Points/).fill("3");
    await form.getByLabel("Goals for", { exact: true }).fill("2");
    await form.getByLabel("Goals against", { exact: true }).fill("30");
    await form.getByRole("button", { name: "Add Team" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Team added." })).toBeVisible();
    const [row] = await findRows("leagueTable", { team });
    expect(row).toMatchObject({ points: 3, played: 7 });

    // 3 points: below Newry Knights (4), in the admin list and on the public table.
    const list = page.getByRole("list", { name: "Table" });
    const names = async () =>
      (await list.getByRole("heading", { level: 3 }).allTextContents()).map((t) =>
        t.replace(/^\d+\.\s*/, ""),
      );
    let admin = await names();
    expect(admin.indexOf(team)).toBeGreaterThan(admin.indexOf("Newry Knights"));
    let order = await publicOrder(page);
    expect(position(order, team)).toBeGreaterThan(position(order, "Newry Knights"));
    await expect(page.getByRole("row").filter({ hasText: team }).getByRole("cell")).toHaveText([
      "7",
      "1",
      "1",
      "5",
      "2",
      "30",
      "-28",
      "3",
    ]);

    // Edit: 30 wins puts the team above the leaders.
    await page.goto("/admin/table");
    await page
      .getByRole("article", { name: new RegExp(team) })
      .getByRole("link", { name: named("Edit", team) })
      .click();
    const edit = page.getByRole("region", { name: `Edit ${team}` });
    await expect(edit.getByRole("button", { name: "Update" })).toBeVisible();
    await expect(edit.getByLabel("Team", { exact: true })).toHaveValue(team);
    await edit.getByLabel("Won", { exact: true }).fill("30");
    await expect(edit.getByLabel(/^Points/)).toHaveValue("91");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Team updated." })).toBeVisible();
    admin = await names();
    expect(admin.indexOf(team)).toBeLessThan(admin.indexOf("Liffey Lightning"));
    order = await publicOrder(page);
    expect(position(order, team)).toBeLessThan(position(order, "Liffey Lightning"));

    // The club's row: worked out from its results until entered by hand.
    await test.step("the club's row shows the figures from its results, and an override by hand is kept and marked", async () => {
      await page.goto("/admin/table");
      const item = page.getByRole("article", { name: /Shannonside Storm/ });
      await expect(item).toContainText(
        `Counted from the club's league results this season. To type its figures instead, press Edit and tick "Enter this row by hand".`,
      );
      await item.getByRole("link", { name: named("Edit", "Shannonside Storm") }).click();
      const edit = page.getByRole("region", { name: "Edit Shannonside Storm" });
      const override = edit.getByLabel("Enter this row by hand");
      await expect(override).not.toBeChecked();
      // The form shows the computed figures, not the stored zeros.
      await expect(edit.getByLabel("Played", { exact: true })).not.toHaveValue("0");
      await override.check();
      await edit.getByLabel("Won", { exact: true }).fill("20");
      await edit.getByLabel("Drawn", { exact: true }).fill("0");
      await edit.getByLabel("Lost", { exact: true }).fill("0");
      await edit.getByLabel("Played", { exact: true }).fill("20");
      await edit.getByRole("button", { name: "Update" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Team updated." })).toBeVisible();
      await expect(page.getByRole("article", { name: /Shannonside Storm/ })).toContainText(
        "Entered by hand: overrides the league results.",
      );
      await page.goto("/fixtures?tab=table");
      const row = page.getByRole("table").getByRole("row").filter({ hasText: "Shannonside Storm" });
      await expect(row.getByRole("cell").first()).toHaveText("20");
    });
  } finally {
    await deleteTeam(team);
    await updateRows(
      "leagueTable",
      { id: stored.id },
      { ...stored, updatedAt: undefined, createdAt: undefined },
    );
  }
});

test("whole numbers of 0 or more, played = won + drawn + lost, one row per team; a typed Played is kept and checked on save", {
  tag: "@desktop",
}, async ({ page }) => {
  const team = uniqueTeam("Checks");
  const played = uniqueTeam("Played");
  try {
    await signInAsAdmin(page, "/admin/table");
    const form = page.getByRole("region", { name: "Add a team" });
    await form.getByLabel("Team", { exact: true }).fill(team);
    await form.getByLabel("Won", { exact: true }).fill("2");
    await form.getByLabel("Played", { exact: true }).fill("5");
    await form.getByLabel(/^Points/).fill("-1");
    await form.getByRole("button", { name: "Add Team" }).click();
    await expect(form.getByLabel("Played", { exact: true })).toHaveAccessibleDescription(
      "Played must equal won + drawn + lost (2 + 0 + 0 = 2).",
    );
    await expect(form.getByLabel(/^Points/)).toHaveAccessibleDescription(
      "Enter a whole number, 0 or more.",
    );
    await expectAccessible(page);

    // A team already in the table is refused by the server.
    await form.getByLabel("Team", { exact: true }).fill("liffey lightning");
    await form.getByLabel("Played", { exact: true }).fill("2");
    await form.getByLabel(/^Points/).fill("6");
    await form.getByRole("button", { name: "Add Team" }).click();
    await expect(form.getByLabel("Team", { exact: true })).toHaveAccessibleDescription(
      "This team is already in the table.",
    );
    const rows = await findRows("leagueTable", { team });
    expect(rows).toEqual([]);

    // A typed Played is kept, not replaced by won + drawn + lost, and checked on save (on a
    // fresh form: nothing typed yet).
    await page.goto("/admin/table");
    const fresh = page.getByRole("region", { name: "Add a team" });
    await fresh.getByLabel("Team", { exact: true }).fill(played);
    await fresh.getByLabel("Played", { exact: true }).fill("5");
    await fresh.getByLabel("Won", { exact: true }).fill("1");
    // The typed 5 stays (it used to become 1 silently); the sum is shown beside it.
    await expect(fresh.getByLabel("Played", { exact: true })).toHaveValue("5");
    await expect(fresh).toContainText("Played must equal won + drawn + lost (now 1).");
    await fresh.getByRole("button", { name: "Add Team" }).click();
    await expect(
      fresh.getByText("Played must equal won + drawn + lost (1 + 0 + 0 = 1)."),
    ).toBeVisible();
    expect(await findRows("leagueTable", { team: played })).toEqual([]);
    await fresh.getByLabel("Lost", { exact: true }).fill("4");
    await expect(fresh.getByLabel("Played", { exact: true })).toHaveValue("5");
    await fresh.getByRole("button", { name: "Add Team" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Team added." })).toBeVisible();
    const [row] = await findRows("leagueTable", { team: played });
    expect(row).toMatchObject({ played: 5, won: 1, lost: 4 });
  } finally {
    await deleteTeam(team);
    await deleteTeam(played);
  }
});
