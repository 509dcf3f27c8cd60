import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { clubSite } from "../../app/config/club-site.ts";
import { clubDay, defaultSeasonFor, nextSeasonDays } from "../../app/domain/seasons/rules.ts";
import { buildTeamMember } from "../../scripts/factories.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  findRows,
  insertRows,
  signInAsAdmin,
  test,
  updateRows,
} from "./fixtures.ts";
import { CLUB, deleteFixturesAgainst, insertFixture, uniqueTeam } from "./match-centre-data.ts";
import { presetConsent } from "./site.ts";

// The demo club's time zone (a new database's, config/club-site.ts).
const TIME_ZONE = clubSite.timeZone;

// Seasons (decisions 24): a result entered once changes the scorers' goals,
// the club's league row and the recent form; names that match no one are listed for the
// administrator; starting a new season archives the old one at its own addresses.

test.slow();

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

/** The club's row of the public league table: P, W, D, L, GF, GA, GD, PTS as numbers. */
async function clubRow(page: Page, path = "/fixtures?tab=table"): Promise<number[]> {
  await page.goto(path);
  const row = page.getByRole("table").getByRole("row").filter({ hasText: CLUB });
  return (await row.getByRole("cell").allTextContents()).map(Number);
}

/** A player's figure in the season stats block of their page. */
async function figure(page: Page, label: string): Promise<string> {
  const stats = page.getByRole("region", { name: /^Season .+ Stats$/ });
  return (
    (await stats
      .getByText(label, { exact: true })
      .locator("xpath=following-sibling::dd")
      .textContent()) ?? ""
  );
}

const person = (first: string) => `${first} Tester${randomUUID().slice(0, 6)}`;

test("the current season is today's; a league result with two squad scorers and an unknown name: goals, table row and form follow; the name is listed", {
  tag: "@desktop",
}, async ({ page }) => {
  const opponent = uniqueTeam("Seasoned");
  const [first, second] = await insertRows("teamMembers", [
    buildTeamMember({ name: person("Aoibhe"), displayOrder: 90 }),
    buildTeamMember({ name: person("Fionn"), displayOrder: 91 }),
  ]);
  if (!first || !second) throw new Error("players not stored");
  const stranger = person("Stranger");
  await insertFixture({
    opponent,
    type: "AIPF League 25/26",
    date: new Date(Date.now() - 2 * 3600 * 1000).toISOString(),
  });
  try {
    // The current season is the one today falls in.
    const season = defaultSeasonFor(clubDay({ date: new Date(), timeZone: TIME_ZONE }));
    await page.goto("/team");
    await expect(page.getByText(`Season ${season.label} squad`)).toBeVisible();

    const before = await clubRow(page);
    await page.goto(`/team/${first.slug}`);
    expect(await figure(page, "Goals")).toBe("0");

    await signInAsAdmin(page, `/admin/fixtures?q=${encodeURIComponent(opponent)}`);
    await page
      .getByRole("article", { name: `v ${opponent}` })
      .getByRole("link", { name: /^Edit/ })
      .click();
    const edit = page.getByRole("region", { name: "Edit fixture" });
    await edit.getByLabel(`${CLUB} score (optional)`).selectOption("3");
    await edit.getByLabel("Opponent score (optional)").selectOption("1");
    // The squad's names are offered before the extras.
    const options = await page
      .locator(
        `datalist#${await edit.getByLabel("Scorer 1", { exact: true }).getAttribute("list")} option`,
      )
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
    expect(options.indexOf(first.name)).toBeLessThan(options.indexOf("Own Goal"));
    const scorers = [
      [first.name, "5"],
      [second.name, "20"],
      [stranger, "31"],
      [first.name, "44"],
    ];
    for (const [index, [name, minute]] of scorers.entries()) {
      if (index > 0) await edit.getByRole("button", { name: "Add scorer" }).click();
      await edit.getByLabel(`Scorer ${index + 1}`, { exact: true }).fill(name ?? "");
      await edit.getByLabel(`Minute (scorer ${index + 1})`).fill(minute ?? "");
    }
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Fixture updated." })).toBeVisible();

    // No other edit: the goals, the club's row and the recent form follow the result.
    await page.goto(`/team/${first.slug}`);
    expect(await figure(page, "Goals")).toBe("2");
    await expect(page.getByText("Goals are counted from the match results")).toBeVisible();
    await page.goto(`/team/${second.slug}`);
    expect(await figure(page, "Goals")).toBe("1");

    const after = await clubRow(page);
    const [p, w, d, l, gf, ga, , pts] = before;
    expect(after).toEqual([
      (p ?? 0) + 1,
      (w ?? 0) + 1,
      d,
      l,
      (gf ?? 0) + 3,
      (ga ?? 0) + 1,
      (gf ?? 0) + 3 - ((ga ?? 0) + 1),
      (pts ?? 0) + 3,
    ]);
    await expect(
      page.getByText(`The ${CLUB} row is worked out from our league results.`),
    ).toBeVisible();
    await expect(page.getByText(/^Last updated \d{1,2} \w+ \d{4}$/)).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent form" })).toContainText(
      `Win against ${opponent}, 3 - 1`,
    );

    // The admin sees the name that matches no one, with a way to add them to the squad.
    await page.goto("/admin/seasons");
    const unmatched = page.getByRole("region", { name: "Unmatched scorers" });
    const names = unmatched.getByRole("listitem");
    await expect(names.filter({ hasText: stranger })).toContainText(`${stranger} (1 goal)`);
    await expect(names.filter({ hasText: first.name })).toHaveCount(0);
    // The demo's results have an 'Own Goal' this season: it never counts, and is not listed.
    await expect(names.filter({ hasText: "Own Goal" })).toHaveCount(0);
    await expectAccessible(page);
    await unmatched.getByRole("link", { name: `Add ${stranger} to the squad` }).click();
    await expect(page).toHaveURL(/\/admin\/team\?name=/);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(stranger);
  } finally {
    await deleteFixturesAgainst(opponent);
    await deleteRows("teamMembers", { id: first.id });
    await deleteRows("teamMembers", { id: second.id });
  }
});

