import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures.ts";
import {
  CLUB,
  CLUB_DOMAIN,
  calendarEvents,
  deleteFixturesAgainst,
  fixtureRow,
  insertFixture,
  projectYear,
  uniqueTeam,
} from "./match-centre-data.ts";
import { presetConsent } from "./site.ts";

// The public match centre (rules §2 Match centre, §10). Runs at both viewports and
// without JavaScript; tests tagged @js need scripts. Other specs add fixtures while these
// run, so these check the demo content and the page's rules, never exact counts.

const DATE_TEXT = /^[A-Z]{3} \d{2} [A-Z]{3} — (\d{2}:\d{2}|TBC)$/;

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

// The three tabs, each opened at its own address, in one test at both widths and without
// JavaScript (a step each, with the checks of that page that do not depend on the width:
// structured data, recent form, a result to come, the league table's row names).

test("the match centre's three tabs, each at its own address", async ({ page }) => {
  await test.step("the fixtures tab: next match, upcoming fixtures under month headings, calendar links", async () => {
    await page.goto("/fixtures");
    await expect(page).toHaveTitle("Fixtures | Shannonside Storm");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fixtures & Results");

    const next = page.getByRole("region", { name: "Next match" });
    await expect(next).toBeVisible();
    await expect(next).toContainText(CLUB);
    await expect(next.getByText(DATE_TEXT)).toBeVisible();
    await expect(next.getByRole("group", { name: "Countdown to kick-off" })).toContainText(
      /Kick-off in/,
    );
    await expect(
      next.getByRole("link", { name: /^Add to calendar ?: Shannonside Storm v / }),
    ).toHaveAttribute("href", /^\/fixtures\/[0-9a-f-]{36}\/calendar\.ics$/);

    // The demo's TBC fixture: upcoming, listed with 'TBC', never the next match.
    const tbc = page.getByRole("article", { name: "Shannonside Storm v Corrib Cruisers" });
    await expect(tbc).toContainText(/[A-Z]{3} \d{2} [A-Z]{3} — TBC/);
    // Its title is the link to the match's page (rules §2 Match page).
    await expect(
      tbc.getByRole("link", { name: "Shannonside Storm v Corrib Cruisers", exact: true }),
    ).toHaveAttribute("href", /^\/fixtures\/[0-9a-f-]{36}$/);
    await expect(next).not.toContainText("Corrib Cruisers");

    // Month-and-year headings in capitals, in date order.
    const panel = page.locator("#match-centre-panel-fixtures");
    const headings = await panel.getByRole("heading", { level: 3 }).allTextContents();
    const months = headings.filter((text) => /^[A-Z]+ \d{4}$/.test(text));
    expect(months.length).toBeGreaterThan(1);
    const order = months.map((text) => Date.parse(`1 ${text}`));
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const subscribe = page.getByRole("link", { name: "Subscribe to fixtures" });
    await expect(subscribe).toHaveAttribute("href", /^webcal:\/\/[^/]+\/fixtures\/calendar\.ics$/);
    await expectAccessible(page);
  });

  await test.step("upcoming fixtures are published as SportsEvent JSON-LD", async () => {
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? "{}") as { "@graph": Record<string, unknown>[] };
    const events = data["@graph"];
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]).toMatchObject({
      "@type": "SportsEvent",
      homeTeam: { "@type": "SportsTeam", name: CLUB },
      awayTeam: { "@type": "SportsTeam" },
      location: { "@type": "Place" },
    });
    expect(events.map((event) => event.name)).toContain("Shannonside Storm v Kilkenny Kestrels");
  });

  await test.step("the recent form shows five badges with words, and the penalties of a match decided by them", async () => {
    const form = page.getByRole("region", { name: "Recent form" });
    const badges = form.getByRole("listitem");
    await expect(badges).toHaveCount(5);
    for (const badge of await badges.all()) {
      await expect(badge).toHaveText(/^[WLD-](Win|Loss|Draw) against .+|^-No result$/);
    }
    // ADR 011 item 6. The demo's cup quarter-final: 2 - 2, won 4 - 3 on penalties.
    await expect(badges.filter({ hasText: "Dublin Dynamos" })).toHaveText(
      /Win against Dublin Dynamos, 2 - 2, penalties 4 - 3$/,
    );
  });

  await test.step("the results tab (with a past fixture without a score: a result to come, in grey)", async () => {
    const opponent = uniqueTeam("Unplayed");
    const year = projectYear(1990, 1999);
    await insertFixture({ opponent, date: `${year}-02-10T15:00:00Z` });
    try {
      await page.goto("/fixtures?tab=results");
      await expect(page).toHaveTitle("Results | Shannonside Storm");
      const panel = page.locator("#match-centre-panel-results");
      await expect(panel).toBeVisible();
      await expect(page.locator("#match-centre-panel-fixtures")).toBeHidden();

      // The demo's cup quarter-final, drawn 2-2 and won 4-3 on penalties.
      const cup = panel.getByRole("article", { name: "Shannonside Storm 2 - 2 Dublin Dynamos" });
      await expect(cup).toContainText("Penalties: 4 - 3");
      await expect(cup).toContainText("Win");
      await expect(cup).toContainText("Shannonside Memorial Cup · Quarter-Final");
      await expect(cup.getByRole("listitem")).toHaveText([
        "Ciarán Walsh, minute 29′",
        "Niamh Fitzgerald, minute 47′",
      ]);
      await expect(cup).toHaveCSS("border-left-color", "rgb(22, 163, 74)");
      // Its page, the match's record (rules §2 Match page).
      await expect(
        cup.getByRole("link", { name: /^Match page ?: Shannonside Storm 2 - 2 Dublin Dynamos$/ }),
      ).toHaveAttribute("href", /^\/fixtures\/[0-9a-f-]{36}$/);

      const lostOnPens = panel.getByRole("article", {
        name: "Shannonside Storm 1 - 1 Cork Comets",
      });
      await expect(lostOnPens).toContainText("Loss");
      await expect(lostOnPens).toContainText("Penalties: 2 - 4");
      await expect(lostOnPens).toHaveCSS("border-left-color", "rgb(220, 38, 38)");

      const draw = panel.getByRole("article", {
        name: "Shannonside Storm 3 - 3 Waterford Wheelers",
      });
      await expect(draw).toContainText("Draw");
      await expect(draw).toHaveCSS("border-left-color", "rgb(148, 163, 184)");

      // Newest first: the months run backwards.
      const months = (await panel.getByRole("heading", { level: 3 }).allTextContents()).filter(
        (text) => /^[A-Z]+ \d{4}$/.test(text),
      );
      const order = months.map((text) => Date.parse(`1 ${text}`));
      expect(order).toEqual([...order].sort((a, b) => b - a));
      await expectAccessible(page);

      const card = page.getByRole("article", { name: `Shannonside Storm v ${opponent}` });
      await expect(card).toContainText("Result to come");
      await expect(card).toHaveCSS("border-left-color", "rgb(148, 163, 184)");
      await expect(page.getByRole("region", { name: `FEBRUARY ${year}` })).toContainText(opponent);
    } finally {
      await deleteFixturesAgainst(opponent);
    }
  });

  await test.step("the tables tab: caption, headers with full names, sorted by points then goals for", async () => {
    await page.goto("/fixtures?tab=table");
    await expect(page).toHaveTitle("League Table | Shannonside Storm");
    const table = page.getByRole("table");
    await expect(table).toBeVisible();
    await expect(page.locator("caption")).toContainText("sorted by points, then goals for");
    const headers = table.getByRole("columnheader");
    const names = [
      "Team",
      "Played",
      "Won",
      "Drawn",
      "Lost",
      "Goals for",
      "Goals against",
      "Goal difference",
      "Points",
    ];
    await expect(headers).toHaveCount(names.length);
    for (const [index, name] of names.entries()) {
      await expect(headers.nth(index)).toHaveAccessibleName(name);
    }
    // The abbreviations the eye sees, with their expansions.
    await expect(headers.nth(8)).toContainText("PTS");
    await expect(headers.nth(8).locator("abbr")).toHaveAttribute("title", "Points");
    await expect(table.getByRole("columnheader", { name: "Goal difference" })).toHaveAttribute(
      "scope",
      "col",
    );

    const rows = table.getByRole("row").filter({ has: page.getByRole("rowheader") });
    const liffey = rows.filter({ hasText: "Liffey Lightning" });
    await expect(liffey.getByRole("rowheader")).toContainText("Liffey Lightning");
    await expect(liffey.getByRole("cell")).toHaveText([
      "11",
      "8",
      "2",
      "1",
      "27",
      "10",
      "+17",
      "26",
    ]);

    // Points never go up down the table; level points are ordered by goals for.
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const values = [...tr.querySelectorAll("td")].map((td) => Number(td.textContent));
        return { gf: values[4] ?? 0, points: values[7] ?? 0 };
      }),
    );
    expect(cells.length).toBeGreaterThanOrEqual(10);
    for (let i = 1; i < cells.length; i++) {
      const [above, below] = [cells[i - 1], cells[i]];
      if (!above || !below) continue;
      expect(
        above.points > below.points || (above.points === below.points && above.gf >= below.gf),
      ).toBe(true);
    }

    // ADR 011 item 6: a row is named by its position and team, without the crest's initials.
    const knights = page.getByRole("row").filter({ hasText: "Newry Knights" });
    await expect(knights.getByRole("rowheader")).toHaveAccessibleName(/^\d+ Newry Knights$/);
    await expect(knights.getByRole("rowheader")).toHaveText(/^\d+ ?Newry Knights$/);
    await expectAccessible(page);
  });
});

