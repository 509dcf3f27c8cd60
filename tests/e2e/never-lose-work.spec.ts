import { randomUUID } from "node:crypto";
import type { Page, Route } from "@playwright/test";
import { demoClubDetails } from "../../scripts/demo-club.ts";
import { buildFixture, buildTeamMember } from "../../scripts/factories.ts";
import { plainImage } from "../media-fixtures.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  findRows,
  insertRows,
  reviewShot,
  signInAsAdmin,
  tabTo,
  test,
  updateRows,
} from "./fixtures.ts";
import { presetConsent } from "./site.ts";

// ADR 039, with JavaScript and the keyboard, at 1280 px (nothing here depends on the width;
// the phone's Menu and the scorer rows at 375 px are admin-narrow's and the review shots'):
// a photo's save held for as long as the test wants cannot be lost by typing meanwhile, and
// one key press after it reaches "Add another"; a Club details row holding a logo goes with
// its Remove button; Escape on the Undo notice puts the keyboard back in the list; "Add
// scorer" puts it in the new scorer's name, and only players are suggested as scorers.

test.describe.configure({ timeout: 120_000 });

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

/** Holds the next save posted to `path` until `release()` is called: a slow connection. */
async function holdNextSave(page: Page, path: string): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      if (held || route.request().method() !== "POST") return route.fallback();
      held = true;
      await released;
      await route.continue();
    },
  );
  return { release };
}

