import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { MEDIA_MESSAGES } from "../../app/domain/media/rules.ts";
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
import type { RowOf } from "./rows.ts";
import { presetConsent, watchRequests } from "./site.ts";
import { listedPeople, playerNames } from "./team-data.ts";

// Manage Team (rules §2 Manage Team, §4 Edit modes, §5 Team form; ADR 005). Every
// test works on people it creates itself, with unique names. Tests that open the same screen
// are one test with its checks in turn (each page load, sign-in and axe run costs CPU).

const unique = () => randomUUID().slice(0, 8);

/** The stored columns the tests check (not the timestamps). */
type Row = Omit<RowOf<"teamMembers">, "createdAt" | "updatedAt">;

async function rowsNamed(name: string): Promise<Row[]> {
  return (await findRows("teamMembers", { name })).map(
    ({ createdAt: _created, updatedAt: _updated, ...row }) => row,
  );
}

/** The Quill editor, once it has replaced the plain text box. */
function bioEditor(page: Page) {
  return page.getByRole("textbox", { name: /^Bio/ });
}

async function openManageTeam(page: Page, path = "/admin/team") {
  // The public pages these tests visit afterwards keep the cookie banner out of the way.
  await presetConsent(page, "declined");
  await signInAsAdmin(page, path);
  await expect(page.getByRole("heading", { level: 1, name: "Manage Team" })).toBeVisible();
  await expect(bioEditor(page)).toHaveAttribute("contenteditable", "true");
}

/** Selects the text just typed on the current line and links it through the toolbar. */
async function linkCurrentLine(page: Page, href: string) {
  await page.keyboard.press("Shift+Home");
  await page
    .getByRole("toolbar", { name: "Bio formatting" })
    .getByRole("button", { name: "Link" })
    .click();
  const address = page.getByRole("textbox", { name: "Link address" });
  await address.fill(href);
  await address.press("Enter");
}

