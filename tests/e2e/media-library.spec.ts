import { randomInt, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { MEDIA_MESSAGES } from "../../app/domain/media/rules.ts";
import { buildNews } from "../../scripts/factories.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  findRows,
  insertRows,
  reviewShot,
  signInAsAdmin,
  test,
} from "./fixtures.ts";

// Photos and logos (ADR 017): the media library and “Choose from library”, by keyboard.
// At 1280 px; the library at 375 px: admin-narrow.spec.ts.

const unique = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

/** A photo no other test has: a colour of its own. */
function ownPhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 640,
      height: 400,
      channels: 3,
      background: { r: randomInt(256), g: randomInt(256), b: randomInt(256) },
    },
  })
    .jpeg()
    .toBuffer();
}

async function upload(page: Page, name: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/admin/media/upload", {
    headers: { origin },
    multipart: {
      kind: "photo",
      file: { name, mimeType: "image/jpeg", buffer: await ownPhoto() },
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/** Moves the keyboard to a control and presses Enter on it. */
async function press(page: Page, control: ReturnType<Page["getByRole"]>) {
  await control.focus();
  await page.keyboard.press("Enter");
}

test("the media library shows where an upload is used, refuses to delete it, deletes an unused one, and a news item reuses an upload", {
  tag: "@desktop",
}, async ({ page }) => {
  await signInAsAdmin(page, "/admin");
  const usedName = `${unique("final")}.jpg`;
  const spareName = `${unique("spare")}.jpg`;
  const usedUrl = await upload(page, usedName);
  await upload(page, spareName);
  const title = unique("Cup final");
  const alt = `${unique("The captain lifts the cup")}`;
  const [item] = await insertRows("news", [buildNews({ title, image: usedUrl, imageAlt: alt })]);

  // From the dashboard, by keyboard.
  await press(page, page.getByRole("link", { name: /Photos and logos/ }));
  await expect(page.getByRole("heading", { level: 1, name: "Photos and logos" })).toBeVisible();
  await expect(page.getByText(/uploads? uses? [\d.]+ (KB|MB)/)).toBeVisible();
  const used = page.getByRole("article", { name: alt });
  await expect(used.getByRole("link", { name: `News: ${title}` })).toHaveAttribute(
    "href",
    `/admin/news?edit=${item?.id}`,
  );
  await expect(used.getByText("640 × 400 px")).toBeVisible();
  const spare = page.getByRole("article", { name: spareName });
  await expect(spare.getByText("Not used anywhere: it can be deleted.")).toBeVisible();
  await expectAccessible(page);
  await reviewShot(page, "library", { fullPage: true });

  // Refused: the places are announced, the upload stays, the keyboard stays on Delete.
  const deleteUsed = used.getByRole("button", { name: `Delete: ${alt}` });
  await press(page, deleteUsed);
  await expect(page.getByRole("alert")).toHaveText(
    `“${alt}” is still used (1 place): News: ${title}. Choose another image there first. Nothing was deleted.`,
  );
  await expect(deleteUsed).toBeFocused();
  // Beside the button too, where a sighted keyboard user is looking.
  await expect(used.getByText(`“${alt}” is still used (1 place)`, { exact: false })).toBeVisible();
  await reviewShot(page, "library-refused");

  // An unused one is deleted, with Undo offered (and focused).
  await press(page, spare.getByRole("button", { name: `Delete: ${spareName}` }));
  await expect(page.getByRole("button", { name: "Undo" })).toBeFocused();
  await expect(page.getByText(`“${spareName}” deleted.`)).toBeVisible();
  await expect(spare).toHaveCount(0);
  expect(await findRows("media", { fileName: spareName })).toEqual([]);
  await expectAccessible(page);

  // A news item takes the earlier upload instead of a new file.
  const uploads = (await findRows("media", {})).length;
  await page.goto("/admin/news");
  const form = page.getByRole("region", { name: "Add news" });
  const story = unique("Replay of the final");
  await form.getByLabel("Title").fill(story);
  await form.getByLabel("Content").fill("The final again, from another angle.");
  const choose = form.getByRole("button", { name: "Choose from library" });
  await press(page, choose);
  const dialog = page.getByRole("dialog", { name: "Choose an earlier photo" });
  await expect(dialog).toBeVisible();
  // Focus starts on the dialog's heading (its name), not on Close.
  await expect(dialog.getByRole("heading", { name: "Choose an earlier photo" })).toBeFocused();
  const choice = dialog.getByRole("button", { name: new RegExp(alt) });
  await expect(choice).toBeVisible();
  await expectAccessible(page);
  await reviewShot(page, "choose");
  await press(page, choice);
  await expect(dialog).toBeHidden();
  await expect(choose).toBeFocused();
  await expect(form.getByRole("group", { name: /^Photo/ }).getByRole("status")).toHaveText(
    `“${alt}” chosen from the library. Save to keep the change.`,
  );
  await expect(form.getByLabel(/Image URL/)).toHaveValue(usedUrl);
  // The description it has elsewhere is offered, and can be changed.
  await expect(form.getByLabel(/Describe the photo/)).toHaveValue(alt);
  await press(page, form.getByRole("button", { name: "Add News" }));
  await expect(page.getByRole("status").filter({ hasText: "News item created." })).toBeVisible();
  const [saved] = await findRows("news", { title: story });
  expect(saved?.image).toBe(usedUrl);
  expect((await findRows("media", {})).length).toBe(uploads);

  // The library now names both places.
  await page.goto("/admin/media");
  await expect(
    page.getByRole("article", { name: alt }).getByRole("link", { name: `News: ${story}` }),
  ).toBeVisible();

  await deleteRows("news", { title });
  await deleteRows("news", { title: story });
});

test("a photo chosen from the library but deleted from it before the save is refused at the field, with the form kept", {
  tag: "@desktop",
}, async ({ page }) => {
  await signInAsAdmin(page, "/admin/news");
  const fileName = `${unique("gone")}.jpg`;
  await upload(page, fileName);
  const form = page.getByRole("region", { name: "Add news" });
  const title = unique("Chosen then deleted");
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Content").fill("Kept as typed.");
  await press(page, form.getByRole("button", { name: "Choose from library" }));
  const dialog = page.getByRole("dialog", { name: "Choose an earlier photo" });
  await press(page, dialog.getByRole("button", { name: new RegExp(fileName) }));
  await expect(dialog).toBeHidden();
  await form.getByLabel(/Describe the photo/).fill("The squad");

  // Meanwhile, in another tab, the upload is deleted from the library (it was not used yet).
  const library = await page.context().newPage();
  await library.goto("/admin/media");
  await press(
    library,
    library
      .getByRole("article", { name: fileName })
      .getByRole("button", { name: `Delete: ${fileName}` }),
  );
  await expect(library.getByRole("button", { name: "Undo" })).toBeFocused();
  await library.close();

  await press(page, form.getByRole("button", { name: "Add News" }));
  const again = page.getByRole("region", { name: "Add news" });
  const address = again.getByLabel(/Image URL/);
  await expect(address).toHaveAccessibleDescription(
    new RegExp(MEDIA_MESSAGES.deleted.slice(0, 40)),
  );
  await expect(address).toBeFocused();
  await expect(again.getByLabel("Title")).toHaveValue(title);
  await expect(again.getByLabel("Content")).toHaveValue("Kept as typed.");
  expect(await findRows("news", { title })).toEqual([]);
  await expectAccessible(page);
  await reviewShot(page, "chosen-then-deleted");
});
