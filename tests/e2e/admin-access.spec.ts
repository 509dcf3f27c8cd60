import { randomUUID } from "node:crypto";
import { buildContactMessage } from "../../scripts/factories.ts";
import { E2E_ADMIN } from "./admin-credentials.ts";
import { expect, expectAccessible, findRows, insertRows, tabTo, test } from "./fixtures.ts";

// rules §12: who may enter the admin. The login screen, the dashboard and its inbox, as one
// journey; the guard, the sign-in form, sign-out and the admin's 404, as one visitor's session
// from anonymous to signed in and out again. Neither depends on the width: both run at 1280 px,
// and the login screen, the dashboard and Messages are checked at 375 px in admin-narrow.spec.ts.

test.describe("administrator access", () => {
  // From the login screen to the inbox, as an administrator does: the login screen, two
  // refused sign-ins and the right one by keyboard, the dashboard and Messages.
  test("the login screen has its fields, its button and a link back to the site; a failed sign-in puts focus on the email field and announces why; the dashboard links to every management screen; the inbox marks a message read, deletes it and puts it back with Undo", {
    tag: "@desktop",
  }, async ({ page }) => {
    const id = randomUUID();
    const name = `Visitor ${id.slice(0, 8)}`;
    await insertRows("contactMessages", [
      buildContactMessage({
        id,
        name,
        email: "fan@example.com",
        message: "Hello!\nSecond line.",
        createdAt: new Date(Date.now() + 24 * 3600 * 1000),
      }),
    ]);
    await page.goto("/admin/login");
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Email")).toHaveAttribute("required", "");
    await expect(page.getByLabel("Password")).toHaveAttribute("required", "");
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the website" })).toHaveAttribute(
      "href",
      "/",
    );
    // No header or footer of the public site under /admin.
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expectAccessible(page);

    // With the keyboard only: an unknown address, then the right address with a wrong
    // password. Both are refused with the same words, and nobody is signed in.
    const alert = page.getByRole("alert");
    for (const email of ["nobody@example.org", E2E_ADMIN.email]) {
      await tabTo(page, page.getByLabel("Email"));
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type(email);
      await page.keyboard.press("Tab");
      await page.keyboard.type("definitely-not-it");
      await page.keyboard.press("Enter");
      await expect(alert).toHaveText("Invalid credentials. Please try again.");
      await expect(page.getByLabel("Email")).toBeFocused();
      await expect(page.getByLabel("Email")).toHaveAccessibleDescription(
        "Invalid credentials. Please try again.",
      );
      await expect(page).toHaveURL(/\/admin\/login/);
    }
    await expectAccessible(page);

    // The right password, by keyboard, lands on the dashboard.
    await tabTo(page, page.getByLabel("Password"));
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type(E2E_ADMIN.password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const main = page.getByRole("main");
    // ADR 027: the server's own backup (taken at its start), for Administrators.
    await expect(
      main.getByText(/^Last backup: (today|yesterday) \d\d:\d\d, \d+ KB\.$/),
    ).toBeVisible();
    for (const [name, href] of [
      ["Manage News", "/admin/news"],
      ["Manage Fixtures", "/admin/fixtures"],
      ["Manage Table", "/admin/table"],
      ["Manage Team", "/admin/team"],
      ["Messages", "/admin/messages"],
      ["Seasons", "/admin/seasons"],
      ["Photos and logos", "/admin/media"],
    ] as const) {
      await expect(main.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute(
        "href",
        href,
      );
    }
    await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
    await expectAccessible(page);

    await main.getByRole("link", { name: /^Messages/ }).click();
    await expect(page).toHaveURL("/admin/messages");

    const message = page.getByRole("article", { name: new RegExp(name) });
    await expect(message).toContainText("Unread");
    await expect(message).toContainText("Second line.");
    await expectAccessible(page);

    await message.getByRole("button", { name: /^Mark as read/ }).click();
    await expect(message).not.toContainText("Unread");
    const [read] = await findRows("contactMessages", { id });
    expect(read?.readAt != null).toBe(true);

    await message.getByRole("button", { name: /^Delete/ }).click();
    await expect(message).toHaveCount(0);
    expect(await findRows("contactMessages", { id })).toEqual([]);
    // The Undo notice says what went, and the keyboard is on its Undo button.
    await expect(page.getByRole("region", { name: "Undo delete" })).toContainText(
      `Message from ${name} deleted.`,
    );
    await expect(page.getByRole("button", { name: "Undo" })).toBeFocused();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("article", { name: new RegExp(name) })).toBeFocused();
    await expect(
      page.getByRole("status").filter({ hasText: `Message from ${name} restored.` }),
    ).toBeVisible();
    const [restored] = await findRows("contactMessages", { id });
    expect(restored).toMatchObject({ id, name });

    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL("/admin");
  });

  test("guarded pages send a visitor to the login page; signing in lands where they asked; sign out ends the session; an unknown admin address is answered 404 @desktop", async ({
    page,
  }) => {
    await test.step("an anonymous visit to a guarded page lands on the login page, and Back does not return to it", async () => {
      for (const guarded of ["/admin", "/admin/messages"]) {
        await page.goto("/");
        await page.goto(guarded);
        await expect(page).toHaveURL(
          guarded === "/admin"
            ? "/admin/login"
            : `/admin/login?redirectTo=${encodeURIComponent(guarded)}`,
        );
        await expect(page.getByRole("heading", { name: "Admin log in" })).toBeVisible();
        await page.goBack();
        await expect(page).toHaveURL("/");
      }
    });

    await test.step("the right password lands on the dashboard, or on the page first asked for", async () => {
      await page.goto("/admin/messages");
      await page.getByLabel("Email").fill(E2E_ADMIN.email);
      await page.getByLabel("Password").fill(E2E_ADMIN.password);
      await page.getByRole("button", { name: "Log In" }).click();
      await expect(page).toHaveURL("/admin/messages");
      await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();

      await page.goto("/admin/login");
      await expect(page).toHaveURL("/admin");
    });

    await test.step("sign out ends the session", async () => {
      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      await expect(page).toHaveURL("/admin/login?signedOut");
      await expect(page.getByRole("status")).toHaveText("You have signed out.");
      await page.goto("/admin/messages");
      await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
    });

    await test.step("an unknown admin address is guarded, then answered 404 inside the admin", async () => {
      await page.goto("/admin/no-such-screen");
      await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fno-such-screen/);
      await page.getByLabel("Email").fill(E2E_ADMIN.email);
      await page.getByLabel("Password").fill(E2E_ADMIN.password);
      await page.getByRole("button", { name: "Log In" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      const response = await page.reload();
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      await expectAccessible(page);
    });
  });
});
