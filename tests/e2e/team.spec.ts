import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { clubSite } from "../../app/config/club-site.ts";
import { clubDay, defaultSeasonFor, isInSeason } from "../../app/domain/seasons/rules.ts";
import { buildTeamMember } from "../../scripts/factories.ts";
import { deleteRows, expect, expectAccessible, findRows, insertRows, test } from "./fixtures.ts";
import { focusByKeyboard, presetConsent, watchRequests } from "./site.ts";

// The demo club's time zone (a new database's, config/club-site.ts).
const TIME_ZONE = clubSite.timeZone;

// The Team page and the player pages (rules §2 Team and Player detail, decisions
// 9–11, 16). Runs with and without JavaScript; @js tests need it.

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

/** Inserts players of this test only (unique names), returns their names and slugs. */
async function insertPlayers(
  tag: string,
  players: { first: string; order: number; number: string }[],
): Promise<{ name: string; slug: string }[]> {
  const rows = players.map((p) => ({
    name: `${p.first} Tester${tag}`,
    slug: `${p.first.toLowerCase()}-tester${tag}`,
    ...p,
  }));
  await insertRows(
    "teamMembers",
    rows.map((r) =>
      buildTeamMember({ name: r.name, slug: r.slug, number: r.number, displayOrder: r.order }),
    ),
  );
  return rows;
}

function playersRegion(page: Page) {
  return page.getByRole("region", { name: "Players" });
}

// One test walks the Team page and the player pages, each with its axe check (which needs
// JavaScript: in the no-JavaScript project expectAccessible leaves it to the scripted ones);
// what the server sends and the scripted journeys in one more, once (@desktop).

test("the Team page and the player pages: players in display order, the coaching staff, a profile with its stats, missing details, and a real 404 for an unknown player or a coach", async ({
  page,
}) => {
  // Inserted out of order: the page must sort them by display order.
  const tag = randomUUID().slice(0, 8);
  const [late, early, middle] = await insertPlayers(tag, [
    { first: "Late", order: 9003, number: "33" },
    { first: "Early", order: 9001, number: "31" },
    { first: "Middle", order: 9002, number: "32" },
  ]);
  await page.goto("/team");
  await expect(page).toHaveTitle("Team | Shannonside Storm");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Team");

  const links = playersRegion(page).getByRole("link");
  const names = await links.allTextContents();
  const mine = names.filter((text) => text.includes(`Tester${tag}`));
  expect(mine.map((text) => text.match(/^(Early|Middle|Late)/)?.[1])).toEqual([
    "Early",
    "Middle",
    "Late",
  ]);

  for (const player of [early, middle, late]) {
    const card = playersRegion(page).getByRole("link", { name: new RegExp(player?.name ?? "") });
    await expect(card).toHaveAttribute("href", `/team/${player?.slug}`);
  }
  // A demo player's card: photo, shirt number, first and last name.
  const aisling = playersRegion(page).getByRole("link", { name: /Aisling Murphy/ });
  await expect(aisling).toHaveAccessibleName(/^Aisling Murphy ?, number 7$/);
  await expect(aisling).toHaveAttribute("href", "/team/aisling-murphy");
  await expect(aisling.locator("img")).toHaveAttribute("src", /default.*\.svg$/);
  await expect(aisling.locator("img")).toHaveAttribute("width", "400");

  await test.step("the Coaching Staff section shows photo, name and role, with no links", async () => {
    const staff = page.getByRole("region", { name: "Coaching Staff" });
    const head = staff.getByRole("article", { name: "Siobhán Keane" });
    await expect(head).toContainText("Head Coach");
    await expect(head.locator("img")).toHaveAttribute("src", /siobhan-keane.*\.svg$/);
    await expect(staff.getByRole("article", { name: "Martin Hegarty" })).toContainText(
      "Assistant Coach",
    );
    await expect(staff.getByRole("link")).toHaveCount(0);
    // Coaches are not listed among the players.
    await expect(playersRegion(page).getByText("Keane")).toHaveCount(0);
  });
  await expectAccessible(page);

  await test.step("a player page shows the profile, the stats and a way back", async () => {
    const [player] = await findRows("teamMembers", { slug: "aisling-murphy" });
    await page.goto("/team/aisling-murphy");
    await expect(page).toHaveTitle("Aisling Murphy | Shannonside Storm");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aisling Murphy");
    // Her photo is the default silhouette: decorative (ADR 011), so found by tag, not role.
    const photo = page.getByRole("main").locator("img").first();
    await expect(photo).toHaveAttribute("alt", "");
    await expect(photo).toHaveAttribute("width", "400");
    const facts = page.getByRole("definition");
    await expect(facts.nth(0)).toHaveText("7");
    await expect(facts.nth(1)).toHaveText("Striker");
    await expect(facts.nth(2)).toHaveText("PF1");
    await expect(facts.nth(3)).toHaveText("2016");

    const bio = page.getByRole("region", { name: "About Aisling" });
    await expect(bio.locator("strong")).toHaveText("composure on the ball");

    // decisions 24: the current season's label; goals counted from this season's results.
    const season = defaultSeasonFor(clubDay({ date: new Date(), timeZone: TIME_ZONE }));
    const results = (await findRows("fixtures", {})).map((row) => ({
      ...row,
      date: row.date ? new Date(row.date) : null,
    }));
    const goals = results
      .filter(
        (row) =>
          row.date &&
          isInSeason({ date: row.date, season, timeZone: TIME_ZONE }) &&
          row.homeScore !== null,
      )
      .flatMap((row) => row.scorers)
      .filter((scorer) => scorer.name === "Aisling Murphy").length;
    expect(goals).toBeGreaterThan(0);
    const stats = page.getByRole("region", { name: `Season ${season.label} Stats` });
    for (const [label, value] of [
      ["Goals", goals],
      ["Assists", player?.assists],
      ["Yellow Cards", player?.yellowCards],
      ["Red Cards", player?.redCards],
    ] as const) {
      await expect(stats.getByRole("term").filter({ hasText: label })).toHaveCount(1);
      await expect(stats.getByText(label).locator("xpath=following-sibling::dd")).toHaveText(
        String(value),
      );
    }
    await expect(page.getByRole("link", { name: "Back to Team" })).toHaveAttribute("href", "/team");
    // Server-rendered: no loading text.
    await expect(page.getByText("Loading player details...")).toHaveCount(0);
    await expectAccessible(page);
  });

  await test.step("missing classification, playing-since and bio show a dash and the default bio", async () => {
    await page.goto("/team/liam-kavanagh");
    const facts = page.getByRole("definition");
    await expect(facts.nth(2)).toContainText("—");
    await expect(facts.nth(3)).toContainText("—");
    await expect(page.getByRole("region", { name: "About Liam" })).toContainText(
      "Liam is part of the Shannonside Storm Powerchair Football Club squad.",
    );
    await expectAccessible(page);
  });

  await test.step("an unknown player and a coach get a real 404 with a way back", async () => {
    for (const path of ["/team/nobody-by-this-name", "/team/siobhan-keane"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Player not found");
      await expect(page.getByRole("link", { name: "Back to Team" })).toHaveAttribute(
        "href",
        "/team",
      );
      if (path === "/team/nobody-by-this-name") await expectAccessible(page);
    }
  });
});

test("the public pages never load the editor; 'Loading player details...' shows while a player page loads; a player page has its title, description, Open Graph tags and JSON-LD", {
  tag: ["@js", "@desktop"],
}, async ({ page }) => {
  const quill = watchRequests(page, /quill/i);
  const all = watchRequests(page, /./);
  await test.step("'Loading player details...' shows while a player page loads, then goes", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/team\/niamh-fitzgerald\.data/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto("/team");
    const status = page.getByRole("status").filter({ hasText: "Loading player details..." });
    await expect(status).toHaveCount(0);
    await playersRegion(page)
      .getByRole("link", { name: /Niamh Fitzgerald/ })
      .click();
    await expect(status).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Niamh Fitzgerald");
    await expect(page.getByText("Loading player details...")).toHaveCount(0);
  });

  await test.step("a player page has its title, description, Open Graph tags and JSON-LD", async () => {
    await page.goto("/team/ciaran-walsh");
    const meta = (selector: string) => page.locator(`head ${selector}`);
    await expect(meta('meta[name="description"]')).toHaveAttribute(
      "content",
      /^Ciarán Walsh, Attacking midfielder, Shannonside Storm/,
    );
    await expect(meta('meta[property="og:title"]')).toHaveAttribute(
      "content",
      "Ciarán Walsh | Shannonside Storm",
    );
    await expect(meta('meta[property="og:type"]')).toHaveAttribute("content", "profile");
    await expect(meta('meta[property="og:url"]')).toHaveAttribute(
      "content",
      "https://shannonside-storm.example/team/ciaran-walsh",
    );
    await expect(meta('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /^https:\/\/.+\.svg$/,
    );
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Person",
      name: "Ciarán Walsh",
      url: "https://shannonside-storm.example/team/ciaran-walsh",
      memberOf: { "@type": "SportsTeam", name: "Shannonside Storm Powerchair Football Club" },
    });
  });

  // The Team page, a player page reached by a client navigation (Niamh's) and one loaded
  // whole (Ciarán's): none of them asked for the editor.
  await test.step("the public pages never load the editor", async () => {
    expect(all.length).toBeGreaterThan(0);
    expect(quill).toEqual([]);
  });
});

