import type { Page } from "@playwright/test";
import {
  deleteRows,
  expect,
  expectAccessible,
  expectNoHorizontalScrolling,
  findRows,
  reviewShot,
  signInAsAdmin,
  tabTo,
  test,
} from "./fixtures.ts";
import { clubDay, uniqueTeam } from "./match-centre-data.ts";
import { presetConsent } from "./site.ts";

// Round days (ADR 035, rules §2 Rounds): one journey, keyboard only. A Results secretary's
// screen makes a round with three matches in one form (adding and removing a row on the way);
// the match centre shows it as one card with its matches in kick-off order, and the round has
// its own page. Axe at 1280 and 375 px; the page reflows at 320 px.

test.slow();

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

const VENUE = "Gormanston Park";

async function typeInto(page: Page, target: Parameters<typeof tabTo>[1], text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

async function atWidths(page: Page, name: string) {
  await expectAccessible(page);
  await reviewShot(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
  await expectNoHorizontalScrolling(page);
  await reviewShot(page, `${name}-375`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a round day with three matches: one form, one card in the match centre, its own page", {
  tag: "@desktop",
}, async ({ page }) => {
  const name = uniqueTeam("Round");
  const [alpha, bravo, charlie] = [uniqueTeam("Alpha"), uniqueTeam("Bravo"), uniqueTeam("Charlie")];
  const when = clubDay(10);
  const pad = (n: number) => String(n).padStart(2, "0");
  try {
    await test.step("the round and its matches are made in one form with the keyboard", async () => {
      await signInAsAdmin(page, "/admin/rounds");
      const form = page.getByRole("region", { name: "Add a round day" });
      await typeInto(page, form.getByLabel("Name"), name);
      // Chromium's date and time fields take the digits of their en-US order.
      await typeInto(
        page,
        form.getByLabel("Day"),
        `${pad(when.month)}${pad(when.day)}${when.year}`,
      );
      await typeInto(page, form.getByLabel(/^Arrival time/), "0930A");
      await typeInto(page, form.getByLabel("Venue"), VENUE);
      await typeInto(page, form.getByLabel("Competition"), "AIPF League");
      // Typed out of order: the round shows them by kick-off.
      await typeInto(page, form.getByLabel("Match 1: opponent"), charlie);
      await typeInto(page, form.getByLabel("Kick-off (match 1)"), "0300P");
      await typeInto(page, form.getByLabel("Match 2: opponent"), alpha);
      await typeInto(page, form.getByLabel("Kick-off (match 2)"), "1100A");
      await typeInto(page, form.getByLabel("Match 3: opponent"), bravo);
      await typeInto(page, form.getByLabel("Kick-off (match 3)"), "0100P");

      // A row added takes the keyboard to its opponent; removed, to the row before it.
      await tabTo(page, form.getByRole("button", { name: "Add match" }));
      await page.keyboard.press("Enter");
      await expect(form.getByLabel("Match 4: opponent")).toBeFocused();
      await tabTo(page, form.getByRole("button", { name: "Remove match 4" }));
      await page.keyboard.press("Enter");
      await expect(form.getByLabel("Match 4: opponent")).toHaveCount(0);
      await expect(form.getByLabel("Match 3: opponent")).toBeFocused();

      await typeInto(page, form.getByLabel(/^Notes/), "Lunch in the café between matches.");
      await atWidths(page, "admin-round-form");
      await tabTo(page, form.getByRole("button", { name: "Add round" }));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").filter({ hasText: "Round added." })).toBeVisible();
      // ADR 039: after an add the keyboard is on "Add another", one key from the form.
      await expect(page.getByRole("button", { name: "Add another" })).toBeFocused();
      const row = page.getByRole("article", { name });
      await expect(row.getByRole("listitem")).toHaveText([
        `11:00 v ${alpha}`,
        `13:00 v ${bravo}`,
        `15:00 v ${charlie}`,
      ]);
    });

    const [round] = await findRows("rounds", { name });
    if (!round) throw new Error("the round was not stored");
    const matches = await findRows("fixtures", { roundId: round.id });
    expect(matches.map((match) => [match.location, match.type]).sort()).toEqual([
      [VENUE, "AIPF League"],
      [VENUE, "AIPF League"],
      [VENUE, "AIPF League"],
    ]);

    await test.step("the round is edited with its matches: each match keeps its fixture", async () => {
      const row = page.getByRole("article", { name });
      await tabTo(page, row.getByRole("link", { name: new RegExp(`^Edit ?: ${name}$`) }));
      await page.keyboard.press("Enter");
      const form = page.getByRole("region", { name: `Edit ${name}` });
      // Its matches come in kick-off order: the first is Alpha's, moved to 10:30.
      await expect(form.getByLabel("Match 1: opponent")).toHaveValue(alpha);
      await typeInto(page, form.getByLabel("Kick-off (match 1)"), "1030A");
      await tabTo(page, form.getByRole("button", { name: "Update round" }));
      await page.keyboard.press("Enter");
      await expect(page.getByRole("status").filter({ hasText: "Round updated." })).toBeVisible();
      await expect(row.getByRole("listitem").first()).toHaveText(`10:30 v ${alpha}`);
      const after = await findRows("fixtures", { roundId: round.id });
      expect(after.map((match) => match.id).sort()).toEqual(
        matches.map((match) => match.id).sort(),
      );
    });

    await test.step("the match centre shows the round as one card, matches in kick-off order", async () => {
      await page.goto("/fixtures");
      const card = page.getByRole("article", { name });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText("Round day · 3 matches");
      await expect(card).toContainText("Arrive by 09:30");
      await expect(
        card.getByRole("link", { name: new RegExp(`^${VENUE} ?: venue and access guide$`) }),
      ).toBeVisible();
      await expect(card.getByRole("heading", { level: 5 })).toHaveText([
        `Shannonside Storm v ${alpha}`,
        `Shannonside Storm v ${bravo}`,
        `Shannonside Storm v ${charlie}`,
      ]);
      // Each match links to its own page (rules §2 Match page), for following it on the day.
      await expect(
        card.getByRole("link", { name: `Shannonside Storm v ${alpha}`, exact: true }),
      ).toHaveAttribute("href", `/fixtures/${matches.find((m) => m.opponent === alpha)?.id}`);
      // No match of the round has a card of its own.
      await expect(page.getByRole("article", { name: `Shannonside Storm v ${alpha}` })).toHaveCount(
        0,
      );
      await card.scrollIntoViewIfNeeded();
      await atWidths(page, "match-centre-round-card");
    });

    await test.step("the round's page: schedule, venue, arrival time and notes", async () => {
      await tabTo(page, page.getByRole("link", { name: new RegExp(`^Round page ?: ${name}$`) }));
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(`/fixtures/rounds/${round.slug}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      const schedule = page.getByRole("region", { name: "Schedule and results" });
      await expect(schedule.getByRole("heading", { level: 3 })).toHaveText([
        `Shannonside Storm v ${alpha}`,
        `Shannonside Storm v ${bravo}`,
        `Shannonside Storm v ${charlie}`,
      ]);
      await expect(page.getByText("Arrive by 09:30")).toBeVisible();
      await expect(page.getByText("Lunch in the café between matches.")).toBeVisible();
      await atWidths(page, "round-page");
      await page.setViewportSize({ width: 320, height: 800 });
      await expectNoHorizontalScrolling(page);
    });
  } finally {
    const [round] = await findRows("rounds", { name });
    if (round) await deleteRows("fixtures", { roundId: round.id });
    await deleteRows("rounds", { name });
  }
});