test("starting a new season archives the old one: its results, table and stats stay at their addresses", {
  tag: "@desktop",
}, async ({ page }) => {
  const opponent = uniqueTeam("Archived");
  const [player] = await insertRows("teamMembers", [
    buildTeamMember({ name: person("Saoirse"), displayOrder: 92, assists: 4 }),
  ]);
  if (!player) throw new Error("player not stored");
  await insertFixture({
    opponent,
    date: new Date(Date.now() - 3 * 3600 * 1000).toISOString(),
    homeScore: 2,
    awayScore: 0,
    scorers: [{ name: player.name, minute: 9 }],
  });
  const [old] = await findRows("seasons", { isCurrent: true });
  if (!old) throw new Error("no current season");
  const next = nextSeasonDays(old);
  const oldRow = await clubRow(page);
  const slug = old.slug;
  try {
    await signInAsAdmin(page, "/admin/seasons");
    await expect(
      page.getByRole("heading", { level: 2, name: `Current season: ${old.label}` }),
    ).toBeVisible();
    await expectAccessible(page);
    // The form offers the next season; starting it archives this one.
    await expect(page.getByLabel("Season name")).toHaveValue(next.label);
    await expect(page.getByLabel("First day")).toHaveValue(next.startsOn);
    await page.getByRole("button", { name: "Start a new season" }).click();
    await expect(page.getByRole("status").filter({ hasText: "New season started." })).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 2, name: `Current season: ${next.label}` }),
    ).toBeVisible();
    const archived = page.getByRole("article", { name: old.label });
    await expect(archived).toContainText("Locked: read-only");

    // The new season starts at zero; the squad carries over.
    await page.goto(`/team/${player.slug}`);
    await expect(page.getByRole("heading", { name: `Season ${next.label} Stats` })).toBeVisible();
    expect(await figure(page, "Goals")).toBe("0");
    expect(await figure(page, "Assists")).toBe("0");
    // Last season at its own address: goals from its results, assists as they were.
    await page
      .getByRole("navigation", { name: "Seasons" })
      .getByRole("link", { name: old.label })
      .click();
    await expect(page).toHaveURL(`/team/${player.slug}?season=${slug}`);
    await expect(page.getByRole("heading", { name: `Season ${old.label} Stats` })).toBeVisible();
    expect(await figure(page, "Goals")).toBe("1");
    expect(await figure(page, "Assists")).toBe("4");
    const history = page.getByRole("table", { name: "Figures per season and career totals" });
    await expect(history.getByRole("row", { name: /^Career/ })).toBeVisible();
    await expectAccessible(page);

    // Last season's results and table are still there; this season's table starts at zero.
    await page.goto(`/fixtures?tab=results&season=${slug}`);
    await expect(page.getByRole("article", { name: `${CLUB} 2 - 0 ${opponent}` })).toBeVisible();
    expect(await clubRow(page, `/fixtures?tab=table&season=${slug}`)).toEqual(oldRow);
    expect((await clubRow(page)).slice(0, 6)).toEqual([0, 0, 0, 0, 0, 0]);

    // The season addresses are in the sitemap.
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`/fixtures?tab=table&amp;season=${slug}`);
    expect(sitemap).toContain(`/team/${player.slug}?season=${slug}`);
  } finally {
    await restoreSeason(old);
    await deleteFixturesAgainst(opponent);
    await deleteRows("teamMembers", { id: player.id });
  }
});

/** Puts the worker's database back as it was before "Start a new season" (other specs follow). */
async function restoreSeason(old: { id: string; endsOn: string }) {
  for (const season of await findRows("seasons", { isCurrent: true })) {
    if (season.id === old.id) return;
    await deleteRows("leagueTable", { seasonId: null });
    await updateRows("leagueTable", { seasonId: old.id }, { seasonId: null });
    for (const row of await findRows("playerSeasonStats", { seasonId: old.id })) {
      await updateRows(
        "teamMembers",
        { id: row.personId },
        {
          goals: row.goals,
          assists: row.assists,
          yellowCards: row.yellowCards,
          redCards: row.redCards,
        },
      );
    }
    await deleteRows("playerSeasonStats", { seasonId: old.id });
    await deleteRows("seasons", { id: season.id });
    await updateRows(
      "seasons",
      { id: old.id },
      { isCurrent: true, locked: false, endsOn: old.endsOn },
    );
  }
}
