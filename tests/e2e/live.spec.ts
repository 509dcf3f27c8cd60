import { randomUUID } from "node:crypto";
import type { Browser, Locator, Page } from "@playwright/test";
import { buildTeamMember } from "../../scripts/factories.ts";
import { hashAt } from "../password-hash.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  findRows,
  insertRows,
  signInThroughForm,
  tabTo,
  test,
} from "./fixtures.ts";
import { CLUB, deleteFixturesAgainst, insertFixture, uniqueTeam } from "./match-centre-data.ts";
import { serverUrl } from "./ports.ts";
import { presetConsent } from "./site.ts";

// Match day, live (ADR 036, rules §2 Live scoring, Following live), at 375 px with the
// keyboard only: a Results secretary scores a match on the Live screen while an anonymous
// follower in another browser sees each event within a second, without a reload, and hears
// each goal once; full time becomes the result. And a goal scored without signal is sent
// from the outbox when the signal returns, and counts once however often it is sent.

const PASSWORD = "a long results secretary password";
/** Within a second of the scorer's save, as the follower's page shows it. */
const WITHIN_A_SECOND = 1_000;

async function secretary(): Promise<string> {
  const email = `secretary-${randomUUID().slice(0, 8)}@club.example`;
  await insertRows("administrators", [
    { email, passwordHash: hashAt(PASSWORD, 1024), roles: ["results-secretary"] },
  ]);
  return email;
}

async function follower(browser: Browser, fixtureId: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await presetConsent(page, "declined");
  await page.goto(`${serverUrl()}/fixtures/${fixtureId}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return page;
}

/** Presses a Live screen button with the keyboard and waits for the server's "Recorded.". */
async function press(page: Page, button: Locator): Promise<void> {
  await tabTo(page, button);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Recorded." })).toBeVisible();
}

test("@mobile a Results secretary scores a match live; a follower sees every event and hears each goal once", async ({
  page,
  browser,
}) => {
  test.slow();
  const opponent = uniqueTeam("Live");
  const player = `Aoife Live${randomUUID().slice(0, 6)}`;
  const [member] = await insertRows("teamMembers", [
    buildTeamMember({ name: player, displayOrder: 97 }),
  ]);
  const fixtureId = await insertFixture({
    opponent,
    type: "AIPF League 25/26",
    date: new Date(Date.now() - 5 * 60_000).toISOString(),
  });
  const email = await secretary();
  let watcher: Page | undefined;
  try {
    await presetConsent(page, "declined");
    await signInThroughForm(page, { path: "/admin/live", email, password: PASSWORD });
    await tabTo(page, page.getByRole("link", { name: `Score v ${opponent}` }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/admin/live?match=${fixtureId}`);
    await expectAccessible(page);

    watcher = await follower(browser, fixtureId);
    const timeline = watcher.getByRole("list", { name: "Match events" });
    const sees = async (text: string | RegExp) => {
      await expect(timeline.getByText(text)).toBeVisible({ timeout: WITHIN_A_SECOND });
    };
    const score = watcher.locator("[data-live-score]");

    await press(page, page.getByRole("button", { name: "Start (kick-off)" }));
    await sees("Kick-off");

    // The scorer comes from the squad; the minute is the match clock's, as filled in.
    const scorer = page.getByLabel("Player", { exact: true });
    await tabTo(page, scorer);
    await page.keyboard.type(player);
    await expect(scorer).toHaveValue(player);
    await expect(page.getByLabel("Minute")).toHaveValue(/^\d+$/);
    await press(page, page.getByRole("button", { name: `Goal for ${CLUB}` }));
    await sees(new RegExp(`Goal for ${CLUB}: ${player}`));
    await expect(score).toHaveText(`${CLUB} 1–0 ${opponent}`, { timeout: WITHIN_A_SECOND });

    await press(page, page.getByRole("button", { name: `Goal for ${opponent}` }));
    await sees(new RegExp(`Goal for ${opponent}`));
    await expect(score).toHaveText(`${CLUB} 1–1 ${opponent}`, { timeout: WITHIN_A_SECOND });

    await press(page, page.getByRole("button", { name: "Half-time" }));
    await sees("Half-time");
    await press(page, page.getByRole("button", { name: "Second half" }));
    await sees("Second half");
    await expectAccessible(page);
    await press(page, page.getByRole("button", { name: "Full time" }));
    await sees("Full time");

    // The match's one live region (the site's offline line is the page's other), holding
    // each goal, half-time and full time exactly once.
    const region = watcher.locator("[data-live-announcements]");
    await expect(region).toHaveCount(1);
    await expect(region).toHaveAttribute("aria-live", "polite");
    const said = (await region.locator("p").allTextContents()).join("\n");
    expect(said.match(new RegExp(`Goal for ${CLUB}`, "g"))).toHaveLength(1);
    expect(said.match(new RegExp(`Goal for ${opponent}`, "g"))).toHaveLength(1);
    expect(said).toContain("Half-time");
    expect(said).toContain("Full time");
    await expectAccessible(watcher);

    // Full time is the result: the results tab, the player's figures and the table follow.
    await watcher.goto(`${serverUrl()}/fixtures?tab=results`);
    await expect(watcher.getByText(opponent).first()).toBeVisible();
    const [stored] = await findRows("fixtures", { id: fixtureId });
    expect(stored).toMatchObject({
      status: "played",
      homeScore: 1,
      awayScore: 1,
      scorers: [{ name: player }],
    });
    await watcher.goto(`${serverUrl()}/team/${member?.slug}`);
    const stats = watcher.getByRole("region", { name: /^Season .+ Stats$/ });
    await expect(
      stats.getByText("Goals", { exact: true }).locator("xpath=following-sibling::dd"),
    ).toHaveText("1");
    await watcher.goto(`${serverUrl()}/fixtures?tab=table`);
    await expect(watcher.getByRole("rowheader", { name: CLUB })).toBeVisible();
  } finally {
    await watcher?.context().close();
    await deleteRows("matchEvents", { fixtureId });
    await deleteFixturesAgainst(opponent);
    if (member) await deleteRows("teamMembers", { id: member.id });
    await deleteRows("administrators", { email });
  }
});

