import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  ADMIN_OFFLINE_WARNING,
  OUTBOX_FULL_MESSAGE,
  OUTBOX_MAX_BATCHES,
  PENDING_MARKER,
} from "../../app/domain/connectivity/outbox.ts";
import {
  CONNECTION_TIMEOUT_MS,
  OFFLINE_PAGE_MESSAGE,
  PUBLIC_OFFLINE_NOTICE,
} from "../../app/domain/connectivity/rules.ts";
import { buildNews } from "../../scripts/factories.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  findRows,
  insertRows,
  signInAsAdmin,
  signInThroughForm,
  test,
} from "./fixtures.ts";
import { startRelay } from "./own-server.ts";
import { appPort, ownServerPort } from "./ports.ts";
import { presetConsent } from "./site.ts";

// Connectivity (rules §4 Data-store connectivity, §8 Offline reads and Backend unreachable,
// decisions 22, ADR 006): saved copies and the offline page from the service worker, the
// offline notices, and the admin outbox. Service workers are blocked for the other specs.

test.use({ serviceWorkers: "allow" });

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

/**
 * Waits until the service worker controls the page (it claims its clients on activation). It
 * installs first, and installing downloads every public route's code (ADR 019): on a busy
 * machine that took over 10 s.
 */
async function waitForServiceWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      timeout: 30_000,
    })
    .toBe(true);
}

/** The page addresses the service worker has saved a copy of. */
async function savedPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith("clubsite-pages-"));
    const urls: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) {
        urls.push(new URL(request.url).pathname);
      }
    }
    return urls;
  });
}

test("@js visited pages open offline from the saved copy with the notice; others show the offline page", async ({
  page,
  context,
}) => {
  // Two axe runs and a page reload offline: room on a loaded machine.
  test.slow();
  await page.goto("/");
  await waitForServiceWorker(page);
  expect(context.serviceWorkers().map((worker) => new URL(worker.url()).pathname)).toEqual([
    "/sw.js",
  ]);
  // The page that installed the worker is saved too.
  await expect.poll(() => savedPages(page)).toContain("/");
  await page.goto("/news");
  await page.goto("/team");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await savedPages(page)).toEqual(expect.arrayContaining(["/news", "/team"]));

  await context.setOffline(true);
  await page.goto("/news");
  await expect(page.getByRole("status").filter({ hasText: PUBLIC_OFFLINE_NOTICE })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page);

  // A click in the site: the page's data was never saved, so the saved page is loaded whole.
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: PUBLIC_OFFLINE_NOTICE })).toBeVisible();

  // A page never visited: the offline page, with a way to try again and a way home.
  await page.goto("/sponsors");
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await expect(page.getByText(OFFLINE_PAGE_MESSAGE)).toBeVisible();
  // Its heading in the club's display face, from the worker's copy (the font files were once
  // renamed and left out of it without anyone noticing).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts].some(
          (face) =>
            face.family.replaceAll('"', "") === "Barlow Condensed" && face.status === "loaded",
        );
      }),
    )
    .toBe(true);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page.getByRole("status").filter({ hasText: PUBLIC_OFFLINE_NOTICE })).toBeVisible();

  // Back online, Try again gets the real page.
  await context.setOffline(false);
  await page.goto("/sponsors");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("You are offline");
  await expect(page.getByText(PUBLIC_OFFLINE_NOTICE)).toHaveCount(0);
});

// ADR 019: the worker saves every public route's code when it installs, and pages loaded while
// it installs; a saved copy carries the notice in its own HTML.
test("@js three pages opened one after another without waiting each open offline, complete and with the notice", async ({
  page,
  context,
}) => {
  test.slow();
  // A saved copy hydrates as it is: a mismatch would make React draw the page again.
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const pages = ["/", "/news", "/about"];
  // Each page is left as soon as it has hydrated: the worker is still installing meanwhile.
  // The first is left before its scripts could register the worker (the chunk that does is
  // refused there, as a slow phone leaves it unloaded): only the note its head script made
  // lets a later page save it (root.tsx).
  const laterChunk = "**/assets/site-later-*.js";
  await page.route(laterChunk, (route) =>
    new URL(route.request().frame().url()).pathname === "/" ? route.abort() : route.continue(),
  );
  for (const path of pages) await page.goto(path);
  await page.unroute(laterChunk);
  await waitForServiceWorker(page);
  // The worker saves the pages after it has precached every public route's code (ADR 006):
  // on a busy machine that takes longer than an expectation's usual 10 s.
  await expect
    .poll(() => savedPages(page), { timeout: 30_000 })
    .toEqual(expect.arrayContaining(pages));

  // What is judged is the saved copies: the first page online had its chunk refused on purpose.
  errors.length = 0;
  await context.setOffline(true);
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The page's scripts came from the worker's copy: it hydrated (page.goto waits for that)
    // and shows its own notice, once.
    await expect(page.getByText(PUBLIC_OFFLINE_NOTICE)).toHaveCount(1);
    await expect(page.getByRole("status").filter({ hasText: PUBLIC_OFFLINE_NOTICE })).toBeVisible();
  }
  // The notice is in the saved copy's HTML itself, for a page whose scripts cannot run.
  const html = await page.evaluate(async () => (await fetch("/news")).text());
  expect(html).toContain(PUBLIC_OFFLINE_NOTICE);
  expect(errors).toEqual([]);
  await context.setOffline(false);
});

