import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInThroughForm, test } from "./fixtures.ts";
import { emptyDataDir, startOwnServer } from "./own-server.ts";
import { ownServerPort } from "./ports.ts";
import { presetConsent } from "./site.ts";

// Decisions 15, ADR 013-015: a club sets up its site from an empty database entirely in the
// admin: no file edited, no restart. A server of this test's own, started with SEED_DEMO=0 and
// the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD (README "Creating an
// administrator"). The refusals (last administrator, weak colours, a venue in use, an expired
// or reused link) are covered by admin-administrators, admin-club and admin-lists specs and
// their integration tests.

const CHOSEN = "quayside-lantern-amber-27";

const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("a club sets up its site from an empty database in the admin; the public pages show it", {
  tag: "@desktop",
}, async ({ page, browser }) => {
  test.setTimeout(240_000);
  const port = ownServerPort();
  const base = `http://127.0.0.1:${port}`;
  const tag = randomUUID().slice(0, 6);
  // An empty, migrated database copied from a template (own-server.ts emptyDataDir): the
  // server's first start on it makes the administrator and the club's defaults as on a new one.
  const { server, dataDir } = await startOwnServer(port, {
    name: "setup",
    env: { SEED_DEMO: "0", ANALYTICS_ID: "", SMTP_URL: "" },
    dataDir: await emptyDataDir("setup"),
  });
  try {
    await presetConsent(page, "declined");
    // No demo content: no news, no players.
    const emptyNews = await (await fetch(`${base}/news`)).text();
    expect(emptyNews).not.toContain("Open training night for new players");
    // No demo events, and none of the demo club's venues (ADR 031, decisions 35).
    expect(await (await fetch(`${base}/events`)).text()).toContain(
      "No events planned at the moment.",
    );
    expect((await fetch(`${base}/venues/ul-arena`)).status).toBe(404);

    // The first administrator, made at start from the environment.
    await signInThroughForm(page, { path: "/admin/club", origin: base });

    // Club details: names, team, time zone, colours.
    const club = page.getByRole("region", { name: "Edit club details" });
    await club.getByLabel("Club name").fill("Harbour Hawks Powerchair Football Club");
    await club.getByLabel("Short name").fill("Harbour Hawks");
    await club.getByLabel("Team name").fill("Hawks First Team");
    await club.getByLabel("Time zone").selectOption("Europe/Lisbon");
    await club.getByLabel("Tagline").fill(`Fast chairs, big hearts ${tag}.`);
    await club.getByLabel("Primary colour").fill("#5a1a8c");
    await club.getByLabel("Accent colour").fill("#ffd166");
    await club.getByRole("button", { name: "Save club details" }).click();
    await expect(status(page, "Club details saved.")).toBeVisible();

    // Two sponsors in two tiers.
    await page.goto(`${base}/admin/sponsors`);
    const sponsorForm = page.getByRole("region", { name: "Add sponsor" });
    for (const [name, tier] of [
      ["Harbour Bank", "Official Sponsor"],
      ["Quay Cafe", "Supporter"],
    ] as const) {
      await sponsorForm.getByLabel("Name").fill(name);
      await sponsorForm
        .getByLabel("Link")
        .fill(`https://${name.replace(" ", "-").toLowerCase()}.example`);
      await sponsorForm.getByLabel("Tier").selectOption(tier);
      await sponsorForm.getByRole("button", { name: "Add Sponsor" }).click();
      await expect(status(page, "Sponsor added.")).toBeVisible();
      await expect(page.getByRole("article", { name })).toBeVisible();
    }

    // A venue and a match type.
    await page.goto(`${base}/admin/venues`);
    const venueForm = page.getByRole("region", { name: "Add a venue" });
    await venueForm.getByLabel(/^Name/).fill("Quayside Sports Hall");
    await venueForm.getByLabel(/^Address/).fill("Quay Street, Galway");
    await venueForm.getByRole("button", { name: "Add Venue" }).click();
    await expect(status(page, "Venue added.")).toBeVisible();
    await page.goto(`${base}/admin/competitions`);
    const competitionForm = page.getByRole("region", { name: "Add a competition" });
    await competitionForm.getByLabel(/^Name/).fill("Western Cup");
    await competitionForm.getByLabel(/^Kind/).selectOption("Cup");
    await competitionForm.getByRole("button", { name: "Add Competition" }).click();
    await expect(status(page, "Competition added.")).toBeVisible();
    // The fixture form offers both.
    await page.goto(`${base}/admin/fixtures`);
    await expect(
      page
        .getByLabel("Location")
        .getByRole("option", { name: "Quayside Sports Hall", includeHidden: true }),
    ).toHaveCount(1);
    await expect(
      page
        .getByLabel(/^Match type/)
        .getByRole("option", { name: "Western Cup", includeHidden: true }),
    ).toHaveCount(1);
    await expect(page.getByText("club time (Europe/Lisbon)")).toBeVisible();

    // The About text.
    const mission = `The Hawks play every Saturday ${tag}.`;
    await page.goto(`${base}/admin/pages`);
    await page.getByRole("link", { name: "Edit: About: Our Mission" }).click();
    const editor = page.getByRole("textbox", { name: /^Text/ });
    await expect(editor).toHaveAttribute("contenteditable", "true");
    await editor.fill(mission);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(status(page, "Page text saved.")).toBeVisible();

    // A second administrator, invited; the link is shown on screen (no SMTP).
    const email = `coach-${tag}@hawks.example`;
    await page.goto(`${base}/admin/administrators/new`);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByRole("checkbox", { name: "Administrator" }).check();
    await page.getByLabel("E-mail address").press("Enter");
    await expect(page.getByRole("heading", { name: "Invitation ready" })).toBeVisible();
    const link = await page
      .getByRole("textbox", { name: `Invitation link for ${email}` })
      .inputValue();
    expect(link.startsWith(`${base}/admin/set-password/`)).toBe(true);
    const context = await browser.newContext({ viewport: page.viewportSize() });
    try {
      const invitee = await context.newPage();
      await invitee.goto(link);
      await expect(
        invitee.getByText(
          "You have been invited to run the Harbour Hawks Powerchair Football Club website",
        ),
      ).toBeVisible();
      await invitee.getByLabel("New password", { exact: true }).fill(CHOSEN);
      await invitee.getByLabel("New password again").fill(CHOSEN);
      await invitee.getByLabel("New password again").press("Enter");
      await expect(invitee).toHaveURL(`${base}/admin`);
      await expect(invitee.getByRole("heading", { name: "Dashboard" })).toBeVisible();
      await expect(invitee).toHaveTitle("Dashboard | Harbour Hawks admin");
    } finally {
      await context.close();
    }

    // The public pages, as an anonymous visitor would see them: all of it, without a restart.
    await page.goto(`${base}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Harbour Hawks Powerchair Football Club",
    );
    await expect(page.getByText(`Fast chairs, big hearts ${tag}.`).first()).toBeVisible();
    expect(await page.locator("html").getAttribute("style")).toContain("--club-primary: #5a1a8c");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("Harbour Bank")).toBeVisible();
    await page.goto(`${base}/sponsors`);
    const supported = page.getByRole("region", { name: "Proudly supported by" });
    await expect(
      supported.getByRole("heading", { level: 3, name: "Official Sponsors" }),
    ).toBeVisible();
    await expect(supported.getByRole("heading", { level: 3, name: "Supporters" })).toBeVisible();
    await expect(supported.getByText("Harbour Bank")).toBeVisible();
    await expect(supported.getByText("Quay Cafe")).toBeVisible();
    await page.goto(`${base}/about`);
    await expect(page.getByText(mission)).toBeVisible();
    await expect(page).toHaveTitle("About | Harbour Hawks");
    await expectAccessible(page);
    const anonymous = await (await fetch(`${base}/about`)).text();
    expect(anonymous).toContain(mission);
    expect(anonymous).toContain("Harbour Hawks");
    // The privacy policy the club has not edited yet names the club as Club details does.
    const privacy = await (await fetch(`${base}/privacy-policy`)).text();
    expect(privacy).toContain("The data controller is Harbour Hawks Powerchair Football Club");
  } finally {
    server.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