// A list card is drawn only near the screen (`content-visibility: auto`, app.css), which
// clips what it paints to its box: the focus indicator around a player card, drawn outside
// the card, was cut away but for its corners. The pixels just outside the focused card's
// top edge must be the indicator's, not the page's background.
test("a focused player card shows its whole focus indicator", {
  tag: "@desktop",
}, async ({ page }) => {
  const [player] = await insertPlayers(randomUUID().slice(0, 8), [
    { first: "Focus", order: 9990, number: "96" },
  ]);
  if (!player) throw new Error("no player inserted");
  try {
    await expectWholeFocusIndicator(page, player.name);
  } finally {
    await deleteRows("teamMembers", { slug: player.slug });
  }
});

async function expectWholeFocusIndicator(page: Page, name: string): Promise<void> {
  await page.goto("/team");
  const card = playersRegion(page).getByRole("link", { name: new RegExp(name) });
  await focusByKeyboard(page, card);
  const box = await card.boundingBox();
  if (!box) throw new Error("the card has no box");
  // A strip across the middle of the card, 3 to 4 px above it: the amber outline
  // (2 px off the card, 3 px wide) when painted, the section's light grey when clipped.
  const strip = await page.screenshot({
    clip: { x: box.x + box.width / 4, y: box.y - 4, width: box.width / 2, height: 1 },
    scale: "css",
  });
  const { data, info } = await sharp(strip)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const background = { r: 0xf1, g: 0xf5, b: 0xf9 }; // slate-100
  let painted = 0;
  for (let i = 0; i < info.width; i++) {
    const [r = 0, g = 0, b = 0] = data.subarray(i * 3, i * 3 + 3);
    const distance =
      Math.abs(r - background.r) + Math.abs(g - background.g) + Math.abs(b - background.b);
    if (distance > 60) painted++;
  }
  expect(painted, "pixels of the focus indicator above the card").toBe(info.width);
}