const newsForm = (page: Page) => page.getByRole("region", { name: "Add news" });
const editForm = (page: Page) => page.getByRole("region", { name: "Edit news" });

const outbox = (page: Page) => page.getByRole("region", { name: /^Waiting to be sent/ });

/** A news item dated long ago, so it never moves another spec's items off the first page. */
async function insertOldNews(title: string): Promise<string> {
  const [row] = await insertRows("news", [
    buildNews({
      title,
      content: "Kept for the connectivity spec.",
      date: new Date("2001-01-01T12:00:00Z"),
    }),
  ]);
  return row?.id ?? "";
}

const storedTitle = async (id: string) => (await findRows("news", { id }))[0]?.title;

async function submitEdit(page: Page, title: string) {
  await editForm(page).getByLabel("Title").fill(title);
  await editForm(page).getByRole("button", { name: "Update News" }).click();
}

// One signed-in session for the admin's side (ADR 006), in order: nothing private is saved;
// edits made offline wait and land in order; a change the server refuses on replay is shown.
test("@js admin: nothing signed-in is saved; edits made offline wait as pending and land in order once online, the 11th is refused; a change refused on replay is shown", {
  tag: "@desktop",
}, async ({ page, context }) => {
  test.slow();
  const run = randomUUID().slice(0, 8);
  const id = await insertOldNews(`Offline ${run}`);
  const titles = Array.from({ length: OUTBOX_MAX_BATCHES }, (_, i) => `Offline ${run} #${i + 1}`);
  try {
    await test.step("admin pages and signed-in answers are never saved", async () => {
      await signInAsAdmin(page, "/admin/news");
      await waitForServiceWorker(page);
      await page.goto("/about");
      await page.goto("/fixtures");
      await page.goto("/admin/table");
      const saved = await savedPages(page);
      expect(saved.filter((url) => url.startsWith("/admin"))).toEqual([]);
      // Signed in, even public pages are private to this browser.
      expect(
        saved.filter((url) => url.startsWith("/about") || url.startsWith("/fixtures")),
      ).toEqual([]);
    });

    await page.goto(`/admin/news?edit=${id}`);
    await context.setOffline(true);
    await expect(page.getByRole("status").filter({ hasText: ADMIN_OFFLINE_WARNING })).toBeVisible();

    await submitEdit(page, titles[0] ?? "");
    const first = outbox(page).getByRole("listitem").filter({ hasText: titles[0] });
    await expect(first).toContainText("Pending");
    await expect(first).toContainText(PENDING_MARKER);
    // Like after a save, the form starts again from the stored item.
    await expect(editForm(page).getByLabel("Title")).toHaveValue(`Offline ${run}`);
    await expectAccessible(page);
    expect(await storedTitle(id)).toBe(`Offline ${run}`);

    for (const title of titles.slice(1)) {
      await submitEdit(page, title);
      await expect(outbox(page).getByRole("listitem").filter({ hasText: title })).toBeVisible();
    }
    await expect(outbox(page).getByRole("listitem")).toHaveCount(OUTBOX_MAX_BATCHES);

    // The 11th: refused plainly, and the form keeps what was typed.
    const eleventh = `Offline ${run} #11`;
    await submitEdit(page, eleventh);
    await expect(page.getByRole("alert").filter({ hasText: OUTBOX_FULL_MESSAGE })).toBeVisible();
    await expect(editForm(page).getByLabel("Title")).toHaveValue(eleventh);
    await expect(outbox(page).getByRole("listitem")).toHaveCount(OUTBOX_MAX_BATCHES);

    // Back online: all ten are sent, in order (the last one wins), and the list shows it.
    await context.setOffline(false);
    await expect(outbox(page)).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByRole("status").filter({ hasText: ADMIN_OFFLINE_WARNING })).toHaveCount(
      0,
    );
    expect(await storedTitle(id)).toBe(titles[9]);

    // The form still held the 11th: now it saves as usual.
    await submitEdit(page, eleventh);
    await expect(page.getByRole("status").filter({ hasText: "News item updated." })).toBeVisible();
    expect(await storedTitle(id)).toBe(eleventh);

    await test.step("a change the server refuses on replay is shown with the server's message", async () => {
      await page.goto(`/admin/news?edit=${id}`);
      await context.setOffline(true);
      await editForm(page).getByLabel("Content").fill("Edited offline.");
      await editForm(page).getByRole("button", { name: "Update News" }).click();
      await expect(outbox(page).getByRole("listitem").filter({ hasText: eleventh })).toContainText(
        PENDING_MARKER,
      );
      // Meanwhile someone deletes the item.
      await deleteRows("news", { id });
      await context.setOffline(false);
      const refused = outbox(page).getByRole("listitem").filter({ hasText: eleventh });
      await expect(refused).toContainText("Not sent", { timeout: 30_000 });
      await expect(refused).toContainText(
        "This news item no longer exists: it may have been deleted. Nothing was saved.",
      );
      await expectAccessible(page);
      await refused.getByText("What you typed").click();
      await expect(refused).toContainText("Edited offline.");
      await refused.getByRole("button", { name: `Dismiss: Update: “${eleventh}”` }).click();
      await expect(outbox(page)).toHaveCount(0);
    });
  } finally {
    await deleteRows("news", { id });
  }
});

