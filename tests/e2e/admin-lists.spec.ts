import { buildFixture } from "../../scripts/factories.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  findRows,
  insertRows,
  signInAsAdmin,
  test,
} from "./fixtures.ts";
import { named, uniqueTeam } from "./match-centre-data.ts";
import { presetConsent } from "./site.ts";

// The lists the fixture form picks from (decisions 15): Venues and Competitions in the admin.
// Names are unique per test; fixtures using them are made through the probe.

test.slow();

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

test("a venue: added, offered by the fixture form, renamed in every fixture, kept while in use, deleted with Undo", {
  tag: "@desktop",
}, async ({ page }) => {
  const name = uniqueTeam("Hall");
  const renamed = `${name} Arena`;
  const opponent = uniqueTeam("Venue visitors");
  try {
    await signInAsAdmin(page, "/admin/venues");
    await expect(page.getByRole("heading", { level: 1, name: "Venues" })).toBeVisible();
    await expectAccessible(page);
    const form = page.getByRole("region", { name: "Add a venue" });
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel(/^Address/).fill("Castle Street, Tralee");
    await form.getByLabel(/^Map link/).fill("http://maps.example");
    await form.getByRole("button", { name: "Add Venue" }).click();
    await expect(form.getByText("Enter a map link starting with https://")).toBeVisible();
    await form.getByLabel(/^Map link/).fill("https://maps.example/tralee");
    await form.getByRole("button", { name: "Add Venue" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Venue added." })).toBeVisible();
    const row = page.getByRole("article", { name });
    // ADR 039: after an add the keyboard is on "Add another", one key from the form.
    await expect(page.getByRole("button", { name: "Add another" })).toBeFocused();
    await expect(row).toContainText("Not used by any fixture");
    expect(await findRows("venues", { name })).toMatchObject([
      { address: "Castle Street, Tralee", mapUrl: "https://maps.example/tralee" },
    ]);

    // The same name again is refused next to the field.
    await form.getByLabel(/^Name/).fill(name.toUpperCase());
    await form.getByRole("button", { name: "Add Venue" }).click();
    await expect(form.getByText("That name is already in the list.")).toBeVisible();

    // The fixture form offers it (the list searched for this test's visitors: the form is the
    // same, the list short).
    await page.goto(`/admin/fixtures?q=${encodeURIComponent(opponent)}`);
    await expect(
      page.getByLabel("Location").getByRole("option", { name, includeHidden: true }),
    ).toHaveCount(1);

    // Renaming changes the fixture that uses it.
    await insertRows("fixtures", [buildFixture({ opponent, location: name })]);
    await page.goto("/admin/venues");
    await row.getByRole("link", { name: named("Edit", name) }).click();
    const edit = page.getByRole("region", { name: `Edit ${name}` });
    await expect(edit.getByLabel(/^Name/)).toBeFocused();
    await edit.getByLabel(/^Name/).fill(renamed);
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Venue updated." })).toBeVisible();
    expect(await findRows("fixtures", { opponent })).toMatchObject([{ location: renamed }]);
    const renamedRow = page.getByRole("article", { name: renamed });
    await expect(renamedRow).toContainText("Used by 1 fixture");

    // In use: the delete is refused with the count, and nothing changes.
    await renamedRow.getByRole("button", { name: named("Delete", renamed) }).click();
    await expect(page.getByRole("alert")).toContainText(
      `${renamed} cannot be deleted: used by 1 fixture.`,
    );
    await expect(renamedRow).toBeVisible();
    expect(await findRows("venues", { name: renamed })).toHaveLength(1);

    // Not in use: deleted at once, and Undo puts it back.
    await deleteRows("fixtures", { opponent });
    await page.reload();
    await renamedRow.getByRole("button", { name: named("Delete", renamed) }).click();
    await expect(renamedRow).toHaveCount(0);
    expect(await findRows("venues", { name: renamed })).toEqual([]);
    await expect(page.getByRole("button", { name: "Undo" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("status").filter({ hasText: `${renamed} restored.` }),
    ).toBeVisible();
    await expect(renamedRow).toBeFocused();
  } finally {
    await deleteRows("fixtures", { opponent });
    await deleteRows("venues", { name });
    await deleteRows("venues", { name: renamed });
  }
});

// Competitions share the list screen of Venues (choice-list-screen.tsx, ADR 015); what this
// one adds are data rules (renames, in use). Both screens at 375 px: admin-narrow.spec.ts.
test("a competition: added with its kind, renamed in every fixture and on the public card, kept while in use", {
  tag: "@desktop",
}, async ({ page }) => {
  const name = uniqueTeam("Munster Cup");
  const renamed = `${name} & Shield`;
  const opponent = uniqueTeam("Cup visitors");
  try {
    await signInAsAdmin(page, "/admin/competitions");
    await expect(page.getByRole("heading", { level: 1, name: "Competitions" })).toBeVisible();
    await expectAccessible(page);
    const form = page.getByRole("region", { name: "Add a competition" });
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel(/^Kind/).selectOption("Cup");
    await form.getByRole("button", { name: "Add Competition" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Competition added." })).toBeVisible();
    expect(await findRows("competitions", { name })).toMatchObject([{ kind: "cup" }]);

    await page.goto(`/admin/fixtures?q=${encodeURIComponent(opponent)}`);
    await expect(
      page.getByLabel(/^Match type/).getByRole("option", { name, includeHidden: true }),
    ).toHaveCount(1);

    await insertRows("fixtures", [
      buildFixture({ opponent, type: name, date: new Date(Date.now() + 3 * 86_400_000) }),
      buildFixture({ opponent, type: name, date: new Date(Date.now() + 4 * 86_400_000) }),
    ]);
    await page.goto("/admin/competitions");
    const row = page.getByRole("article", { name });
    await expect(row).toContainText("Cup · Used by 2 fixtures");
    await row.getByRole("button", { name: named("Delete", name) }).click();
    await expect(page.getByRole("alert")).toContainText(
      `${name} cannot be deleted: used by 2 fixtures.`,
    );
    expect(await findRows("competitions", { name })).toHaveLength(1);

    await row.getByRole("link", { name: named("Edit", name) }).click();
    const edit = page.getByRole("region", { name: `Edit ${name}` });
    await edit.getByLabel(/^Name/).fill(renamed);
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Competition updated." }),
    ).toBeVisible();
    expect((await findRows("fixtures", { opponent })).map((f) => f.type)).toEqual([
      renamed,
      renamed,
    ]);
    await page.goto("/fixtures");
    await expect(page.getByRole("article").filter({ hasText: opponent }).first()).toContainText(
      renamed,
    );
  } finally {
    await deleteRows("fixtures", { opponent });
    await deleteRows("competitions", { name });
    await deleteRows("competitions", { name: renamed });
  }
});