test("without JavaScript the tabs are links to their own addresses", { tag: "@nojs" }, async ({
  page,
}) => {
  await page.goto("/fixtures");
  const tabs = page.getByRole("navigation", { name: "Match centre" });
  await expect(tabs.getByRole("link", { name: "Fixtures" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await tabs.getByRole("link", { name: "Results" }).click();
  await expect(page).toHaveURL("/fixtures?tab=results");
  await expect(page.getByRole("heading", { level: 2, name: "Results" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Upcoming Fixtures" })).toBeHidden();
  await page
    .getByRole("navigation", { name: "Match centre" })
    .getByRole("link", { name: "Tables" })
    .click();
  await expect(page).toHaveURL("/fixtures?tab=table");
  await expect(page.getByRole("table")).toBeVisible();
});

test("with JavaScript the tabs follow the ARIA tabs pattern with arrow keys, a click and Space, keeping focus on the tab", {
  tag: "@js",
}, async ({ page }) => {
  await page.goto("/fixtures");
  const tablist = page.getByRole("tablist", { name: "Match centre" });
  const fixtures = tablist.getByRole("tab", { name: "Fixtures" });
  const results = tablist.getByRole("tab", { name: "Results" });
  const tables = tablist.getByRole("tab", { name: "Tables" });
  await expect(fixtures).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Fixtures" })).toBeVisible();

  await fixtures.focus();
  await page.keyboard.press("ArrowRight");
  await expect(results).toBeFocused();
  await expect(results).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Results" })).toBeVisible();
  await expect(page).toHaveURL("/fixtures?tab=results");
  await expect(page).toHaveTitle("Results | Shannonside Storm");

  await page.keyboard.press("End");
  await expect(tables).toBeFocused();
  await expect(page.getByRole("tabpanel", { name: "Tables" })).toBeVisible();
  await expect(page).toHaveURL("/fixtures?tab=table");

  await page.keyboard.press("ArrowRight");
  await expect(fixtures).toBeFocused();
  await expect(page).toHaveURL("/fixtures");
  await page.keyboard.press("ArrowLeft");
  await expect(tables).toHaveAttribute("aria-selected", "true");
  // One tab stop: Tab leaves the tab list for the panel.
  await expect(fixtures).toHaveAttribute("tabindex", "-1");

  // A click keeps focus on the tab: no page change (ADR 011 item 2).
  await results.click();
  await expect(page.getByRole("tabpanel", { name: "Results" })).toBeVisible();
  await expect(page).toHaveURL("/fixtures?tab=results");
  await expect(results).toBeFocused();

  // Space selects a tab and does not scroll the page (ADR 011 item 6).
  await tables.focus();
  const before = await page.evaluate(() => window.scrollY);
  await page.keyboard.press("Space");
  await expect(tables).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Tables" })).toBeVisible();
  await expect(page).toHaveURL("/fixtures?tab=table");
  await expect(tables).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  // Tabs replace the address rather than adding history entries.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/fixtures/);
});

test("another tab's content comes without a page load; if it cannot be fetched, its address is offered", {
  tag: ["@js", "@desktop"],
}, async ({ page }) => {
  // ADR 008: /fixtures carries the chosen tab only and fetches the others in the background;
  // a fetched tab is drawn when it is opened, not while it is hidden.
  const fetched = (tab: string) =>
    page.waitForResponse((response) => response.url().includes(`/fixtures/tab/${tab}`));
  const both = Promise.all([fetched("results"), fetched("table")]);
  await page.goto("/fixtures");
  await both;
  // Everything the page asked for has come (the tab content's own script too).
  await page.waitForLoadState("networkidle");
  const tablePanel = page.locator("#match-centre-panel-table");
  await expect(tablePanel).toBeHidden();
  await expect(tablePanel.locator("table")).toHaveCount(0);
  const later: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/fixtures/tab/")) later.push(request.url());
  });
  const tablist = page.getByRole("tablist", { name: "Match centre" });
  await tablist.getByRole("tab", { name: "Tables" }).click();
  await expect(page.getByRole("tabpanel", { name: "Tables" }).getByRole("table")).toBeVisible();
  expect(later).toEqual([]);

  // Offline, say: the page stays as it is and the tab offers its own address.
  await page.route("**/fixtures/tab/**", (route) => route.abort());
  await page.goto("/fixtures?tab=table");
  await page
    .getByRole("tablist", { name: "Match centre" })
    .getByRole("tab", { name: "Results" })
    .click();
  const panel = page.getByRole("tabpanel", { name: "Results" });
  await expect(panel.getByRole("link", { name: "Show this tab" })).toHaveAttribute(
    "href",
    "/fixtures?tab=results",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fixtures & Results");
  await expectAccessible(page);
});

/** The season picker's link to an archived season (the demo content has last season). */
function pastSeason(page: Page) {
  return page
    .getByRole("navigation", { name: "Seasons" })
    .getByRole("link")
    .and(page.locator(":not([aria-current])"))
    .filter({ hasNotText: "current season" })
    .first();
}

test("after another season is chosen, a tab never shows the last season's content while its own comes", {
  tag: ["@js", "@desktop"],
}, async ({ page }) => {
  const both = Promise.all(
    ["results", "table"].map((tab) =>
      page.waitForResponse((response) => response.url().includes(`/fixtures/tab/${tab}`)),
    ),
  );
  await page.goto("/fixtures");
  await both;
  const tablist = page.getByRole("tablist", { name: "Match centre" });
  const tablePanel = page.getByRole("tabpanel", { name: "Tables" });
  // This season's table, opened once.
  await tablist.getByRole("tab", { name: "Tables" }).click();
  await expect(tablePanel.getByRole("table")).toBeVisible();
  await tablist.getByRole("tab", { name: "Fixtures" }).click();

  // Last season's other tabs come slowly.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/fixtures/tab/**", async (route) => {
    if (route.request().url().includes("season=")) await released;
    await route.continue();
  });
  const past = pastSeason(page);
  const label = (await past.textContent()) ?? "";
  await past.click();
  await expect(page.getByText(`Match centre · Season ${label}`)).toBeVisible();
  await tablist.getByRole("tab", { name: "Tables" }).click();
  await expect(tablePanel).toContainText("Loading…");
  await expect(tablePanel.getByRole("table")).toHaveCount(0);
  release();
  await expect(tablePanel.getByRole("table")).toBeVisible();
});

test("the tabs' content is the server's HTML, with no code of its own; the router follows its links", {
  tag: ["@js", "@desktop"],
}, async ({ page }) => {
  const code: string[] = [];
  page.on("request", (request) => {
    if (/match-centre-content|fixture-cards|league-table/.test(request.url()))
      code.push(request.url());
  });
  await page.goto("/fixtures?tab=results");
  const results = page.getByRole("tabpanel", { name: "Results" });
  await expect(results.getByRole("article").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The other tabs come as HTML (ADR 008): no chunk draws cards or the table.
  await page
    .getByRole("tablist", { name: "Match centre" })
    .getByRole("tab", { name: "Tables" })
    .click();
  await expect(page.getByRole("tabpanel", { name: "Tables" }).getByRole("table")).toBeVisible();
  expect(code).toEqual([]);
  // A link in that HTML is a client navigation, as a <Link> is: the document stays.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  await page
    .getByRole("tablist", { name: "Match centre" })
    .getByRole("tab", { name: "Results" })
    .click();
  // The demo's cup night has its match report.
  await results
    .getByRole("link", { name: /^Match report:/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/news\//);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // Back to the match centre by a client navigation: no server HTML in the document now, so the
  // page fetches its own tab too, and the countdown starts on it.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Fixtures" })
    .click();
  await expect(page).toHaveURL(/\/fixtures$/);
  const next = page.getByRole("region", { name: "Next match" });
  await expect(next.getByRole("button", { name: "Pause countdown" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(code).toEqual([]);
});

// Only the feed: no browser page needed.
test("the calendar feed parses and gives each fixture its UTC time", { tag: "@desktop" }, async ({
  request,
}) => {
  const opponent = uniqueTeam("Feed");
  const year = projectYear(2040, 2049);
  // 00:00 club time in summer, time TBC: an all-day event on that day.
  const tbcOpponent = `${opponent} TBC`;
  await insertFixture({ opponent, date: `${year}-06-14T17:45:00Z` });
  await insertFixture({ opponent: tbcOpponent, date: `${year}-06-20T23:00:00Z`, timeTbc: true });
  try {
    const response = await request.get("/fixtures/calendar.ics");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const events = calendarEvents(await response.text());
    const row = await fixtureRow(opponent);
    const event = events.find((e) => e.uid === `${row?.id}@${CLUB_DOMAIN}`);
    expect(event?.summary).toBe(`Shannonside Storm v ${opponent}`);
    expect(event?.startDate.toJSDate().toISOString()).toBe(`${year}-06-14T17:45:00.000Z`);
    const tbc = events.find((e) => e.summary === `Shannonside Storm v ${tbcOpponent} (time TBC)`);
    expect(tbc?.startDate.isDate).toBe(true);
    expect(tbc?.startDate.toString()).toBe(`${year}-06-21`);
  } finally {
    await deleteFixturesAgainst(opponent);
    await deleteFixturesAgainst(tbcOpponent);
  }
});
