import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-credentials.ts";
import { expect, expectAccessible, reviewShot, signInAsAdmin, tabTo, test } from "./fixtures.ts";

// rules §6 Roles (ADR 020), with the keyboard only: an Administrator invites an Editor; the
// Editor sees only their screens, publishes a news item and is refused Administrators; the
// Administrator makes the Editor a Team manager, and the Editor's next request no longer
// reaches News.

const CHOSEN = "harbour-lantern-violet-19";

async function navigationLabels(page: Page): Promise<string[]> {
  return page.getByRole("navigation", { name: "Admin" }).getByRole("link").allInnerTexts();
}

test("@js an Editor gets only the Editor's screens, and a change of roles applies at their next request", {
  tag: "@desktop",
}, async ({ page, browser }) => {
  // Two people, five screens, one journey: three times the usual time.
  test.slow();
  const email = `press-${randomUUID().slice(0, 8)}@club.example`;
  const title = `Cup run continues ${randomUUID().slice(0, 6)}`;

  await test.step("the Administrator invites an Editor", async () => {
    await signInAsAdmin(page, "/admin/administrators/new");
    await tabTo(page, page.getByLabel("E-mail address"));
    await page.keyboard.type(email);
    await tabTo(page, page.getByRole("checkbox", { name: "Editor" }));
    await page.keyboard.press("Space");
    await expectAccessible(page);
    await reviewShot(page, "invite-with-roles", { fullPage: true });
    await tabTo(page, page.getByRole("button", { name: "Create invitation link" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Invitation ready" })).toBeFocused();
  });
  const link = await page
    .getByRole("textbox", { name: `Invitation link for ${email}` })
    .inputValue();

  const context = await browser.newContext({ viewport: page.viewportSize() });
  const editor = await context.newPage();
  await test.step("the Editor chooses a password and sees only News, Subscribers, Pages, Sponsors, Photos and Events", async () => {
    await editor.goto(link);
    await tabTo(editor, editor.getByLabel("New password", { exact: true }));
    await editor.keyboard.type(CHOSEN);
    await editor.keyboard.press("Tab");
    await editor.keyboard.type(CHOSEN);
    await editor.keyboard.press("Enter");
    await expect(editor).toHaveURL("/admin");
    expect(await navigationLabels(editor)).toEqual([
      "Dashboard",
      "News",
      "Subscribers",
      "Sponsors",
      "Photos",
      "Events",
      "Pages",
      "Activity",
    ]);
    const cards = editor.getByRole("main").getByRole("listitem").getByRole("link");
    await expect(cards).toHaveCount(7);
    await expect(editor.getByRole("link", { name: /Club details/ })).toHaveCount(0);
    await expectAccessible(editor);
    await reviewShot(editor, "editor-dashboard", { fullPage: true });
  });

  await test.step("the Editor publishes a news item", async () => {
    await tabTo(
      editor,
      editor.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "News" }),
    );
    await editor.keyboard.press("Enter");
    await expect(editor).toHaveURL("/admin/news");
    const addForm = editor.getByRole("region", { name: "Add news" });
    await tabTo(editor, addForm.getByLabel("Title"));
    await editor.keyboard.type(title);
    await editor.keyboard.press("Tab");
    await editor.keyboard.type("Written by the press officer.");
    await tabTo(editor, addForm.getByRole("button", { name: "Add News" }));
    await editor.keyboard.press("Enter");
    await expect(editor.getByRole("button", { name: "Add another" })).toBeFocused();
    await expect(editor.getByRole("article", { name: title })).toBeVisible();
  });

  await test.step("the Editor is refused Administrators with a plain 403 page", async () => {
    const response = await editor.goto("/admin/administrators");
    expect(response?.status()).toBe(403);
    await expect(editor.getByRole("heading", { level: 1 })).toHaveText("No access");
    await expect(
      editor.getByText("You don't have access to Administrators. Ask an Administrator."),
    ).toBeVisible();
    await expect(editor.getByRole("link", { name: "Go to the dashboard" })).toBeVisible();
    await expectAccessible(editor);
    await reviewShot(editor, "no-access");
  });

  await test.step("the Administrator makes the Editor a Team manager", async () => {
    await page.goto("/admin/administrators");
    await tabTo(page, page.getByRole("link", { name: `Edit: Administrator ${email}` }));
    await page.keyboard.press("Enter");
    const form = page.getByRole("region", { name: `Roles of ${email}` });
    // Edit moves the keyboard into the form, on its first choice.
    await expect(form.getByRole("checkbox", { name: "Administrator" })).toBeFocused();
    await expect(form.getByRole("checkbox", { name: "Editor" })).toBeChecked();
    await tabTo(page, form.getByRole("checkbox", { name: "Editor" }));
    await page.keyboard.press("Space");
    await tabTo(page, form.getByRole("checkbox", { name: "Team manager" }));
    await page.keyboard.press("Space");
    await expectAccessible(page);
    await reviewShot(page, "edit-roles", { fullPage: true });
    await tabTo(page, form.getByRole("button", { name: "Save roles" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Roles saved." })).toBeVisible();
    const row = page.getByRole("article", { name: email });
    await expect(row).toBeFocused();
    await expect(row).toContainText("Team manager");
    await expect(row).not.toContainText("Editor");
  });

  await test.step("the Editor's next request no longer reaches News", async () => {
    const response = await editor.goto("/admin/news");
    expect(response?.status()).toBe(403);
    await expect(
      editor.getByText("You don't have access to Manage News. Ask an Administrator."),
    ).toBeVisible();
    await editor.goto("/admin");
    expect(await navigationLabels(editor)).toEqual(["Dashboard", "Team", "Activity"]);
  });

  await test.step("Activity shows each step with the right person", async () => {
    await page.goto(`/admin/activity?person=${encodeURIComponent(email)}`);
    const entries = page.getByRole("list", { name: /Matching changes/ }).getByRole("listitem");
    await expect(entries.first()).toContainText(`${email} added the news item “${title}”`);
    await expect(entries.nth(1)).toContainText(`${email} changed their password`);
    await page.goto("/admin/activity?screen=administrators");
    await expect(entries.first()).toContainText(
      `${E2E_ADMIN.email} updated the administrator “${email}” (roles)`,
    );
    await expect(entries.nth(1)).toContainText(`${E2E_ADMIN.email} invited`);
    await expectAccessible(page);
    // The Editor, now a Team manager, sees their own changes only.
    await editor.goto("/admin/activity");
    await expect(editor.getByText("What you changed in the admin")).toBeVisible();
    await expect(
      editor.getByRole("list", { name: /Matching changes/ }).getByText(E2E_ADMIN.email),
    ).toHaveCount(0);
  });
  await context.close();
});
