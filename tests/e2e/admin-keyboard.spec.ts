import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { buildNews, buildTeamMember } from "../../scripts/factories.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  findRows,
  insertRows,
  signInAsAdmin,
  tabTo,
  test,
} from "./fixtures.ts";
import { deleteFixturesAgainst, fixtureRow } from "./match-centre-data.ts";
import { presetConsent } from "./site.ts";
import { listedPeople, playerNames } from "./team-data.ts";

// Every admin screen, with the keyboard only (ADR 005): Tab, Shift+Tab, Enter and typing,
// never a click. After each step the focus is where a keyboard or screen-reader user needs
// it: the saved row, the form, the Undo button, the restored row. Each journey also checks
// what the delete and the Undo did to the stored record (same id, same columns), so the
// per-screen specs do not delete and undo a second time. axe runs once per screen state: the
// screen with its Undo notice (the list and the form, as after a save, plus the notice) and,
// for Fixtures, the open edit form; the fresh screens are checked in the per-screen specs.
//
// Widths: News, Team and Table lay out one form above one list at every width, so their
// journeys run once, at 375 px, where focus being visible and reflow matter most (tagged
// @desktop with their own 375 px viewport: the mobile project would run the same 375 px
// journey a second time). Fixtures puts its form in a slide-up panel below 1024 px, so its
// journey runs at 1280 px and at 375 px. The Undo notice's timing and the squad reorder do
// not depend on the width: once, at 1280 px.

// Whole journeys, one key at a time, with axe runs in between.
test.slow();

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

const narrow = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;
const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

/** Replaces the text of the focused field. */
async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

const status = (page: Page, text: string | RegExp) =>
  page.getByRole("status").filter({ hasText: text });

/**
 * Delete, then Undo with one key press: focus is on Undo, then on the restored row.
 * `stored` reads the record from the database: gone after the delete, the same after Undo.
 */
async function deleteAndUndo(
  page: Page,
  row: Locator,
  label: string,
  deleted: string,
  stored: () => Promise<unknown[]>,
) {
  const before = await stored();
  expect(before).toHaveLength(1);
  await tabTo(page, row.getByRole("button", { name: `Delete: ${label}` }));
  await page.keyboard.press("Enter");
  const undo = page.getByRole("button", { name: "Undo" });
  await expect(undo).toBeFocused();
  await expect(page.getByRole("region", { name: "Undo delete" })).toContainText(
    `${deleted} deleted.`,
  );
  await expect(row).toHaveCount(0);
  expect(await stored()).toEqual([]);
  await expectAccessible(page);
  await page.keyboard.press("Enter");
  await expect(status(page, `${deleted} restored.`)).toBeVisible();
  await expect(row).toBeFocused();
  // Put back as it was: the same id and every column.
  expect(await stored()).toEqual(before);
}

/** Stored rows without their timestamps (an Undo puts the rest back as it was). */
const withoutTimestamps = (rows: object[]) =>
  rows.map((row) => {
    const { createdAt: _created, updatedAt: _updated, ...rest } = row as Record<string, unknown>;
    return rest;
  });

