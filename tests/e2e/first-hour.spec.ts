import fs from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { demoClub } from "../../scripts/demo-club.ts";
import { expect, expectAccessible, reviewShot, signInThroughForm, test } from "./fixtures.ts";
import { emptyDataDir, startOwnServer } from "./own-server.ts";
import { ownServerPort } from "./ports.ts";
import { presetConsent } from "./site.ts";

// decisions 35, ADR 037: a new club's first hour. A server of this test's own on an empty
// database (SEED_DEMO=0, the first administrator from the environment): no public page shows
// anything of the demo club; the dashboard's setup checklist leads through its items and
// ticks each one; the crest uploaded in Club details is in the header, the manifest and the
// icons.

/** Every string of the demo club a new club's pages must not show. */
const DEMO_STRINGS = [
  demoClub.name,
  demoClub.shortName,
  "Storm",
  demoClub.email,
  demoClub.tagline,
  ...demoClub.phoneContacts.flatMap((contact) => [contact.name, contact.phone]),
  demoClub.address.street,
  demoClub.address.postcode,
  demoClub.address.locality,
  ...demoClub.governingBodies.map((body) => body.name),
  ...demoClub.shortVideos.map((video) => video.title),
  ...demoClub.officialSponsors.map((sponsor) => sponsor.name),
  ...demoClub.venues.map((venue) => venue.name),
  ...demoClub.competitions
    .map((competition) => competition.name)
    .filter((name) => name !== "Friendly" && name !== "Training"),
  "AIPF",
  demoClub.about.mission[0]?.slice(0, 60) ?? "",
];

const PUBLIC_PAGES = [
  "/",
  "/about",
  "/team",
  "/fixtures",
  "/news",
  "/sponsors",
  "/contact",
  "/events",
  "/come-and-try",
  "/privacy-policy",
  "/terms-conditions",
  "/manifest.webmanifest",
  "/fixtures/calendar.ics",
  "/news/rss.xml",
  "/sitemap.xml",
];

const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const checklist = (page: Page) => page.getByRole("region", { name: "Set up the club's site" });
const item = (page: Page, label: string, state: "done" | "to do") =>
  checklist(page).getByRole("link", { name: `${label}: ${state}` });