// The editor and the add (the toolbar and the form at 375 px: admin-narrow.spec.ts), then the
// public pages the new player appears on.
test("the bio editor is labelled, keyboard accessible and loaded only here; adds a player with bold text, a list and a link; it shows on /team and on its page", {
  tag: "@desktop",
}, async ({ page }) => {
  // Three pages, an editor session and two axe runs: a long flow on a busy machine.
  test.slow();
  const quill = watchRequests(page, /quill/i);
  await openManageTeam(page);
  expect(quill.length).toBeGreaterThan(0);

  const toolbar = page.getByRole("toolbar", { name: "Bio formatting" });
  for (const name of [
    "Bold",
    "Italic",
    "Underline",
    "Ordered list",
    "Bullet list",
    "Link",
    "Clear formatting",
  ]) {
    await expect(toolbar.getByRole("button", { name })).toBeVisible();
  }
  await expect(toolbar.getByRole("button")).toHaveCount(7);
  const editor = bioEditor(page);
  await expect(editor).toHaveAccessibleName(/^Bio/);
  const box = await editor.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(120);

  // The keyboard reaches the editor and Tab leaves it (no trap).
  await page.getByLabel("Image URL").focus();
  await page.keyboard.press("Tab");
  for (let i = 0; i < 7 && !(await editor.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(editor).toBeFocused();
  await page.keyboard.type("Typed");
  await page.keyboard.press("Tab");
  await expect(editor).not.toBeFocused();
  await expect(editor).toHaveText("Typed");
  await expect(page.getByRole("button", { name: "Add Player" })).toBeFocused();
  await expectAccessible(page);

  const name = `Fiadh Bold${unique()}`;
  await expect(page.getByRole("link", { name: "Return to Dashboard" })).toHaveAttribute(
    "href",
    "/admin",
  );
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel(/^Shirt number/).fill("21");
  await page.getByLabel(/^Position/).fill("Defender");
  await page.getByLabel(/^Goals/).fill("5");
  await page.getByLabel(/^Assists/).fill("");
  await page.getByLabel(/^Display order/).fill("0");

  // The editor still holds what the keyboard typed above: start it afresh.
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.type("Known for ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("pace");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(" and grit.");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Bullet list" }).click();
  await page.keyboard.type("Dribbling");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Shooting");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Club page");
  await linkCurrentLine(page, "https://club.example/fiadh");
  await expect(editor.getByRole("link", { name: "Club page" })).toHaveAttribute(
    "href",
    "https://club.example/fiadh",
  );

  await page.getByRole("button", { name: "Add Player" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Team member added." })).toBeVisible();
  // The form is cleared and the list reloaded.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(bioEditor(page)).toHaveText("");
  await expect(page.getByRole("listitem").filter({ hasText: name })).toBeVisible();

  const [row] = await rowsNamed(name);
  expect(row).toMatchObject({
    role: "Player",
    number: "21",
    position: "Defender",
    classification: "TBD",
    playingSince: "TBD",
    goals: 5,
    assists: 0,
    displayOrder: 0,
  });
  expect(row?.bio).toContain("<strong>pace</strong>");
  expect(row?.bio).toContain('data-list="bullet"');
  expect(row?.bio).toContain('href="https://club.example/fiadh"');

  // On /team, in display order: before the demo squad's first player (order 1).
  await page.goto("/team");
  const players = page.getByRole("region", { name: "Players" });
  const names = await players.getByRole("link").allTextContents();
  const mine = names.findIndex((text) => text.includes(name.split(" ")[1] ?? name));
  expect(mine).toBeGreaterThanOrEqual(0);
  expect(mine).toBeLessThan(names.findIndex((text) => text.includes("Murphy")));

  await players.getByRole("link", { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(`/team/${row?.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const bio = page.getByRole("region", { name: /^About Fiadh/ });
  await expect(bio.locator("strong")).toHaveText("pace");
  await expect(bio.getByRole("listitem")).toHaveText(["Dribbling", "Shooting"]);
  await expect(bio.getByRole("listitem").first()).toHaveCSS("list-style-type", "disc");
  const link = bio.getByRole("link", { name: "Club page" });
  await expect(link).toHaveAttribute("href", "https://club.example/fiadh");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expectAccessible(page);
});

// The form's checks, each on the same screen in turn: a refused add, a javascript: link, and
// pictures dropped into the bio; width does not change them (once, at 1280 px).
test("the name is required and nothing is written without it; a javascript: link typed into the editor ends up as about:blank; pictures dropped into the bio are accepted only as PNG or JPEG, and uploaded", {
  tag: "@desktop",
}, async ({ page }) => {
  await openManageTeam(page);
  const before = (await findRows("teamMembers")).length;
  await page.getByLabel(/^Position/).fill(`Nameless${unique()}`);
  await page.getByRole("button", { name: "Add Player" }).click();
  await expect(page.getByText("Please enter the name.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  const after = (await findRows("teamMembers")).filter((row) =>
    row.position.startsWith("Nameless"),
  ).length;
  expect(before).toBeGreaterThan(0);
  expect(after).toBe(0);

  const name = `Jay Script${unique()}`;
  // Nothing of the refused add is kept for the next one.
  await page.getByLabel(/^Position/).fill("");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await bioEditor(page).click();
  await page.keyboard.type("Danger");
  await linkCurrentLine(page, "javascript:alert(document.cookie)");
  await page.getByRole("button", { name: "Add Player" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Team member added." })).toBeVisible();

  const [row] = await rowsNamed(name);
  expect(row?.bio).toContain('href="about:blank"');
  expect(row?.bio).not.toContain("javascript");

  const editor = bioEditor(page);
  await expect(editor).toHaveText("");
  await editor.click();
  await page.keyboard.type("Photo here");
  const drop = (type: string, base64: string) =>
    editor.evaluate(
      (element, { type, base64 }) => {
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const data = new DataTransfer();
        data.items.add(new File([bytes], `picture.${type.split("/")[1]}`, { type }));
        const line = element.querySelector("p")?.getBoundingClientRect();
        element.dispatchEvent(
          new DragEvent("drop", {
            dataTransfer: data,
            clientX: (line?.left ?? 0) + 5,
            clientY: (line?.top ?? 0) + 5,
            bubbles: true,
            cancelable: true,
          }),
        );
      },
      { type, base64 },
    );
  await drop("image/gif", "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7");
  await drop("image/svg+xml", btoa('<svg xmlns="http://www.w3.org/2000/svg"/>'));
  await drop(
    "image/png",
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  );
  await drop("image/jpeg", "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8U");
  // decisions 23: the PNG is uploaded and the bio keeps its address, not its bytes; the
  // damaged JPEG (cut short) is refused with a message; GIF and SVG are never sent.
  const pictures = editor.locator("img");
  await expect(pictures).toHaveCount(1);
  await expect(pictures).toHaveAttribute("src", /^\/media\/[a-f0-9]{24}-1\.png$/);
  await expect(page.getByRole("alert")).toHaveText(MEDIA_MESSAGES.damaged);

  await page.goto(`/team/${row?.slug}`);
  await expect(page.getByRole("link", { name: "Danger" })).toHaveAttribute("href", "about:blank");
});

// Edits of people made through the probe, on one screen in turn, then what their public
// addresses answer. Delete and Undo, with every stored column, are in the keyboard journey
// (admin-keyboard.spec.ts).
test("Edit loads the person, the submit reads 'Update Player', and Update overwrites; renaming a player gives a new address, and the old one answers 301 to it", {
  tag: "@desktop",
}, async ({ page }) => {
  const name = `Eoin Edit${unique()}`;
  const slug = name.toLowerCase().replace(/ /g, "-");
  await insertRows("teamMembers", [
    buildTeamMember({
      name,
      slug,
      number: "6",
      position: "Winger",
      goals: 2,
      bio: "<p>Old <em>bio</em></p>",
      displayOrder: 50,
    }),
  ]);
  const [before] = await rowsNamed(name);
  const renameFrom = `Ruairi Rename${unique()}`;
  const renameSlug = renameFrom.toLowerCase().replace(/ /g, "-");
  await insertRows("teamMembers", [
    buildTeamMember({ name: renameFrom, slug: renameSlug, displayOrder: 60 }),
  ]);
  await openManageTeam(page);
  await page.getByRole("link", { name: new RegExp(`^Edit\\W+${name}$`) }).click();
  await expect(page).toHaveURL(`/admin/team?edit=${before?.id}`);
  await expect(page.getByRole("button", { name: "Update Player" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Player" })).toHaveCount(0);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel(/^Shirt number/)).toHaveValue("6");
  await expect(page.getByLabel(/^Goals/)).toHaveValue("2");
  await expect(bioEditor(page).locator("em")).toHaveText("bio");
  await expect(page.getByRole("link", { name: "Cancel edit" })).toHaveAttribute(
    "href",
    "/admin/team",
  );

  const renamed = `${name} Jr`;
  await page.getByLabel("Name", { exact: true }).fill(renamed);
  await page.getByLabel(/^Position/).fill("Goalkeeper");
  await page.getByLabel(/^Shirt number/).fill("");
  await page.getByLabel(/^Goals/).fill("9");
  await page.getByLabel(/^Role/).selectOption("Assistant Coach");
  await bioEditor(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("New bio");
  await page.getByRole("button", { name: "Update Player" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Team member updated." })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/team\?saved=[0-9a-f-]{36}&done=updated$/);
  await expect(page.getByRole("button", { name: "Add Player" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");

  expect(await rowsNamed(name)).toEqual([]);
  const [after] = await rowsNamed(renamed);
  expect(after).toMatchObject({
    id: before?.id,
    // The address follows the name.
    slug: `${slug}-jr`,
    role: "Assistant Coach",
    number: "TBD",
    position: "Goalkeeper",
    goals: 9,
    displayOrder: 50,
    bio: "<p>New bio</p>",
  });

  await page.getByRole("link", { name: new RegExp(`^Edit\\W+${renameFrom}$`) }).click();
  // The form holds the person before the new name is typed (typing earlier is overwritten).
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(renameFrom);
  const renamedTo = renameFrom.replace("Ruairi", "Ruairí Óg");
  await page.getByLabel("Name", { exact: true }).fill(renamedTo);
  await page.getByRole("button", { name: "Update Player" }).click();
  // The status still says so from the first update: wait for the form back in add mode too.
  await expect(page.getByRole("button", { name: "Add Player" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Team member updated." })).toBeVisible();

  // A coach now: listed, no longer a player page, at either address.
  expect((await page.goto(`/team/${slug}`))?.status()).toBe(404);
  expect((await page.goto(`/team/${slug}-jr`))?.status()).toBe(404);
  const newSlug = renameSlug.replace("ruairi", "ruairi-og");
  expect((await rowsNamed(renamedTo))[0]?.slug).toBe(newSlug);
  const old = await page.request.get(`/team/${renameSlug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/team/${newSlug}`);
  await page.goto(`/team/${renameSlug}`);
  await expect(page).toHaveURL(`/team/${newSlug}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Óg");
});

test.describe("without JavaScript @desktop", () => {
  test.use({ javaScriptEnabled: false });

  test("the bio is a plain text box and the form still saves; Move up and Move down reorder the squad with plain form posts", async ({
    page,
  }) => {
    const name = `Nora NoJs${unique()}`;
    await signInAsAdmin(page, "/admin/team");
    await page.getByLabel("Name", { exact: true }).fill(name);
    const bio = page.getByRole("textbox", { name: /^Bio/ });
    await expect(bio).toHaveJSProperty("tagName", "TEXTAREA");
    await bio.fill("<p>Plain <b>bold</b></p><script>alert(1)</script>");
    await page.getByRole("button", { name: "Add Player" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Team member added." })).toBeVisible();
    const [row] = await rowsNamed(name);
    expect(row?.bio).toBe("<p>Plain <strong>bold</strong></p>");

    const tag = unique();
    const [first, second] = [`Nia First${tag}`, `Nia Second${tag}`];
    // Last and next to last in the squad, whatever earlier tests on this server left behind
    // (a fixed order such as 9000 can tie with a player another test placed there).
    const top = Math.max(0, ...(await findRows("teamMembers", {})).map((m) => m.displayOrder));
    await insertRows("teamMembers", [
      buildTeamMember({ name: first, slug: `nia-first-${tag}`, displayOrder: top + 1 }),
      buildTeamMember({ name: second, slug: `nia-second-${tag}`, displayOrder: top + 2 }),
    ]);
    await page.goto("/admin/team");
    const place = (await playerNames()).indexOf(second) + 1;
    await page.getByRole("button", { name: `Move up: ${second}` }).press("Enter");
    await expect(
      page.getByRole("status").filter({ hasText: `${second} moved to position ${place - 1} of ` }),
    ).toBeVisible();
    const after = await playerNames();
    expect(after.indexOf(second)).toBe(after.indexOf(first) - 1);
    const listed = await listedPeople(page);
    expect(listed.indexOf(second)).toBe(listed.indexOf(first) - 1);
    await deleteRows("teamMembers", { name: first });
    await deleteRows("teamMembers", { name: second });
  });
});
