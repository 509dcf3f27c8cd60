import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, signInAsAdmin, test } from "./fixtures.ts";
import {
  CLUB_DOMAIN,
  calendarEvents,
  clubDay,
  dateInput,
  dateText,
  deleteFixturesAgainst,
  fixtureRow,
  insertFixture,
  monthHeading,
  named,
  projectYear,
  uniqueTeam,
} from "./match-centre-data.ts";
import { presetConsent } from "./site.ts";

// Manage Fixtures (rules §2, §4, §5) and what its writes do to the public match
// centre. Every test makes its own fixtures with unique opponents and removes them after.
// Checks that open the same screen are steps of one test (each test pays a browser context,
// a sign-in and page loads). Delete and Undo, with the stored fixture, are in the keyboard
// journey (admin-keyboard.spec.ts).

// Each test crosses the admin and the public pages (several page loads and an axe run).
test.slow();

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

const narrow = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/**
 * The add/edit form: on a narrow screen the slide-up panel (opened with 'Add fixture' to
 * add; an Edit link opens it by itself).
 */
async function fixtureForm(page: Page, title: "Add a fixture" | "Edit fixture"): Promise<Locator> {
  if (!narrow(page)) return page.getByRole("region", { name: title });
  const dialog = page.getByRole("dialog", { name: title });
  if (title === "Add a fixture") await page.getByRole("button", { name: "Add fixture" }).click();
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Finds a fixture in the admin list by searching for it, and opens it for editing. */
async function editFixture(page: Page, opponent: string): Promise<Locator> {
  await page.goto(`/admin/fixtures?q=${encodeURIComponent(opponent)}`);
  const item = page.getByRole("article", { name: `v ${opponent}` });
  await item.getByRole("link", { name: /^Edit/ }).click();
  await expect(page).toHaveURL(/edit=/);
  const form = await fixtureForm(page, "Edit fixture");
  await expect(form.getByRole("button", { name: "Update" })).toBeVisible();
  return form;
}

// The Add form, in turn: a fixture saved and what the public pages and calendars show of it,
// a time the clocks skip or repeat (after the save, on the reset form), and a fresh form
// with mistakes.
test("a new fixture appears under its month with its date text, and in the calendar feed at the right time; a time that does not exist in club time is refused, one that happens twice asks which; the form explains what is wrong", {
  tag: "@desktop",
}, async ({ page }) => {
  const opponent = uniqueTeam("Kestrels");
  const clocks = uniqueTeam("Clocks");
  const invalid = uniqueTeam("Invalid");
  const when = { year: projectYear(2031, 2039), month: 7, day: 15 };
  try {
    await signInAsAdmin(page, "/admin/fixtures");
    await expect(page.getByRole("heading", { level: 1, name: "Manage Fixtures" })).toBeVisible();
    await expectAccessible(page);
    const form = await fixtureForm(page, "Add a fixture");
    await form.getByLabel("Opponent", { exact: true }).fill(opponent);
    await form.getByLabel("Location", { exact: true }).selectOption("UL Arena");
    await form.getByLabel("Date", { exact: true }).fill(dateInput(when));
    await form.getByLabel("Time (optional)", { exact: true }).fill("19:45");
    await expect(form.getByLabel("Match type (optional)")).toHaveValue("Friendly");
    // Stages are offered only for cup-type matches.
    await expect(form.getByLabel("Cup stage (optional)")).toHaveCount(0);
    await form.getByLabel("Match type (optional)").selectOption("The Remembrance Cup");
    await form.getByLabel("Cup stage (optional)").selectOption("Semi-Final");
    await form.getByRole("button", { name: "Add Fixture" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Fixture added." })).toBeVisible();

    // Entered in club time (summer: UTC+1), stored in UTC.
    const row = await fixtureRow(opponent);
    expect(new Date(row?.date ?? "").toISOString()).toBe(`${when.year}-07-15T18:45:00.000Z`);
    expect(row).toMatchObject({ timeTbc: false, stage: "Semi-Final", homeScore: null });

    await test.step("a time that does not exist in club time is refused; one that happens twice asks which", async () => {
      const form = await fixtureForm(page, "Add a fixture");
      await form.getByLabel("Opponent", { exact: true }).fill(clocks);
      await form.getByLabel("Location", { exact: true }).selectOption("UL Arena");
      await form.getByLabel("Date", { exact: true }).fill("2026-03-29");
      await form.getByLabel("Time (optional)", { exact: true }).fill("01:30");
      await form.getByRole("button", { name: "Add Fixture" }).click();
      await expect(form.getByLabel("Time (optional)", { exact: true })).toHaveAccessibleDescription(
        /does not exist in club time/,
      );
      expect(await fixtureRow(clocks)).toBeUndefined();

      await form.getByLabel("Date", { exact: true }).fill("2026-10-25");
      const which = form.getByLabel(/^Which 01:30\?/);
      await expect(which).toBeVisible();
      await which.selectOption("The second (winter time)");
      await form.getByRole("button", { name: "Add Fixture" }).click();
      // The status still says so from the first add: wait for this one's row.
      await expect.poll(async () => (await fixtureRow(clocks))?.id ?? null).not.toBeNull();
      await expect(page.getByRole("status").filter({ hasText: "Fixture added." })).toBeVisible();
      expect(new Date((await fixtureRow(clocks))?.date ?? "").toISOString()).toBe(
        "2026-10-25T01:30:00.000Z",
      );
    });
    await test.step("the form explains what is wrong, next to the field, and saves nothing", async () => {
      // On a fresh form (the form after a save keeps some of its state); the list searched
      // for this fixture is short.
      await page.goto(`/admin/fixtures?q=${encodeURIComponent(invalid)}`);
      const form = await fixtureForm(page, "Add a fixture");
      await form.getByLabel("Opponent", { exact: true }).fill(invalid);
      await form.getByLabel("Shannonside Storm score (optional)").selectOption("2");
      await form.getByLabel("Scorer 1", { exact: true }).fill("Aisling Murphy");
      await form.getByRole("button", { name: "Add Fixture" }).click();
      await expect(form.getByLabel("Location", { exact: true })).toHaveAccessibleDescription(
        "Choose a location.",
      );
      await expect(form.getByLabel("Date", { exact: true })).toHaveAccessibleDescription(
        "Enter the date.",
      );
      await expect(form.getByLabel("Opponent score (optional)")).toHaveAccessibleDescription(
        "Enter both scores, or neither.",
      );
      await expect(form.getByLabel("Minute (scorer 1)")).toHaveAccessibleDescription(
        "Enter the minute of this goal.",
      );
      await form.getByLabel("Location", { exact: true }).selectOption("Other");
      await form.getByRole("button", { name: "Add Fixture" }).click();
      await expect(form.getByLabel("Other location")).toHaveAccessibleDescription(
        "Enter the location.",
      );
      await expectAccessible(page);
      expect(await fixtureRow(invalid)).toBeUndefined();
    });

    await page.goto("/fixtures");
    const month = page.getByRole("region", { name: monthHeading(when) });
    const card = month.getByRole("article", { name: `Shannonside Storm v ${opponent}` });
    await expect(card).toContainText(dateText({ ...when, time: "19:45" }));
    await expect(card).toContainText("The Remembrance Cup · Semi-Final");
    await expect(card).toContainText("UL Arena");

    // The feed, and the fixture's own 'Add to calendar' file, give the same UTC start.
    const uid = `${row?.id}@${CLUB_DOMAIN}`;
    const feed = calendarEvents(await (await page.request.get("/fixtures/calendar.ics")).text());
    expect(
      feed
        .find((e) => e.uid === uid)
        ?.startDate.toJSDate()
        .toISOString(),
    ).toBe(`${when.year}-07-15T18:45:00.000Z`);
    const link = card.getByRole("link", {
      name: named("Add to calendar", `Shannonside Storm v ${opponent}`),
    });
    const file = await page.request.get((await link.getAttribute("href")) ?? "");
    expect(file.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const [event] = calendarEvents(await file.text());
    expect(event?.uid).toBe(uid);
    expect(event?.summary).toBe(`Shannonside Storm v ${opponent}`);
    expect(event?.startDate.toJSDate().toISOString()).toBe(`${when.year}-07-15T18:45:00.000Z`);
  } finally {
    for (const name of [opponent, clocks, invalid]) await deleteFixturesAgainst(name);
  }
});

// The next match on /fixtures, in turn: the soonest timed fixture and TBC, then a postponed
// and a cancelled one.
test("the soonest timed fixture becomes the next match, its countdown ticks, and TBC takes it off; a postponed and a cancelled fixture: the cards say so, the next match skips them, the calendar and JSON-LD follow", {
  tag: "@desktop",
}, async ({ page }) => {
  const opponent = uniqueTeam("Next");
  const tomorrow = clubDay(1);
  const postponed = uniqueTeam("Postponed");
  const cancelled = uniqueTeam("Cancelled");
  const soon = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
  try {
    await test.step("the soonest timed fixture becomes the next match, its countdown ticks, and TBC takes it off", async () => {
      await signInAsAdmin(page, `/admin/fixtures?q=${encodeURIComponent(opponent)}`);
      const form = await fixtureForm(page, "Add a fixture");
      await form.getByLabel("Opponent", { exact: true }).fill(opponent);
      await form.getByLabel("Location", { exact: true }).selectOption("TU Blanch");
      await form.getByLabel("Date", { exact: true }).fill(dateInput(tomorrow));
      await form.getByLabel("Time (optional)", { exact: true }).fill("12:00");
      await form.getByLabel("Match type (optional)").selectOption("AIPF League");
      await form.getByRole("button", { name: "Add Fixture" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Fixture added." })).toBeVisible();

      await page.goto("/fixtures");
      const next = page.getByRole("region", { name: "Next match" });
      await expect(next).toContainText(opponent);
      await expect(next).toContainText(dateText({ ...tomorrow, time: "12:00" }));
      await expect(next).toContainText("TU Blanch");
      const countdown = next.getByRole("group", { name: "Countdown to kick-off" });
      await expect(countdown).toContainText(
        /Kick-off in (1 day, \d+ hours?|\d+ hours?, \d+ minutes?)/,
      );
      const before = (await countdown.textContent()) ?? "";
      await expect(countdown).not.toHaveText(before);

      // Ticking TBC clears the time: the fixture stays upcoming but is no longer the next match.
      const edit = await editFixture(page, opponent);
      await edit.getByLabel("Time to be confirmed (TBC)").check();
      await expect(edit.getByLabel("Time (optional)", { exact: true })).toHaveValue("");
      await expect(edit.getByLabel("Time (optional)", { exact: true })).toBeDisabled();
      await edit.getByRole("button", { name: "Update" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Fixture updated." })).toBeVisible();
      expect((await fixtureRow(opponent))?.timeTbc).toBe(true);

      await page.goto("/fixtures");
      await expect(page.getByRole("region", { name: "Next match" })).not.toContainText(opponent);
      await expect(
        page.getByRole("article", { name: `Shannonside Storm v ${opponent}` }),
      ).toContainText(dateText({ ...tomorrow, time: "TBC" }));
    });
    await test.step("a postponed and a cancelled fixture: the cards say so, the next match skips them, the calendar and JSON-LD follow", async () => {
      const ids = {
        [postponed]: await insertFixture({ opponent: postponed, date: soon(2) }),
        [cancelled]: await insertFixture({ opponent: cancelled, date: soon(3) }),
      };
      const feedEvent = async (opponent: string) => {
        const text = await (await page.request.get("/fixtures/calendar.ics")).text();
        return calendarEvents(text).find((e) => e.uid === `${ids[opponent]}@${CLUB_DOMAIN}`);
      };
      await page.goto("/fixtures");
      await expect(page.getByRole("region", { name: "Next match" })).toContainText(postponed);
      expect((await feedEvent(cancelled))?.component.getFirstPropertyValue("sequence")).toBe(0);

      for (const [opponent, status] of [
        [postponed, "Postponed (new date to be confirmed)"],
        [cancelled, "Cancelled"],
      ] as const) {
        const edit = await editFixture(page, opponent);
        await edit.getByLabel(/^Status/).selectOption(status);
        await edit.getByRole("button", { name: "Update" }).click();
        await expect(
          page.getByRole("status").filter({ hasText: "Fixture updated." }),
        ).toBeVisible();
        await expect(page.getByRole("article", { name: `v ${opponent}` })).toContainText(status);
      }
      expect(await fixtureRow(postponed)).toMatchObject({ status: "postponed", sequence: 1 });
      expect(await fixtureRow(cancelled)).toMatchObject({ status: "cancelled", sequence: 1 });

      // The public cards say so in words; neither is the next match.
      await page.goto("/fixtures");
      await expect(page.getByRole("region", { name: "Next match" })).not.toContainText(postponed);
      await expect(page.getByRole("region", { name: "Next match" })).not.toContainText(cancelled);
      await expect(
        page.getByRole("article", { name: `Shannonside Storm v ${postponed}` }),
      ).toContainText("Postponed: new date to be confirmed");
      await expect(
        page.getByRole("article", { name: `Shannonside Storm v ${cancelled}` }),
      ).toContainText("Cancelled");
      await expectAccessible(page);

      // JSON-LD carries the matching eventStatus.
      const graph = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
      )["@graph"] as { name: string; eventStatus: string }[];
      const statusOf = (opponent: string) =>
        graph.find((event) => event.name === `Shannonside Storm v ${opponent}`)?.eventStatus;
      expect(statusOf(postponed)).toBe("https://schema.org/EventPostponed");
      expect(statusOf(cancelled)).toBe("https://schema.org/EventCancelled");

      // The calendar feed, parsed as calendar apps do: CANCELLED, and a higher SEQUENCE.
      const event = await feedEvent(cancelled);
      expect(event?.component.getFirstPropertyValue("status")).toBe("CANCELLED");
      expect(event?.component.getFirstPropertyValue("sequence")).toBe(1);
      expect((await feedEvent(postponed))?.component.getFirstPropertyValue("status")).toBe(
        "TENTATIVE",
      );
    });
  } finally {
    for (const name of [opponent, postponed, cancelled]) await deleteFixturesAgainst(name);
  }
});

// Results, in turn: a score with scorers, a cup draw decided on penalties, and the admin's
// list of past fixtures still needing a result, counted on the dashboard.
test("recording a result with scorers moves the fixture to Results, coloured, and changes the recent form; a cup draw decided on penalties shows the penalty score; the admin's results list shows the newest first and flags past fixtures with no score, counted on the dashboard", {
  tag: "@desktop",
}, async ({ page }) => {
  const opponent = uniqueTeam("Result");
  await insertFixture({ opponent, date: new Date(Date.now() - 2 * 3600 * 1000).toISOString() });
  const shootout = uniqueTeam("Shootout");
  const year = projectYear(2001, 2009);
  await insertFixture({ opponent: shootout, date: `${year}-03-10T15:00:00Z` });
  const token = uniqueTeam("Late");
  try {
    await page.goto("/fixtures?tab=results");
    const unplayed = page.getByRole("article", { name: `Shannonside Storm v ${opponent}` });
    await expect(unplayed).toContainText("Result to come");
    const form = page.getByRole("region", { name: "Recent form" });
    await expect(form).not.toContainText(opponent);

    await signInAsAdmin(page, `/admin/fixtures?q=${encodeURIComponent(opponent)}`);
    const edit = await editFixture(page, opponent);
    await expect(edit.getByRole("link", { name: "Cancel edit" })).toBeVisible();
    await edit.getByLabel("Shannonside Storm score (optional)").selectOption("3");
    await edit.getByLabel("Opponent score (optional)").selectOption("1");
    // Penalties are only offered for level cup matches.
    await expect(edit.getByLabel("Shannonside Storm penalties (optional)")).toHaveCount(0);
    await edit.getByLabel("Scorer 1", { exact: true }).fill("Aisling Murphy");
    await edit.getByLabel("Minute (scorer 1)").fill("12");
    await edit.getByRole("button", { name: "Add scorer" }).click();
    await edit.getByLabel("Scorer 2", { exact: true }).fill("Own Goal");
    await edit.getByLabel("Minute (scorer 2)").fill("40");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Fixture updated." })).toBeVisible();
    await expect(page).not.toHaveURL(/edit=/);
    expect(await fixtureRow(opponent)).toMatchObject({
      homeScore: 3,
      awayScore: 1,
      scorers: [
        { name: "Aisling Murphy", minute: 12 },
        { name: "Own Goal", minute: 40 },
      ],
    });

    await page.goto("/fixtures?tab=results");
    const card = page.getByRole("article", { name: `Shannonside Storm 3 - 1 ${opponent}` });
    await expect(card).toContainText("Win");
    await expect(card).toHaveCSS("border-left-color", "rgb(22, 163, 74)");
    await expect(card.getByRole("listitem")).toHaveText([
      "Aisling Murphy, minute 12′",
      "Own Goal, minute 40′",
    ]);
    await expect(page.getByRole("region", { name: "Recent form" })).toContainText(
      `Win against ${opponent}, 3 - 1`,
    );
    await expectAccessible(page);

    await test.step("a cup draw decided on penalties shows the penalty score", async () => {
      const edit = await editFixture(page, shootout);
      await edit.getByLabel("Match type (optional)").selectOption("Shannonside Memorial Cup");
      await edit.getByLabel("Cup stage (optional)").selectOption("Final");
      await edit.getByLabel("Shannonside Storm score (optional)").selectOption("2");
      await edit.getByLabel("Opponent score (optional)").selectOption("1");
      await expect(edit.getByLabel("Shannonside Storm penalties (optional)")).toHaveCount(0);
      await edit.getByLabel("Opponent score (optional)").selectOption("2");
      await edit.getByLabel("Shannonside Storm penalties (optional)").selectOption("5");
      await edit.getByLabel("Opponent penalties (optional)").selectOption("4");
      await edit.getByRole("button", { name: "Update" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Fixture updated." })).toBeVisible();
      expect(await fixtureRow(shootout)).toMatchObject({
        pensHome: 5,
        pensAway: 4,
        stage: "Final",
      });

      await page.goto("/fixtures?tab=results");
      const card = page.getByRole("article", { name: `Shannonside Storm 2 - 2 ${shootout}` });
      await expect(card).toContainText("Penalties: 5 - 4");
      await expect(card).toContainText("Win");
      await expect(card).toContainText("Shannonside Memorial Cup · Final");
    });
    await test.step("the admin's results list shows the newest first and flags past fixtures with no score, counted on the dashboard", async () => {
      const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
      const dashboardCount = async () => {
        await page.goto("/admin");
        // The link's words, read at once: no count shown means 0 (no waiting for one to appear).
        const text =
          (await page.getByRole("link", { name: /Manage Fixtures/ }).textContent()) ?? "";
        return Number.parseInt(/(\d+) past fixtures? needs? a result/.exec(text)?.[1] ?? "0", 10);
      };
      const before = await dashboardCount();
      await insertFixture({ opponent: `${token} Older`, date: ago(3) });
      await insertFixture({ opponent: `${token} Newer`, date: ago(1) });
      await insertFixture({
        opponent: `${token} Scored`,
        date: ago(2),
        homeScore: 2,
        awayScore: 1,
        status: "played",
      });
      await insertFixture({ opponent: `${token} Called off`, date: ago(4), status: "cancelled" });
      expect(await dashboardCount()).toBe(before + 2);
      await expectAccessible(page);

      await page.goto(`/admin/fixtures?view=results&q=${encodeURIComponent(token)}`);
      const list = page.getByRole("list", { name: "Fixture list" });
      await expect(list.getByRole("heading", { level: 3 })).toHaveText([
        `v ${token} Newer`,
        `v ${token} Scored`,
        `v ${token} Older`,
        `v ${token} Called off`,
      ]);
      const flagged = (name: string) =>
        list.getByRole("article", { name: `v ${token} ${name}` }).getByText("Needs a result");
      await expect(flagged("Newer")).toBeVisible();
      await expect(flagged("Older")).toBeVisible();
      await expect(flagged("Scored")).toHaveCount(0);
      await expect(flagged("Called off")).toHaveCount(0);
      await expect(page.getByText(/past fixtures? needs? a result\./)).toBeVisible();

      // Recording the score takes the flag off and the count down.
      const edit = await editFixture(page, `${token} Newer`);
      await edit.getByLabel(/Shannonside Storm score/).selectOption("3");
      await edit.getByLabel(/Opponent score/).selectOption("0");
      await edit.getByRole("button", { name: "Update" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Fixture updated." })).toBeVisible();
      expect(await fixtureRow(`${token} Newer`)).toMatchObject({ status: "played", homeScore: 3 });
      expect(await dashboardCount()).toBe(before + 1);
    });
  } finally {
    for (const name of [opponent, shootout]) await deleteFixturesAgainst(name);
    for (const name of ["Older", "Newer", "Scored", "Called off"]) {
      await deleteFixturesAgainst(`${token} ${name}`);
    }
  }
});

// The list's order, filter and search are the server's rules: once, at 1280 px (the screen at
// 375 px is checked below and in the keyboard journey).
test("the list: date order, 'No date', the filter, the search and the Results tab", {
  tag: "@desktop",
}, async ({ page }) => {
  const token = uniqueTeam("Filter");
  const past = `${token} Past`;
  const future = `${token} Future`;
  const undated = `${token} Undated`;
  await insertFixture({ opponent: future, date: `${projectYear(2041, 2049)}-05-02T13:00:00Z` });
  await insertFixture({
    opponent: past,
    date: `${projectYear(1991, 1999)}-05-02T13:00:00Z`,
    homeScore: 1,
    awayScore: 0,
  });
  await insertFixture({ opponent: undated, date: null });
  try {
    await signInAsAdmin(page, "/admin/fixtures");
    const list = page.getByRole("list", { name: "Fixture list" });
    const headings = list.getByRole("heading", { level: 3 });
    await page.getByLabel("Search").fill(token);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/q=Filter/);
    await expect(headings).toHaveText([`v ${past}`, `v ${future}`, `v ${undated}`]);
    await expect(list.getByRole("article", { name: `v ${undated}` })).toContainText("No date");
    await expect(list.getByRole("article", { name: `v ${past}` })).toContainText("Win 1 - 0");

    await page.getByLabel("Show").selectOption("upcoming");
    await expect(headings).toHaveText([`v ${future}`]);
    await page.getByLabel("Show").selectOption("past");
    await expect(headings).toHaveText([`v ${past}`]);
    await page.getByLabel("Show").selectOption("all");
    await expect(headings).toHaveCount(3);

    // The Results tab forces Past, whatever the filter says.
    await page.getByRole("link", { name: "Results" }).click();
    await expect(page).toHaveURL(/view=results/);
    await expect(page.getByRole("link", { name: "Results" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(headings).toHaveText([`v ${past}`]);
    await expect(page.getByLabel("Show")).toBeDisabled();
    await expect(page.getByLabel("Show")).toHaveValue("past");
    await expect(page.getByLabel("Show")).toHaveAccessibleDescription(
      "The Results tab shows past fixtures only.",
    );
    await expectAccessible(page);

    await page.getByLabel("Search").fill(`${token} nothing`);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No fixtures found.")).toBeVisible();
    await page.getByRole("link", { name: "All fixtures" }).click();
    await expect(page).not.toHaveURL(/view=results/);
  } finally {
    for (const name of [past, future, undated]) await deleteFixturesAgainst(name);
  }
});

// The slide-up panel and the page's scroll exist only on a narrow screen: these checks set
// their own 375 px viewport, so they run once (tagged @desktop: the mobile project would
// repeat them at the same width). The keyboard journey also runs at 375 px.
test.describe("on a 375 px screen", { tag: "@desktop" }, () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the list is part of the page's scroll, not a box of its own; the form opens as a slide-up panel: focus moves in and back, Escape closes", {
    tag: "@js",
  }, async ({ page }) => {
    const opponent = uniqueTeam("Panel");
    await insertFixture({ opponent, date: `${projectYear(2041, 2049)}-10-10T18:00:00Z` });
    try {
      await signInAsAdmin(page, "/admin/fixtures");
      // The issue on keyboard-first admin screens wins over the spec's 78%-high list panel
      // (ADR 005): a nested scroll box is about 200 px tall at 400 % zoom.
      const list = page.getByRole("list", { name: "Fixture list" });
      await expect(list).toHaveCSS("overflow-y", "visible");
      await expect(list).toHaveCSS("max-height", "none");
      // Its last entry is reached by scrolling the page.
      const last = list.getByRole("listitem").last();
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeInViewport();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      const open = page.getByRole("button", { name: "Add fixture" });
      const dialog = page.getByRole("dialog", { name: "Add a fixture" });
      await expect(dialog).toBeHidden();
      await open.click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("Opponent", { exact: true })).toBeFocused();
      await expectAccessible(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(open).toBeFocused();

      await open.click();
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      await expect(open).toBeFocused();

      // Edit opens the panel in edit mode; closing it cancels the edit.
      await page.goto(`/admin/fixtures?q=${encodeURIComponent(opponent)}`);
      await page
        .getByRole("article", { name: `v ${opponent}` })
        .getByRole("link", { name: /^Edit/ })
        .click();
      const edit = page.getByRole("dialog", { name: "Edit fixture" });
      await expect(edit).toBeVisible();
      await expect(edit.getByLabel("Opponent", { exact: true })).toHaveValue(opponent);
      await page.keyboard.press("Escape");
      await expect(page).not.toHaveURL(/edit=/);
      await expect(page).toHaveURL(/q=/);
    } finally {
      await deleteFixturesAgainst(opponent);
    }
  });
});