/** Design screenshots at a laptop's and a phone's width (E2E_SHOTS=1 only). */
async function shots(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  const size = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await reviewShot(page, `${name}-${width}`, { fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** The width and height a PNG file says it has. */
function pngSize(bytes: Buffer): [number, number] {
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test("a new club starts empty, the setup checklist leads through its first hour, its crest becomes the site's icons", {
  tag: "@desktop",
}, async ({ page }) => {
  test.setTimeout(240_000);
  const port = ownServerPort();
  const base = `http://127.0.0.1:${port}`;
  const { server, dataDir } = await startOwnServer(port, {
    name: "first-hour",
    env: { SEED_DEMO: "0", ANALYTICS_ID: "", SMTP_URL: "" },
    dataDir: await emptyDataDir("first-hour"),
  });
  try {
    // Nothing of the demo club on any public page (its data included: the pages carry it).
    for (const path of PUBLIC_PAGES) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      const body = await response.text();
      for (const demo of DEMO_STRINGS) expect(body, `${path}: ${demo}`).not.toContain(demo);
    }
    // The legal pages are a template that says so; the About text is still to be written.
    expect(await (await fetch(`${base}/privacy-policy`)).text()).toContain("Template to adapt");
    expect(await (await fetch(`${base}/about`)).text()).toContain("still to be written");
    // None of the demo club's venues has a page.
    expect((await fetch(`${base}/venues/ul-arena`)).status).toBe(404);

    await presetConsent(page, "declined");
    await signInThroughForm(page, { path: "/admin", origin: base });
    await expect(checklist(page)).toContainText("0 of 7 done");
    await expectAccessible(page);
    await shots(page, "dashboard-checklist");

    // Club details: name and crest, colours, contact details, the public address.
    await item(page, "Name and crest", "to do").click();
    await expect(page).toHaveURL(`${base}/admin/club#club-details-heading`);
    const form = page.getByRole("region", { name: "Edit club details" });
    await form.getByLabel("Club name").fill("Harbour Hawks Powerchair Football Club");
    await form.getByLabel("Short name").fill("Harbour Hawks");
    const crest = await sharp({
      create: { width: 600, height: 600, channels: 4, background: "#5a1a8c" },
    })
      .png()
      .toBuffer();
    await form
      .getByRole("group", { name: "Crest" })
      .getByLabel("Upload a logo")
      .setInputFiles({ name: "crest.png", mimeType: "image/png", buffer: crest });
    await form.getByLabel("Primary colour").fill("#5a1a8c");
    await form.getByLabel("Accent colour").fill("#ffd166");
    await form.getByLabel("Club e-mail").fill("hello@harbourhawks.org");
    await form.getByLabel("Venue").fill("Quayside Sports Hall");
    await form.getByLabel("Town or city").fill("Galway");
    await form.getByLabel("Postcode").fill("H91 X2Y3");
    await form.getByLabel("The site's public address").fill("https://harbourhawks.org");
    await expectAccessible(page);
    await shots(page, "club-details-crest");
    await form.getByRole("button", { name: "Save club details" }).click();
    await expect(status(page, "Club details saved.")).toBeVisible();

    await page.goto(`${base}/admin`);
    await expect(checklist(page)).toContainText("4 of 7 done");
    for (const label of [
      "Name and crest",
      "Colours",
      "Contact details",
      "The site's public address",
    ]) {
      await expect(item(page, label, "done")).toBeVisible();
    }

    // The first player.
    await item(page, "First players", "to do").click();
    await expect(page).toHaveURL(`${base}/admin/team`);
    await page.getByLabel("Name", { exact: true }).fill("Aoibhinn Quay");
    await page.getByRole("button", { name: "Add Player" }).click();
    await expect(status(page, "Team member added.")).toBeVisible();

    // The first fixture, at a venue of the club's own.
    await page.goto(`${base}/admin/venues`);
    const venueForm = page.getByRole("region", { name: "Add a venue" });
    await venueForm.getByLabel(/^Name/).fill("Quayside Sports Hall");
    await venueForm.getByRole("button", { name: "Add Venue" }).click();
    await expect(status(page, "Venue added.")).toBeVisible();
    await page.goto(`${base}/admin`);
    await item(page, "First fixture", "to do").click();
    const fixture = page.getByRole("region", { name: "Add a fixture" });
    await fixture.getByLabel("Opponent", { exact: true }).fill("Western Wheelers");
    await fixture.getByLabel("Location", { exact: true }).selectOption("Quayside Sports Hall");
    await fixture.getByLabel("Date", { exact: true }).fill("2036-09-14");
    await fixture.getByRole("button", { name: "Add Fixture" }).click();
    await expect(status(page, "Fixture added.")).toBeVisible();

    // The legal pages, adapted and saved.
    await page.goto(`${base}/admin`);
    await expect(checklist(page)).toContainText("6 of 7 done");
    for (const label of ["First players", "First fixture"]) {
      await expect(item(page, label, "done")).toBeVisible();
    }
    await item(page, "Legal pages reviewed", "to do").click();
    for (const [label, text] of [
      ["Privacy Policy", "We keep messages for a year."],
      ["Terms & Conditions", "Irish law applies."],
    ] as const) {
      await page.getByRole("link", { name: `Edit: ${label}` }).click();
      const editor = page.getByRole("textbox", { name: /^Text/ });
      await expect(editor).toHaveAttribute("contenteditable", "true");
      await editor.fill(text);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(status(page, "Page text saved.")).toBeVisible();
    }
    // Everything done: the checklist has gone, and no reminder is left.
    await page.goto(`${base}/admin`);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(checklist(page)).toHaveCount(0);
    await expect(page.getByText("still the template")).toHaveCount(0);

    // The crest: in the header, and as every icon, also in the manifest.
    await page.goto(`${base}/`);
    const headerCrest = page.getByRole("banner").locator("img").first();
    await expect(headerCrest).toHaveAttribute("src", /^\/media\/[0-9a-f]+-\d+\.png$/);
    await expect(page.locator('link[rel="icon"][sizes="32x32"]')).toHaveAttribute(
      "href",
      "/brand/favicon-32.png",
    );
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      "href",
      "/brand/apple-touch-icon.png",
    );
    const manifest = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as {
      name: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest.name).toBe("Harbour Hawks Powerchair Football Club");
    const icons = manifest.icons.filter((icon) => icon.src.startsWith("/brand/"));
    expect(icons.map((icon) => icon.sizes)).toEqual(["192x192", "512x512", "512x512"]);
    for (const [src, size] of [
      ...icons.map((icon) => [icon.src, Number(icon.sizes.split("x")[0])] as const),
      ["/brand/favicon-32.png", 32] as const,
      ["/brand/favicon-48.png", 48] as const,
      ["/brand/apple-touch-icon.png", 180] as const,
    ]) {
      const response = await fetch(`${base}${src}`, { redirect: "manual" });
      expect(response.status, src).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
      expect(pngSize(Buffer.from(await response.arrayBuffer())), src).toEqual([size, size]);
    }
    await shots(page, "home-with-crest");
    // The club's side of the fixture card shows it too (the opponent has no logo).
    await page.goto(`${base}/fixtures`);
    const card = page.getByRole("article").filter({ hasText: "Western Wheelers" });
    await expect(card.locator('img[src^="/media/"]').first()).toBeAttached();
    // The contact page shows the address with its postcode.
    await page.goto(`${base}/contact`);
    await expect(page.getByText("Galway H91 X2Y3")).toBeVisible();
  } finally {
    server.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
