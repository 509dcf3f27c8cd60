import {
  expect,
  expectAccessible,
  expectNoHorizontalScrolling,
  findRows,
  reviewShot,
  signInAsAdmin,
  test,
} from "./fixtures.ts";
import {
  CLUB,
  calendarEvents,
  clubDay,
  dateInput,
  deleteFixturesAgainst,
  deleteTeam,
  uniqueTeam,
} from "./match-centre-data.ts";
import { presetConsent } from "./site.ts";

// Home, away and neutral (decisions 36) and the league table's paste and phone layout
// (rules §2 Tables tab, §5 League table paste). The team order rules, the paste parser and
// the home page's model are unit and integration tests; this is the journey through the
// pages that show them.

test.slow();

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

test("an away fixture chosen with the keyboard reads 'Opponent v Club' on its card, in the feed and in JSON-LD", {
  tag: "@desktop",
}, async ({ page, request }) => {
  const opponent = uniqueTeam("Pirates");
  const title = `${opponent} v ${CLUB}`;
  try {
    await signInAsAdmin(page, "/admin/fixtures");
    const form = page.getByRole("region", { name: "Add a fixture" });
    await form.getByLabel("Opponent", { exact: true }).fill(opponent);
    await form.getByLabel("Location", { exact: true }).selectOption("UL Arena");
    await form.getByLabel("Date", { exact: true }).fill(dateInput(clubDay(9)));
    await form.getByLabel("Time (optional)", { exact: true }).fill("14:30");
    // A radio group: Home is chosen, and an arrow key moves the choice.
    const sides = form.getByRole("group", { name: "Home or away" });
    await expect(sides.getByRole("radio", { name: "Home" })).toBeChecked();
    await sides.getByRole("radio", { name: "Home" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(sides.getByRole("radio", { name: "Away" })).toBeChecked();
    await expect(sides.getByRole("radio", { name: "Away" })).toBeFocused();
    await expectAccessible(page);
    await form.getByRole("button", { name: "Add Fixture" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Fixture added." })).toBeVisible();
    const [stored] = await findRows("fixtures", { opponent });
    expect(stored?.homeAway).toBe("away");

    await page.goto("/fixtures");
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
    const card = page.getByRole("article", { name: title });
    await reviewShot(page, "away-fixture-card");
    await expect(card).toBeVisible();
    const graph = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    )["@graph"] as Record<string, { name: string }>[];
    expect(graph.find((event) => String(event.name) === title)).toMatchObject({
      homeTeam: { name: opponent },
      awayTeam: { name: CLUB },
    });

    const feed = await request.get("/fixtures/calendar.ics");
    const summaries = calendarEvents(await feed.text()).map((event) => event.summary);
    expect(summaries).toContain(title);
    expect(summaries).not.toContain(`${CLUB} v ${opponent}`);
  } finally {
    await deleteFixturesAgainst(opponent);
  }
});

test("a table pasted from a spreadsheet is previewed, its refused line named, and saved", {
  tag: "@desktop",
}, async ({ page }) => {
  const first = uniqueTeam("Gulls");
  const second = uniqueTeam("Terns");
  const paste = (rows: string[]) => ["Team\tP\tW\tD\tL\tGF\tGA\tGD\tPts", ...rows].join("\n");
  try {
    await signInAsAdmin(page, "/admin/table");
    await page.getByText("Paste rows from a spreadsheet").click();
    const rows = page.getByLabel("Rows to paste");
    // Played 9 is not won + drawn + lost: the form's own rule, on line 3.
    await rows.fill(
      paste([`${first}\t8\t6\t1\t1\t20\t6\t14\t19`, `${second}\t9\t4\t0\t4\t11\t12\t-1\t12`]),
    );
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText(/^Line 3: Played must equal won \+ drawn \+ lost/)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Save/ })).toHaveCount(0);

    await rows.fill(
      paste([`${first}\t8\t6\t1\t1\t20\t6\t14\t19`, `${second}\t8\t4\t0\t4\t11\t12\t-1\t12`]),
    );
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview of the pasted rows" });
    await expect(preview.getByRole("row").filter({ hasText: first }).getByRole("cell")).toHaveText([
      "2",
      "8",
      "6",
      "1",
      "1",
      "20",
      "6",
      "19",
    ]);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Save 2 rows" }).click();
    await expect(page.getByText("Table saved: 2 added, 0 updated.")).toBeVisible();
    expect(await findRows("leagueTable", { team: first })).toMatchObject([
      { played: 8, won: 6, points: 19, seasonId: null },
    ]);
    await expect(page.getByRole("list", { name: "Table" }).getByText(second)).toBeVisible();
  } finally {
    await deleteTeam(first);
    await deleteTeam(second);
  }
});

test("on a 375 px phone every column of the public table can be reached, and PTS is always in view", {
  tag: "@mobile",
}, async ({ page }) => {
  await page.goto("/fixtures?tab=table");
  await expect(page.getByText("Scroll the table sideways to see every column.")).toBeVisible();
  const frame = page.getByRole("region", { name: /League standings/ });
  await reviewShot(page, "table-phone");
  const inView = async (name: string) => {
    const box = await frame.getByRole("columnheader", { name, exact: true }).boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    return box !== null && box.x >= 0 && box.x + box.width <= width;
  };
  expect(await inView("Points")).toBe(true);
  expect(await inView("Goals against")).toBe(false);
  // The frame takes focus and scrolls with the arrow keys, the page does not.
  await frame.focus();
  await expect(frame).toBeFocused();
  for (let i = 0; i < 12; i++) await page.keyboard.press("ArrowRight");
  await expect.poll(() => inView("Goals against")).toBe(true);
  expect(await inView("Points")).toBe(true);
  await expectNoHorizontalScrolling(page);
  await expectAccessible(page);
});
