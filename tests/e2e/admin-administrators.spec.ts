import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-credentials.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  findRows,
  insertRows,
  signInAsAdmin,
  tabTo,
  test,
} from "./fixtures.ts";
import { serverUrl } from "./ports.ts";

// Administrators (ADR 014), with the keyboard only: an invitation
// link made in the admin, used by the new person to choose a password and sign in; a used or
// expired link refused with a clear message and nothing changed; the last administrator
// cannot be removed.

const CHOSEN = "harbour-lantern-violet-19";

async function screenshot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
}

test("@js an invited administrator chooses a password through their link and signs in, by keyboard", {
  tag: "@desktop",
}, async ({ page, browser }) => {
  const email = `invited-${randomUUID().slice(0, 8)}@club.example`;
  await signInAsAdmin(page, "/admin/administrators");
  await expectAccessible(page);
  await screenshot(page, "administrators");
  await tabTo(page, page.getByRole("link", { name: "Add an administrator" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/admin/administrators/new");
  await tabTo(page, page.getByLabel("E-mail address"));
  await page.keyboard.type(email);
  // An invitation names the roles (rules §6 Roles): ticked with the space bar.
  await tabTo(page, page.getByRole("checkbox", { name: "Administrator" }));
  await page.keyboard.press("Space");
  await tabTo(page, page.getByRole("button", { name: "Create invitation link" }));
  await page.keyboard.press("Enter");
  const ready = page.getByRole("heading", { name: "Invitation ready" });
  await expect(ready).toBeFocused();
  const link = await page
    .getByRole("textbox", { name: `Invitation link for ${email}` })
    .inputValue();
  expect(link).toMatch(new RegExp(`^${serverUrl()}/admin/set-password/[A-Za-z0-9_-]{43}$`));
  await expectAccessible(page);
  await screenshot(page, "administrator-invited");

  // The new person, in a browser of their own.
  const context = await browser.newContext({ viewport: page.viewportSize() });
  const invitee = await context.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await expect(invitee.getByText(`sign in with as ${email}`)).toBeVisible();
  await expectAccessible(invitee);
  await screenshot(invitee, "set-password");
  await tabTo(invitee, invitee.getByLabel("New password", { exact: true }));
  await invitee.keyboard.type("password1234");
  await invitee.keyboard.press("Tab");
  await invitee.keyboard.type("password1234");
  await invitee.keyboard.press("Enter");
  // Refused: the keyboard is back on the field, the reason next to it; the link still works.
  await expect(invitee.getByLabel("New password", { exact: true })).toBeFocused();
  await expect(invitee.getByText("too common")).toBeVisible();
  await invitee.keyboard.press("ControlOrMeta+A");
  await invitee.keyboard.type(CHOSEN);
  await invitee.keyboard.press("Tab");
  await invitee.keyboard.press("ControlOrMeta+A");
  await invitee.keyboard.type(CHOSEN);
  await invitee.keyboard.press("Enter");
  await expect(invitee).toHaveURL("/admin");
  await expect(invitee.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const [row] = await findRows("administrators", { email });
  expect(row?.passwordSetAt).not.toBeNull();

  // The same link again: refused, said plainly, nothing changed.
  await invitee.goto(link);
  await expect(invitee.getByRole("alert")).toContainText("This link has already been used");
  await expect(invitee.getByRole("alert")).toBeFocused();
  await expect(invitee.getByLabel("New password", { exact: true })).toHaveCount(0);
  await expectAccessible(invitee);
  const [after] = await findRows("administrators", { email });
  expect(after?.passwordHash).toBe(row?.passwordHash);
  await context.close();

  // The list shows them as signed in now.
  await page.goto("/admin/administrators");
  await expect(page.getByRole("article", { name: email })).toContainText("Last signed in");
});

// Refusals that do not depend on the width, in turn in one browser: an expired link
// (anonymous), then the last administrator (signed in). Once, at 1280 px.
test("@js an expired invitation link is refused with a clear message, and nothing changes; the last administrator cannot be removed: refused with a clear message, nothing changed @desktop", async ({
  page,
}) => {
  const email = `expired-${randomUUID().slice(0, 8)}@club.example`;
  const [admin] = await insertRows("administrators", [
    { email, passwordHash: "!invited", passwordSetAt: null },
  ]);
  const token = randomBytes(32).toString("base64url");
  await insertRows("administratorTokens", [
    {
      tokenHash: createHash("sha256").update(token).digest("hex"),
      administratorId: admin?.id ?? "",
      purpose: "invite",
      expiresAt: new Date(Date.now() - 60_000),
    },
  ]);
  const response = await page.goto(`/admin/set-password/${token}`);
  expect(response?.status()).toBe(410);
  await expect(page.getByRole("alert")).toContainText(
    "This link has expired: an invitation works for 48 hours.",
  );
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  const [after] = await findRows("administrators", { email });
  expect(after?.passwordSetAt).toBeNull();
  expect(after?.passwordHash).toBe("!invited");

  // Only the suite's administrator is left (other specs' administrators go; this worker's
  // database is its own, and they are not used after their tests).
  for (const admin of await findRows("administrators"))
    if (admin.email !== E2E_ADMIN.email) await deleteRows("administrators", { id: admin.id });
  await signInAsAdmin(page, "/admin/administrators");
  await tabTo(page, page.getByRole("button", { name: `Delete: Administrator ${E2E_ADMIN.email}` }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert")).toContainText(
    "This is the last Administrator who can sign in, so it cannot be removed",
  );
  await expect(page.getByRole("article", { name: E2E_ADMIN.email })).toBeVisible();
  expect(await findRows("administrators", { email: E2E_ADMIN.email })).toHaveLength(1);
  await expectAccessible(page);
});