test.describe("at 375 px", { tag: "@desktop" }, () => {
  test.use({ viewport: { width: 375, height: 740 } });

  // One browser, signed in once, goes through the three screens in turn.
  test("News, Team and Table: add, edit, (cancel,) delete and Undo with the keyboard", async ({
    page,
  }) => {
    await test.step("News: add, edit, cancel, delete and Undo with the keyboard", async () => {
      const title = unique("Keyboard story");
      const changed = `${title} (updated)`;
      await signInAsAdmin(page, "/admin/news");
      const addForm = page.getByRole("region", { name: "Add news" });

      await tabTo(page, addForm.getByLabel("Title"));
      await page.keyboard.type(title);
      await page.keyboard.press("Tab");
      await page.keyboard.type("Written without a mouse.");
      await tabTo(page, addForm.getByRole("button", { name: "Add News" }));
      await page.keyboard.press("Enter");
      await expect(status(page, "News item created.")).toBeVisible();
      const row = page.getByRole("article", { name: title });
      // ADR 039: after an add the keyboard is on "Add another", one key from the form.
      await expect(page.getByRole("button", { name: "Add another" })).toBeFocused();
      await expect(addForm.getByLabel("Title")).toHaveValue("");

      // Edit moves into the form; Cancel edit back to the row, leaving the item as it was and
      // the form reset to Add.
      await tabTo(page, row.getByRole("link", { name: `Edit: ${title}` }));
      await page.keyboard.press("Enter");
      const editForm = page.getByRole("region", { name: "Edit news" });
      await expect(editForm.getByLabel("Title")).toBeFocused();
      await retype(page, "A change nobody saves");
      await tabTo(page, editForm.getByRole("link", { name: "Cancel edit" }));
      await page.keyboard.press("Enter");
      await expect(row).toBeFocused();
      await expect(page).toHaveURL("/admin/news");
      await expect(addForm.getByLabel("Title")).toHaveValue("");
      await expect(addForm.getByRole("button", { name: "Add News" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Update News" })).toHaveCount(0);
      expect((await findRows("news", { title })).map((item) => item.content)).toEqual([
        "Written without a mouse.",
      ]);

      await tabTo(page, row.getByRole("link", { name: `Edit: ${title}` }));
      await page.keyboard.press("Enter");
      await expect(editForm.getByLabel("Title")).toBeFocused();
      await retype(page, changed);
      await tabTo(page, editForm.getByRole("button", { name: "Update News" }));
      await page.keyboard.press("Enter");
      await expect(status(page, "News item updated.")).toBeVisible();
      const changedRow = page.getByRole("article", { name: changed });
      await expect(changedRow).toBeFocused();

      // Deleted at once (its page answers 404); Undo puts it back with the same id and date.
      const [item] = await findRows("news", { title: changed });
      await deleteAndUndo(page, changedRow, changed, `“${changed}”`, async () => {
        const rows = withoutTimestamps(await findRows("news", { title: changed }));
        const address = (await page.request.get(`/news/${item?.id}`)).status();
        expect(address).toBe(rows.length === 0 ? 404 : 200);
        return rows;
      });
      // The untouched Add form shows no errors for what else was sent.
      await expect(addForm.getByLabel("Title")).not.toHaveAttribute("aria-invalid", "true");
      await expect(addForm.getByText("Please enter a title.")).toHaveCount(0);
    });

    await test.step("Team: add, edit, delete and Undo with the keyboard", async () => {
      const name = unique("Keyboard Player");
      const changed = `${name} Jr`;
      await page.goto("/admin/team");
      const addForm = page.getByRole("region", { name: "Add a person" });

      await tabTo(page, addForm.getByLabel("Name"));
      await page.keyboard.type(name);
      await tabTo(page, addForm.getByRole("button", { name: "Add Player" }));
      await page.keyboard.press("Enter");
      await expect(status(page, "Team member added.")).toBeVisible();
      const row = page.getByRole("listitem", { name });
      // ADR 039: after an add the keyboard is on "Add another", one key from the form.
      await expect(page.getByRole("button", { name: "Add another" })).toBeFocused();

      await tabTo(page, row.getByRole("link", { name: `Edit: ${name}` }));
      await page.keyboard.press("Enter");
      const editForm = page.getByRole("region", { name: `Edit ${name}` });
      await expect(editForm.getByLabel("Name")).toBeFocused();
      await retype(page, changed);
      await tabTo(page, editForm.getByRole("button", { name: "Update Player" }));
      await page.keyboard.press("Enter");
      await expect(status(page, "Team member updated.")).toBeVisible();
      const changedRow = page.getByRole("listitem", { name: changed });
      await expect(changedRow).toBeFocused();

      // Deleted at once; Undo puts every column back, and the player's page answers again.
      await deleteAndUndo(page, changedRow, changed, changed, async () =>
        withoutTimestamps(await findRows("teamMembers", { name: changed })),
      );
      const [person] = await findRows("teamMembers", { name: changed });
      expect((await page.request.get(`/team/${person?.slug}`)).status()).toBe(200);
      await expect(addForm.getByLabel("Name")).not.toHaveAttribute("aria-invalid", "true");
      await deleteRows("teamMembers", { name: changed });
    });

    await test.step("Table: add, edit, delete and Undo with the keyboard", async () => {
      const team = unique("Keyboard Rovers");
      const changed = `${team} FC`;
      await page.goto("/admin/table");
      const addForm = page.getByRole("region", { name: "Add a team" });

      await tabTo(page, addForm.getByLabel("Team"));
      await page.keyboard.type(team);
      await tabTo(page, addForm.getByRole("button", { name: "Add Team" }));
      await page.keyboard.press("Enter");
      await expect(status(page, "Team added.")).toBeVisible();
      const row = page.getByRole("article", { name: team });
      // ADR 039: after an add the keyboard is on "Add another", one key from the form.
      await expect(page.getByRole("button", { name: "Add another" })).toBeFocused();

      await tabTo(page, row.getByRole("link", { name: `Edit: ${team}` }));
      await page.keyboard.press("Enter");
      const editForm = page.getByRole("region", { name: `Edit ${team}` });
      await expect(editForm.getByLabel("Team")).toBeFocused();
      await retype(page, changed);
      await tabTo(page, editForm.getByRole("button", { name: "Update" }));
      await page.keyboard.press("Enter");
      await expect(status(page, "Team updated.")).toBeVisible();
      const changedRow = page.getByRole("article", { name: changed });
      await expect(changedRow).toBeFocused();

      await deleteAndUndo(page, changedRow, changed, changed, async () =>
        withoutTimestamps(await findRows("leagueTable", { team: changed })),
      );
      await expect(addForm.getByLabel("Team")).not.toHaveAttribute("aria-invalid", "true");
      await deleteRows("leagueTable", { team: changed });
    });
  });
});

test("Fixtures: add, edit, cancel, delete and Undo with the keyboard, in the panel on a phone", async ({
  page,
}) => {
  const opponent = unique("Keyboard Lions");
  // The screen searched for this fixture: every save and delete keeps the search, and the
  // list is empty again once it is deleted.
  const screen = `/admin/fixtures?q=${encodeURIComponent(opponent)}`;
  await signInAsAdmin(page, screen);
  let form: Locator;
  if (narrow(page)) {
    await tabTo(page, page.getByRole("button", { name: "Add fixture" }));
    await page.keyboard.press("Enter");
    form = page.getByRole("dialog", { name: "Add a fixture" });
    await expect(form.getByLabel("Opponent", { exact: true })).toBeFocused();
  } else {
    form = page.getByRole("region", { name: "Add a fixture" });
    await tabTo(page, form.getByLabel("Opponent", { exact: true }));
  }
  await page.keyboard.type(opponent);
  await tabTo(page, form.getByLabel("Location", { exact: true }));
  await page.keyboard.type("UL Arena");
  await tabTo(page, form.getByLabel("Date", { exact: true }));
  await page.keyboard.type("07152037");
  await tabTo(page, form.getByRole("button", { name: "Add Fixture" }));
  await page.keyboard.press("Enter");
  await expect(status(page, "Fixture added.")).toBeVisible();
  const row = page.getByRole("article", { name: `v ${opponent}` });
  // ADR 039: after an add the keyboard is on "Add another", one key from the form.
  await expect(page.getByRole("button", { name: "Add another" })).toBeFocused();
  // The panel has closed: nothing covers the confirmation.
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Edit moves into the form (the panel on a phone); Cancel edit back to the row.
  const edit = row.getByRole("link", { name: new RegExp(`^Edit: ${opponent}`) });
  await tabTo(page, edit);
  await page.keyboard.press("Enter");
  const editForm = narrow(page)
    ? page.getByRole("dialog", { name: "Edit fixture" })
    : page.getByRole("region", { name: "Edit fixture" });
  await expect(editForm.getByLabel("Opponent", { exact: true })).toBeFocused();
  await expectAccessible(page);
  await tabTo(page, editForm.getByRole("link", { name: "Cancel edit" }));
  await page.keyboard.press("Enter");
  await expect(editForm).toHaveCount(0);
  await expect(row).toBeFocused();

  await tabTo(page, edit);
  await page.keyboard.press("Enter");
  await expect(editForm.getByLabel("Opponent", { exact: true })).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.type(" B");
  await tabTo(page, editForm.getByRole("button", { name: "Update" }));
  await page.keyboard.press("Enter");
  await expect(status(page, "Fixture updated.")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const changedRow = page.getByRole("article", { name: `v ${opponent} B` });
  await expect(changedRow).toBeFocused();

  const label = (await changedRow
    .getByRole("button", { name: /^Delete: / })
    .getAttribute("aria-label")) as string;
  const { id } = (await fixtureRow(`${opponent} B`)) ?? {};
  await deleteAndUndo(
    page,
    changedRow,
    label.replace(/^Delete: /, ""),
    `Fixture v ${opponent} B`,
    async () => {
      const rows = await findRows("fixtures", { opponent: `${opponent} B` });
      if (rows.length === 0) await expect(page.getByText("No fixtures found.")).toBeVisible();
      return rows.map((fixture) => fixture.id);
    },
  );
  expect((await fixtureRow(`${opponent} B`))?.id).toBe(id);
  // The untouched Add form (in the closed panel on a phone) shows no errors.
  await expect(page.locator("#fixture-form-new [aria-invalid='true']")).toHaveCount(0);
  await expect(page.locator("#fixture-form-new")).not.toContainText("Enter the opponent.");
  await deleteFixturesAgainst(`${opponent} B`);
});

test("Team: Move up and Move down reorder the squad, announced, focus kept on the button", {
  tag: "@desktop",
}, async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const [first, second] = [`Order A ${tag}`, `Order B ${tag}`];
  // Last and next to last in the squad, whatever earlier tests on this server left behind.
  const top = Math.max(0, ...(await findRows("teamMembers", {})).map((m) => m.displayOrder));
  await insertRows("teamMembers", [
    buildTeamMember({ name: first, slug: `order-a-${tag}`, displayOrder: top + 1 }),
    buildTeamMember({ name: second, slug: `order-b-${tag}`, displayOrder: top + 2 }),
  ]);
  await signInAsAdmin(page, "/admin/team");
  const before = await playerNames();
  const place = before.indexOf(second) + 1;
  expect(before.indexOf(first) + 1).toBe(place - 1);

  // The last row's buttons are the screen's last controls: Shift+Tab reaches them first.
  const moveUp = page.getByRole("button", { name: `Move up: ${second}` });
  await tabTo(page, moveUp, { back: true });
  await page.keyboard.press("Enter");
  await expect(
    status(page, new RegExp(`^${second} moved to position ${place - 1} of \\d+\\.$`)),
  ).toBeVisible();
  await expect(moveUp).toBeFocused();
  const after = await playerNames();
  expect(after.indexOf(second)).toBe(after.indexOf(first) - 1);
  // The list shows the new order.
  const listed = await listedPeople(page);
  expect(listed.indexOf(second)).toBe(listed.indexOf(first) - 1);
  await expectAccessible(page);

  const moveDown = page.getByRole("button", { name: `Move down: ${second}` });
  await tabTo(page, moveDown);
  await page.keyboard.press("Enter");
  await expect(
    status(page, new RegExp(`^${second} moved to position ${place} of \\d+\\.$`)),
  ).toBeVisible();
  // Last again: Move down does nothing there now, so the keyboard is on Move up.
  await expect(moveDown).toHaveAttribute("aria-disabled", "true");
  await expect(moveUp).toBeFocused();
  await deleteRows("teamMembers", { name: first });
  await deleteRows("teamMembers", { name: second });
});

// The notice's timer is the same at every width: once, at 1280 px.
test("the Undo notice stays while focused and at least 20 seconds otherwise, and can be dismissed", {
  tag: "@desktop",
}, async ({ page }) => {
  await page.clock.install();
  const title = unique("Timed story");
  await insertRows("news", [
    buildNews({ title, content: "Gone soon.", date: new Date() }),
    buildNews({ title: `${title} 2`, content: "Gone soon.", date: new Date() }),
  ]);
  await signInAsAdmin(page, "/admin/news");
  const row = page.getByRole("article", { name: title, exact: true });
  await tabTo(page, row.getByRole("button", { name: `Delete: ${title}`, exact: true }));
  await page.keyboard.press("Enter");
  const notice = page.getByRole("region", { name: "Undo delete" });
  await expect(page.getByRole("button", { name: "Undo" })).toBeFocused();
  // Focus in the notice: it stays, however long (Playwright's clock, not real time).
  await page.clock.runFor(120_000);
  await expect(notice).toBeVisible();
  // Focus elsewhere: still there after 19 s, gone after 20 s.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Dismiss" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.clock.runFor(19_000);
  await expect(notice).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(notice).toHaveCount(0);

  // Dismiss hides it at once and puts focus back in the list.
  const second = page.getByRole("article", { name: `${title} 2` });
  await tabTo(page, second.getByRole("button", { name: `Delete: ${title} 2` }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Undo" })).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(notice).toHaveCount(0);
  // ADR 039: back in the list, on the row that took the deleted one's place.
  await expect(page.locator(":focus")).toHaveAttribute("id", /^row-/);
});