test("@js a photo save held for seconds: the form is locked and says so, typing is refused rather than lost, and 'Add another' is one key away", {
  tag: "@desktop",
}, async ({ page }) => {
  const first = unique("Aoife Held");
  const second = unique("Jordan Ellis-Fitzgerald");
  await signInAsAdmin(page, "/admin/team");
  const form = page.getByRole("region", { name: "Add a person" });
  const name = form.getByLabel("Name");
  await tabTo(page, name);
  await page.keyboard.type(first);
  await form.getByLabel("Upload a photo").setInputFiles({
    name: "aoife.png",
    mimeType: "image/png",
    buffer: await plainImage({ width: 64, height: 80 }),
  });
  const { release } = await holdNextSave(page, "/admin/team.data");
  await name.focus();
  await page.keyboard.press("Enter");

  // The save is on its way: the fields are locked and busy, the button has the keyboard and
  // the status line says so (the upload's percentage needs the body to be on its way, which
  // a held request is not: upload-progress.component.test.tsx).
  const save = form.getByRole("button", { name: "Add Player" });
  await expect(save).toBeFocused();
  await expect(save).toHaveAttribute("aria-disabled", "true");
  await expect(name).toBeDisabled();
  await expect(page.locator("#team-form")).toHaveAttribute("aria-busy", "true");
  await expect(form.getByLabel("Upload a photo")).toBeDisabled();
  await expect(form.getByRole("status").filter({ hasText: /^Saving…/ })).toBeVisible();
  await expectAccessible(page);
  await reviewShot(page, "team-saving");
  // Typing now goes nowhere (the field refuses it), and a second press sends nothing more.
  await page.keyboard.type("Jordan");
  await page.keyboard.press("Enter");
  await expect(name).toHaveValue(first);

  release();
  // After the add: "Add another" has the keyboard; Enter puts it back in the empty form.
  const another = page.getByRole("button", { name: "Add another" });
  await expect(another).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Team member added." })).toBeVisible();
  await expect(name).toBeEnabled();
  await expect(name).toHaveValue("");
  await page.keyboard.press("Enter");
  await expect(name).toBeFocused();
  await page.keyboard.type(second);
  await page.keyboard.press("Enter");
  await expect(another).toBeFocused();

  // Both people are on the team, once each; the first with the photo.
  const [aoife] = await findRows("teamMembers", { name: first });
  expect(aoife?.image).toMatch(/^\/media\//);
  expect(await findRows("teamMembers", { name: second })).toHaveLength(1);
  await deleteRows("teamMembers", { name: first });
  await deleteRows("teamMembers", { name: second });
});

test.describe("Club details", () => {
  // Other specs in this worker expect the demo club: put its details back afterwards.
  test.afterEach(async () => {
    await updateRows("clubSettings", { singleton: "club" }, { details: demoClubDetails() });
  });

  test("@js a governing body holding a logo is removed by its own button", {
    tag: "@desktop",
  }, async ({ page }) => {
    const gone = unique("Gone Association");
    const kept = unique("Kept Federation");
    await updateRows(
      "clubSettings",
      { singleton: "club" },
      {
        details: {
          ...demoClubDetails(),
          governingBodies: [
            { name: gone, href: "https://gone.example", logo: "https://gone.example/logo.png" },
            { name: kept, href: "https://kept.example", logo: "https://kept.example/logo.png" },
          ],
        },
      },
    );
    await signInAsAdmin(page, "/admin/club");
    await expect(page.getByLabel("Body name 1")).toHaveValue(gone);
    await tabTo(page, page.getByRole("button", { name: "Remove governing body 1" }));
    await page.keyboard.press("Enter");
    // The row now in its place has the keyboard.
    await expect(page.getByLabel("Body name 1")).toBeFocused();
    await expect(page.getByLabel("Body name 1")).toHaveValue(kept);
    await expectAccessible(page);
    // Enter in a text field saves; it never presses a Remove button.
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Club details saved." })).toBeVisible();
    const [row] = await findRows("clubSettings", { singleton: "club" });
    const details = row?.details as { governingBodies: { name: string }[] } | undefined;
    const bodies = details?.governingBodies ?? [];
    expect(bodies.map((body) => body.name)).toEqual([kept]);
  });
});

test("@js Escape dismisses the Undo notice into the list; a second Enter undoes nothing", {
  tag: "@desktop",
}, async ({ page }) => {
  const deleted = unique("Deleted Player");
  const next = unique("Next Player");
  await insertRows("teamMembers", [
    buildTeamMember({ name: deleted, displayOrder: 900 }),
    buildTeamMember({ name: next, displayOrder: 901 }),
  ]);
  await signInAsAdmin(page, "/admin/team");
  const row = page.getByRole("listitem", { name: deleted, exact: true });
  await tabTo(page, row.getByRole("button", { name: `Delete: ${deleted}` }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Undo" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("region", { name: "Undo delete" })).toHaveCount(0);
  await expect(page.getByRole("listitem", { name: next, exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(row).toHaveCount(0);
  expect(await findRows("teamMembers", { name: deleted })).toEqual([]);
  await deleteRows("teamMembers", { name: next });
});

test("@js 'Add scorer' puts the keyboard in the new scorer's name; only players are suggested", {
  tag: "@desktop",
}, async ({ page }) => {
  const player = unique("Scoring Player");
  const coach = unique("Coaching Coach");
  const opponent = unique("Scorers Rovers");
  await insertRows("teamMembers", [
    buildTeamMember({ name: player }),
    buildTeamMember({ name: coach, role: "Head Coach" }),
  ]);
  const [fixture] = await insertRows("fixtures", [
    buildFixture({
      opponent,
      date: new Date(Date.now() - 2 * 24 * 3600 * 1000),
      homeScore: 2,
      awayScore: 0,
    }),
  ]);
  await signInAsAdmin(page, `/admin/fixtures?edit=${fixture?.id}`);
  const suggested = await page
    .locator("#scorer-suggestions option")
    .evaluateAll((options) => options.map((option) => option.getAttribute("value")));
  expect(suggested).toEqual(expect.arrayContaining([player, "Own Goal"]));
  expect(suggested).not.toContain(coach);
  await tabTo(page, page.getByRole("button", { name: "Add scorer" }));
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Scorer 2", { exact: true })).toBeFocused();
  await page.keyboard.type(player);
  await expectAccessible(page);
  await deleteRows("fixtures", { opponent });
  await deleteRows("teamMembers", { name: player });
  await deleteRows("teamMembers", { name: coach });
});

test.describe("on a phone", { tag: "@desktop" }, () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("@js the admin Menu is one line that opens onto every screen; a page text nobody saved says so", async ({
    page,
  }) => {
    await updateRows("pageTexts", { key: "try-bring" }, { savedAt: null });
    await signInAsAdmin(page, "/admin/pages");
    const navigation = page.getByRole("navigation", { name: "Admin" });
    const menu = navigation.locator("summary");
    await expect(menu).toHaveText(/Menu.*Pages/);
    const closed = await navigation.boundingBox();
    expect(closed?.height).toBeLessThan(60);
    await expect(navigation.getByRole("link", { name: "Venues" })).toBeHidden();
    await tabTo(page, menu);
    await page.keyboard.press("Enter");
    for (const screen of ["Venues", "Competitions", "Pages", "Administrators"]) {
      await expect(navigation.getByRole("link", { name: screen, exact: true })).toBeVisible();
    }
    await expectAccessible(page);
    await reviewShot(page, "admin-menu-open");
    await expect(page.getByRole("article", { name: "Come and try: What to bring" })).toContainText(
      "Default text, not saved yet",
    );
    // A screen chosen from the Menu: the Menu closes and names it.
    await navigation.getByRole("link", { name: "Venues", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Venues" })).toBeVisible();
    await expect(navigation.getByRole("link", { name: "Pages", exact: true })).toBeHidden();
    await expect(menu).toContainText("Venues");
  });
});
