import type { Page } from "@playwright/test";
import {
  expect,
  expectAccessible,
  findRows,
  reviewShot,
  signInAsAdmin,
  tabTo,
  test,
} from "./fixtures.ts";
import { presetConsent } from "./site.ts";

// Import from the old site (ADR 009), with the keyboard only: Tab to the file, choose it,
// Enter on "Check the file", read the report (focus on its heading, the outcome announced),
// then Import, and a file that is refused. At 1280 px; the screen at 375 px: admin-narrow.spec.ts.

// Several uploads, each with an axe run.
test.slow();

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

/** The project's own old ids and titles, so no other run's import in this worker's database matches. */
const tagOf = () => test.info().project.name.replace(/^chromium-/, "");

/** A small export of the old site: two news items, one without a title, and one player. */
function smallExport(tag: string): Buffer {
  return Buffer.from(
    JSON.stringify({
      news: {
        [`uiNewsA${tag}`]: {
          title: `Imported story A ${tag}`,
          content: "The first story from the old site.",
          date: { _seconds: 1_709_294_400, _nanoseconds: 0 },
        },
        [`uiNewsB${tag}`]: {
          title: `Imported story B ${tag}`,
          content: "The second story from the old site.",
          category: "Club News",
          date: "2024-03-08T12:00:00.000Z",
        },
        [`uiNewsBroken${tag}`]: { content: "A story without a title." },
      },
      team: {
        [`uiPlayer${tag}`]: { name: `Imported Player ${tag}`, role: "Player" },
      },
    }),
  );
}

async function chooseFile(page: Page, file: { name: string; buffer: Buffer }) {
  const input = page.getByLabel("Export file (.json)");
  await tabTo(page, input);
  await input.setInputFiles({ ...file, mimeType: "application/json" });
}

const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** How many of the export's two news items are in the database (main's probe helpers only). */
const countImported = async (tag: string) =>
  (await findRows("news", { title: `Imported story A ${tag}` })).length +
  (await findRows("news", { title: `Imported story B ${tag}` })).length;

test("check the file, then import it, with the keyboard; a second import changes nothing", {
  tag: "@desktop",
}, async ({ page }) => {
  const tag = tagOf();
  const file = { name: "old-site-export.json", buffer: smallExport(tag) };
  await signInAsAdmin(page, "/admin");
  await tabTo(page, page.getByRole("link", { name: /Import from the old site/ }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/admin/import");
  await expect(
    page.getByRole("heading", { level: 1, name: "Import from the old site" }),
  ).toBeVisible();
  await expectAccessible(page);

  // Check the file: a dry run, nothing written.
  await chooseFile(page, file);
  await tabTo(page, page.getByRole("button", { name: "Check the file" }));
  await page.keyboard.press("Enter");
  const checked = page.getByRole("heading", { name: "Check: nothing was written" });
  await expect(checked).toBeFocused();
  await expect(
    status(
      page,
      "Check finished: nothing was written. An import would create 3, update 0, leave 0 unchanged and skip 1.",
    ),
  ).toBeVisible();
  const collections = page.getByRole("table", { name: /What an import would do/ });
  await expect(collections.getByRole("row", { name: /^News/ })).toHaveText(
    /News\s*3\s*2\s*0\s*0\s*1\s*No/,
  );
  const problems = page.getByRole("table", { name: /1 problem/ });
  await expect(problems.getByRole("row", { name: new RegExp(`uiNewsBroken${tag}`) })).toContainText(
    "title",
  );
  await expect(page.getByRole("link", { name: "Download the report (JSON)" })).toHaveAttribute(
    "href",
    /^data:application\/json/,
  );
  expect(await countImported(tag)).toBe(0);
  await expectAccessible(page);
  await reviewShot(page, "import-check", { fullPage: true });

  // Import: the real run.
  await chooseFile(page, file);
  await tabTo(page, page.getByRole("button", { name: "Import", exact: true }));
  await page.keyboard.press("Enter");
  const imported = page.getByRole("heading", { name: "Imported", exact: true });
  await expect(imported).toBeFocused();
  await expect(
    status(page, "Import finished: 3 created, 0 updated, 0 unchanged, 1 skipped."),
  ).toBeVisible();
  expect(await countImported(tag)).toBe(2);
  await expect(page.getByRole("link", { name: /^\/news\// })).toHaveCount(2);
  await expect(page.getByRole("link", { name: /^\/team\// })).toHaveCount(1);
  await expectAccessible(page);
  await reviewShot(page, "import-done", { fullPage: true });

  // The same file again: nothing changes.
  await chooseFile(page, file);
  await tabTo(page, page.getByRole("button", { name: "Import", exact: true }));
  await page.keyboard.press("Enter");
  await expect(
    status(page, "Import finished: 0 created, 0 updated, 3 unchanged, 1 skipped."),
  ).toBeVisible();
  await expect(imported).toBeFocused();
  expect(await countImported(tag)).toBe(2);
});

// The refusals, one session (what the server and the screen refuse does not depend on the width).
test("a file that is not an export is refused, the refusal focused and announced; offline, nothing is sent and the screen says so", {
  tag: "@desktop",
}, async ({ page, context }) => {
  await signInAsAdmin(page, "/admin/import");
  await chooseFile(page, { name: "notes.json", buffer: Buffer.from("these are my notes") });
  await tabTo(page, page.getByRole("button", { name: "Check the file" }));
  await page.keyboard.press("Enter");
  const alert = page.getByRole("alert").filter({ hasText: "The file is not JSON" });
  await expect(alert).toBeFocused();
  await expect(alert).toContainText("Nothing was imported.");
  await expect(page.getByLabel("Export file (.json)")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await reviewShot(page, "import-refused", { fullPage: true });

  // A file of the wrong shape: JSON, but not the old site's collections.
  await chooseFile(page, { name: "users.json", buffer: Buffer.from('{"users":{}}') });
  await tabTo(page, page.getByRole("button", { name: "Import", exact: true }));
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("alert").filter({ hasText: "not an export of the old site" }),
  ).toBeFocused();

  // Offline: nothing is sent and the screen says so.
  await chooseFile(page, { name: "old-site-export.json", buffer: smallExport(`${tagOf()}off`) });
  await context.setOffline(true);
  try {
    await tabTo(page, page.getByRole("button", { name: "Import", exact: true }));
    await page.keyboard.press("Enter");
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "Importing needs a connection: nothing was sent." }),
    ).toBeFocused();
  } finally {
    await context.setOffline(false);
  }
  expect(await countImported(`${tagOf()}off`)).toBe(0);
});
