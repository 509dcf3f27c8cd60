import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { demoClubDetails } from "../../scripts/demo-club.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  findRows,
  reviewShot,
  signInAsAdmin,
  tabTo,
  test,
  updateRows,
} from "./fixtures.ts";
import { presetConsent } from "./site.ts";

// Club details and Sponsors (ADR 013): set in the admin with the keyboard, shown by the public
// pages on the next request (no restart, the page cache emptied). At 1280 px; both screens at
// 375 px: admin-narrow.spec.ts.

test.slow();

const unique = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)}`;

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

// Other specs in this worker expect the demo club: put its details back after each test.
test.afterEach(async () => {
  await updateRows("clubSettings", { singleton: "club" }, { details: demoClubDetails() });
});

async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

const status = (page: Page, text: string | RegExp) =>
  page.getByRole("status").filter({ hasText: text });

async function storedDetails() {
  const [row] = await findRows("clubSettings", { singleton: "club" });
  return row?.details;
}

test("Club details: saved with the keyboard, a weak colour refused, shown on the public pages at once", {
  tag: "@desktop",
}, async ({ page, request }) => {
  const shortName = unique("Hawks");
  // An anonymous visitor's copy of the contact page is in the page cache before the change.
  expect(await (await request.get("/contact")).text()).toContain("Shannonside Storm");

  await page.goto("/");
  await signInAsAdmin(page, "/admin");
  await tabTo(page, page.getByRole("link", { name: /^Club details/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Club details" })).toBeVisible();
  await expectAccessible(page);
  await reviewShot(page, "club-details", { fullPage: true });

  const form = page.getByRole("region", { name: "Edit club details" });
  await tabTo(page, form.getByLabel("Short name"));
  await retype(page, shortName);
  await tabTo(page, form.getByLabel("Club e-mail"));
  await retype(page, "hello@hawks.example");
  // The empty row adds a third phone contact.
  await tabTo(page, form.getByLabel("Role 3"));
  await page.keyboard.type("Chairperson");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Sam Quinn");
  await page.keyboard.press("Tab");
  await page.keyboard.type("+353 61 555 0199");

  // A light primary colour: the live check says so politely, and the server refuses it.
  // (Colours come before Contact in the form: back up to it.)
  await tabTo(page, form.getByLabel("Primary colour"), { back: true });
  await retype(page, "#8fbcd4");
  await expect(status(page, /Primary colour against white: \d\.\d\d:1, too low/)).toBeVisible();
  await tabTo(page, form.getByRole("button", { name: "Save club details" }));
  await page.evaluate(() => {
    // Past the browser's own check: the server must refuse it too.
    document.querySelector("form#club-details")?.setAttribute("novalidate", "");
  });
  const before = await storedDetails();
  await page.keyboard.press("Enter");
  await expect(form.getByLabel("Primary colour")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText(/under the 4\.5:1 that text needs/).first()).toBeVisible();
  expect(await storedDetails()).toEqual(before);

  await tabTo(page, form.getByLabel("Primary colour"), { back: true });
  await retype(page, "#5a1a8c");
  await expect(status(page, /Primary colour against white: \d+\.\d\d:1, passes/)).toBeVisible();
  // Enter in the field sends the form too (Save was reached with Tab above).
  await page.keyboard.press("Enter");
  await expect(status(page, "Club details saved.")).toBeVisible();
  // Focus lands on where the details appear, with its links.
  await expect(page.getByRole("region", { name: "Where it appears" })).toBeFocused();
  expect(await storedDetails()).toMatchObject({
    shortName,
    email: "hello@hawks.example",
    colours: { primary: "#5a1a8c", accent: "#f2b233" },
  });

  // The public pages: the signed-in administrator…
  await tabTo(page, page.getByRole("link", { name: "Contact page" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("banner").getByText(shortName)).toBeVisible();
  await expect(page.getByRole("link", { name: "hello@hawks.example" })).toBeVisible();
  await expect(page.getByText("Sam Quinn")).toBeVisible();
  // …and an anonymous visitor (the page cache was emptied), the manifest and the feed too.
  const contact = await (await request.get("/contact")).text();
  expect(contact).toContain(shortName);
  expect(contact).toContain("--club-primary:#5a1a8c");
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ short_name: shortName, theme_color: "#5a1a8c" });
  expect(await (await request.get("/news/rss.xml")).text()).toContain(`${shortName} news`);
});

test("Sponsors: add, edit, move, delete and Undo with the keyboard; View site; /sponsors and the footer by tier", {
  tag: "@desktop",
}, async ({ page, request }) => {
  const [first, second, official] = [unique("Partner A"), unique("Partner B"), unique("Official")];
  try {
    await signInAsAdmin(page, "/admin/sponsors");
    await expect(page.getByRole("heading", { level: 1, name: "Sponsors" })).toBeVisible();
    const addForm = page.getByRole("region", { name: "Add sponsor" });

    for (const [name, tier] of [
      [first, "Partner"],
      [second, "Partner"],
      [official, "Official Sponsor"],
    ] as const) {
      await tabTo(page, addForm.getByLabel("Name"), { back: true });
      await page.keyboard.type(name);
      await page.keyboard.press("Tab");
      await page.keyboard.type(`https://${name.replace(/\W+/g, "-").toLowerCase()}.example`);
      await addForm.getByLabel("Tier").selectOption(tier);
      await tabTo(page, addForm.getByRole("button", { name: "Add Sponsor" }));
      await page.keyboard.press("Enter");
      await expect(status(page, "Sponsor added.")).toBeVisible();
      // ADR 039: after an add the keyboard is on "Add another", one key from the form.
      await expect(page.getByRole("button", { name: "Add another" })).toBeFocused();
      await expect(page.getByRole("article", { name })).toBeVisible();
    }
    await expectAccessible(page);
    await reviewShot(page, "sponsors", { fullPage: true });

    // Edit: focus in the form; the saved row takes focus back.
    const row = page.getByRole("article", { name: second });
    await tabTo(page, row.getByRole("link", { name: `Edit: ${second}` }));
    await page.keyboard.press("Enter");
    const editForm = page.getByRole("region", { name: "Edit sponsor" });
    await expect(editForm.getByLabel("Name")).toBeFocused();
    await tabTo(page, editForm.getByLabel(/^Short text/));
    await page.keyboard.type("Physiotherapy for the whole squad.");
    await tabTo(page, editForm.getByRole("button", { name: "Update Sponsor" }));
    await page.keyboard.press("Enter");
    await expect(status(page, "Sponsor updated.")).toBeVisible();
    await expect(row).toBeFocused();

    // Move up within the tier: announced, focus stays on the button (now inert at the top).
    const moveUp = page.getByRole("button", { name: `Move up: ${second}` });
    await tabTo(page, moveUp);
    await page.keyboard.press("Enter");
    await expect(
      status(page, new RegExp(`^${second} moved to position \\d+ of \\d+ in Partner\\.$`)),
    ).toBeVisible();
    const partners = (await findRows("sponsors", { tier: "Partner" })).sort(
      (a, b) => a.displayOrder - b.displayOrder,
    );
    const names = partners.map((sponsor) => sponsor.name);
    expect(names.indexOf(second)).toBe(names.indexOf(first) - 1);

    // Delete, then Undo with one key press.
    await tabTo(page, row.getByRole("button", { name: `Delete: ${second}` }));
    await page.keyboard.press("Enter");
    const undo = page.getByRole("button", { name: "Undo" });
    await expect(undo).toBeFocused();
    await expect(row).toHaveCount(0);
    expect(await findRows("sponsors", { name: second })).toEqual([]);
    await page.keyboard.press("Enter");
    await expect(status(page, `“${second}” restored.`)).toBeVisible();
    await expect(row).toBeFocused();

    // View site: the admin header leads to the public site.
    await page.getByRole("banner").getByRole("link", { name: "View site" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Shannonside Storm");

    // The public page, as an anonymous visitor: by tier, in order; no logo → the name in a box.
    const html = await (await request.get("/sponsors")).text();
    expect(html.indexOf(official)).toBeLessThan(html.indexOf('id="tier-partner"'));
    expect(html.indexOf(second)).toBeLessThan(html.indexOf(first));
    expect(html).toContain("Physiotherapy for the whole squad.");
    await page.goto("/sponsors");
    await expect(page.getByRole("heading", { level: 3, name: "Partners" })).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("link", { name: new RegExp(second) }),
    ).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: new RegExp(official) })).toBeVisible();
    await expect(footer.getByRole("link", { name: new RegExp(first) })).toHaveCount(0);
    await expectAccessible(page);
  } finally {
    for (const name of [first, second, official]) await deleteRows("sponsors", { name });
  }
});
