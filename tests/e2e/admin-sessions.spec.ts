import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { hashPassword } from "../../app/domain/auth/password.server.ts";
import {
  expect,
  expectAccessible,
  findRows,
  insertRows,
  signInThroughForm,
  test,
} from "./fixtures.ts";
import { serverUrl } from "./ports.ts";

// rules §12 and §12: "Sign out everywhere", and the offline outbox at sign-out and for
// another administrator. Each test signs in as an administrator of its own: ending every
// session of the suite's shared administrator would sign out the specs running alongside.

const PASSWORD = "sessions-heron-kettle-73";

async function newAdministrator(): Promise<string> {
  const email = `sessions-${randomUUID().slice(0, 8)}@club.example`;
  const hash = await hashPassword(PASSWORD);
  await insertRows("administrators", [{ email, passwordHash: hash }]);
  return email;
}

const signIn = (page: Page, email: string, path = "/admin") =>
  signInThroughForm(page, { path, email, password: PASSWORD });

async function secondDevice(browser: Browser, email: string) {
  const context = await browser.newContext({ baseURL: serverUrl() });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/**
 * The page's outbox database (app/browser/outbox.ts), opened in the page as the app opens it:
 * the handle to read or fill it from the test; close it when done.
 */
const openOutbox = (page: Page) =>
  page.evaluateHandle(
    () =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open("clubsite-outbox", 1);
        open.onupgradeneeded = () => {
          const store = open.result.createObjectStore("changes", {
            keyPath: "key",
            autoIncrement: true,
          });
          store.createIndex("requestId", "requestId", { unique: true });
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => resolve(open.result);
      }),
  );

async function outboxSize(page: Page): Promise<number> {
  const outbox = await openOutbox(page);
  const size = await outbox.evaluate(
    (database) =>
      new Promise<number>((resolve, reject) => {
        const count = database.transaction("changes").objectStore("changes").count();
        count.onerror = () => reject(count.error);
        count.onsuccess = () => resolve(count.result);
      }),
  );
  await outbox.evaluate((database) => database.close());
  return size;
}

// One administrator of its own, one browser, in order: the outbox emptied at sign-out, then
// another administrator's waiting changes left in the same browser, then Sign out everywhere
// (last: it ends the sessions the earlier steps need). Sessions rules do not depend on the
// width: once, at 1280 px.
test("@js the outbox is emptied at sign-out, another administrator's changes are neither listed nor sent, and Sign out everywhere ends every device's session", {
  tag: "@desktop",
}, async ({ page, browser }) => {
  test.slow();
  const email = await newAdministrator();
  const run = randomUUID().slice(0, 8);

  await test.step("signing out empties the offline outbox", async () => {
    const title = `Outbox at sign-out ${run}`;
    await signIn(page, email, "/admin/news");
    // The server cannot be reached for this save: it waits in the outbox.
    await page.route("**/admin/news*", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    const form = page.getByRole("region", { name: "Add news" });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Content").fill("Typed while offline.");
    await form.getByRole("button", { name: "Add News" }).click();
    await expect(
      page.getByRole("region", { name: /^Waiting to be sent/ }).getByRole("listitem"),
    ).toContainText(title);
    expect(await outboxSize(page)).toBe(1);

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL("/admin/login?signedOut");
    await expect.poll(() => outboxSize(page)).toBe(0);
    await page.unroute("**/admin/news*");

    await signIn(page, email, "/admin/news");
    await expect(page.getByRole("region", { name: /^Waiting to be sent/ })).toHaveCount(0);
    expect(await findRows("news", { title })).toEqual([]);
  });

  await test.step("another administrator's waiting changes are neither listed nor sent", async () => {
    const theirs = `Another administrator change ${run}`;
    const mine = `My own change ${run}`;
    // Left in this browser by someone else (their session ended without signing out), then one of ours.
    const outbox = await openOutbox(page);
    await outbox.evaluate(
      (database, { theirs, mine, email }) =>
        new Promise<void>((resolve, reject) => {
          const tx = database.transaction("changes", "readwrite");
          tx.onerror = () => reject(tx.error);
          for (const [title, owner] of [
            [theirs, "someone-else@club.example"],
            [mine, email],
          ]) {
            const requestId = crypto.randomUUID();
            tx.objectStore("changes").put({
              requestId,
              action: "/admin/news",
              screen: "/admin/news",
              fields: [
                ["intent", "save"],
                ["title", title],
                ["content", "Waiting."],
                ["requestId", requestId],
              ],
              kind: "create",
              label: title,
              queuedAt: Date.now(),
              status: "pending",
              owner,
            });
          }
          tx.oncomplete = () => resolve();
        }),
      { theirs, mine, email },
    );
    await outbox.evaluate((database) => database.close());
    await page.reload();
    // Ours is sent (in order, after theirs would have been); theirs never is, nor is it shown.
    await expect.poll(async () => findRows("news", { title: mine })).toHaveLength(1);
    expect(await findRows("news", { title: theirs })).toEqual([]);
    await expect(page.getByText(theirs)).toHaveCount(0);
  });

  await test.step("Sign out everywhere ends this administrator's sessions on every device, by keyboard", async () => {
    await page.goto("/admin");
    const other = await secondDevice(browser, email);
    try {
      const button = page.getByRole("button", { name: "Sign out everywhere" });
      await expect(button).toBeVisible();
      await expectAccessible(page);
      // Reached with the Tab key like any other control, and pressed with Enter.
      // The dashboard holds the setup checklist and the stories waiting for review too.
      for (let presses = 0; presses < 100; presses++) {
        await page.keyboard.press("Tab");
        if (await button.evaluate((element) => element === document.activeElement)) break;
      }
      await expect(button).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL("/admin/login?signedOut");
      await expect(page.getByRole("status")).toHaveText("You have signed out.");

      await other.page.goto("/admin/messages");
      await expect(other.page).toHaveURL(/\/admin\/login\?redirectTo=/);
    } finally {
      await other.context.close();
    }
  });
});