test("@js a server that hangs over 10 s makes the page offline; a server stopped mid-session leaves the saved copies", {
  tag: "@desktop",
}, async ({ page }) => {
  test.slow();
  // The page's clock is ours: the 10 s without an answer pass at once (fastForward below).
  await page.clock.install();
  // This worker's server behind a relay that hangs and stops as the server's process would
  // (own-server.ts startRelay): another origin, so the service worker and its saved copies
  // are this test's own, without the cost of starting a second server.
  const port = ownServerPort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startRelay(port, appPort(test.info().parallelIndex));
  const title = `Hung ${randomUUID().slice(0, 8)}`;
  try {
    await page.goto(`${base}/`);
    await waitForServiceWorker(page);
    await page.goto(`${base}/news`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // The server hangs while an admin saves: after 10 s the page is offline, the change kept.
    await signInThroughForm(page, { path: "/admin/news", origin: base });
    await newsForm(page).getByLabel("Title").fill(title);
    await newsForm(page).getByLabel("Content").fill("Sent while the server hung.");
    server.hang();
    // The 10 s start when the save is sent: once the request is out, they pass at once.
    const sent = page.waitForRequest((request) => request.method() === "POST");
    await newsForm(page).getByRole("button", { name: "Add News" }).click();
    await sent;
    await page.clock.fastForward(CONNECTION_TIMEOUT_MS);
    await expect(page.getByRole("status").filter({ hasText: ADMIN_OFFLINE_WARNING })).toBeVisible();
    await expect(outbox(page).getByRole("listitem").filter({ hasText: title })).toContainText(
      PENDING_MARKER,
    );

    // It wakes up: the first request lands late, the replay is recognised: one item only.
    server.wake();
    await expect(outbox(page)).toHaveCount(0, { timeout: 30_000 });
    await page.goto(`${base}/admin/news`);
    await expect(
      page.getByRole("region", { name: /^All news/ }).getByRole("heading", { name: title }),
    ).toHaveCount(1);
    expect(await findRows("news", { title })).toHaveLength(1);

    // Stopped for good: the pages saved earlier still open, and say they are a saved copy.
    await server.stop();
    await page.goto(`${base}/news`);
    await expect(page.getByRole("status").filter({ hasText: PUBLIC_OFFLINE_NOTICE })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  } finally {
    server.wake();
    await server.stop();
    await deleteRows("news", { title });
  }
});

test("@nojs without JavaScript no service worker is registered", async ({ page, context }) => {
  await page.goto("/");
  await page.goto("/news");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(context.serviceWorkers()).toEqual([]);
});
