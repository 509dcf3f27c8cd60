import { expect, findRows, test } from "./fixtures.ts";

// The foundation: the server renders the pages, and the suite runs on the demo content.
// The pages in the browser are checked where their specs open them anyway: the home page's
// heading and title in home.spec.ts, its axe check on a first visit in consent.spec.ts, the
// 404 page, its way home and the scripts under the Content-Security-Policy in
// layout.spec.ts.

test.describe("foundation", () => {
  test("the home page is rendered on the server", { tag: "@desktop" }, async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("Shannonside Storm Powerchair Football Club");
  });
});

test("the browser suite runs on the demo content @desktop", async () => {
  const news = (await findRows("news")).length;
  const players = (await findRows("teamMembers", { role: "Player" })).length;
  // Other specs add and remove content; the demo seed itself is checked in integration.
  expect(news).toBeGreaterThanOrEqual(6);
  expect(players).toBeGreaterThanOrEqual(9);
});