test("@mobile a goal scored without signal waits on the phone, is sent when it returns, and counts once", async ({
  page,
  browser,
}) => {
  test.slow();
  const opponent = uniqueTeam("Offline");
  const fixtureId = await insertFixture({
    opponent,
    type: "AIPF League 25/26",
    date: new Date(Date.now() - 5 * 60_000).toISOString(),
  });
  const email = await secretary();
  let watcher: Page | undefined;
  try {
    await presetConsent(page, "declined");
    await signInThroughForm(page, {
      path: `/admin/live?match=${fixtureId}`,
      email,
      password: PASSWORD,
    });
    await press(page, page.getByRole("button", { name: "Start (kick-off)" }));
    watcher = await follower(browser, fixtureId);

    await page.context().setOffline(true);
    await tabTo(page, page.getByRole("button", { name: `Goal for ${opponent}` }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("1 event is waiting on this phone")).toBeVisible();
    expect(await findRows("matchEvents", { fixtureId, kind: "goal-them" })).toHaveLength(0);

    await page.context().setOffline(false);
    await expect(page.getByText("1 event is waiting on this phone")).toBeHidden({
      timeout: 15_000,
    });
    await expect(watcher.locator("[data-live-score]")).toHaveText(`${CLUB} 0–1 ${opponent}`);
    const [goal] = await findRows("matchEvents", { fixtureId, kind: "goal-them" });

    // The same change sent again (a lost answer, a second replay) is applied once.
    const again = await page.request.post("/admin/live", {
      headers: { origin: serverUrl() },
      form: { fixtureId, intent: "goal-them", requestId: goal?.requestId ?? "" },
    });
    expect(again.status()).toBe(200);
    expect(await findRows("matchEvents", { fixtureId, kind: "goal-them" })).toHaveLength(1);
  } finally {
    await watcher?.context().close();
    await deleteRows("matchEvents", { fixtureId });
    await deleteFixturesAgainst(opponent);
    await deleteRows("administrators", { email });
  }
});
