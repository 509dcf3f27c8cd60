import { expect, expectAccessible, findRows, test } from "./fixtures.ts";

test.describe("foundation", () => {
  test("the home page is rendered on the server", { tag: "@desktop" }, async ({
    page,
    request,
  }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("Shannonside Storm Powerchair Football Club");

    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Shannonside Storm Powerchair Football Club" }),
    ).toBeVisible();
    await expect(page).toHaveTitle("Shannonside Storm Powerchair Football Club");
    await expectAccessible(page);
  });

  test("an unknown route answers 404 with a way home", { tag: "@desktop" }, async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL("/");
    await expectAccessible(page);
  });

  test("the browser runs our scripts under the Content-Security-Policy", {
    tag: "@desktop",
  }, async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text());
    });
    await page.goto("/this-page-does-not-exist");
    // The client router took over: a link click does not reload the document.
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL("/");
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(
      true,
    );
    expect(violations).toEqual([]);
  });
});

test("the browser suite runs on the demo content @desktop", async () => {
  const news = (await findRows("news")).length;
  const players = (await findRows("teamMembers", { role: "Player" })).length;
  // Other specs add and remove content; the demo seed itself is checked in integration.
  expect(news).toBeGreaterThanOrEqual(6);
  expect(players).toBeGreaterThanOrEqual(9);
});
