import { randomUUID } from "node:crypto";
import type { BrowserContext, Page, Route } from "@playwright/test";
import { SAVE_FAILED_MESSAGES } from "../../app/domain/admin/reply.ts";
import { ADMIN_OFFLINE_WARNING } from "../../app/domain/connectivity/outbox.ts";
import { MEDIA_MESSAGES } from "../../app/domain/media/rules.ts";
import { largePhoneJpeg } from "../media-fixtures.ts";
import { deleteRows, expect, expectAccessible, findRows, signInAsAdmin, test } from "./fixtures.ts";
import { presetConsent } from "./site.ts";

// A phone's photo with JavaScript on (ADR 017, ADR 023): the form posts to the route's
// .data address, which takes an upload as the route itself does, and a save that fails (the
// server refuses it, fails, or the connection drops mid-save) leaves every typed field and
// the chosen photo in place, says why in an alert that has focus, and saving again works.
// What is stored and refused does not depend on the width: once, at 1280 px.

const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

let photo: Buffer;
test.beforeAll(async () => {
  photo = await largePhoneJpeg();
});

/** A photo as a phone names it, about 6.5 MB (over the 3 MB of a form without an upload). */
const phonePhoto = () => ({ name: "IMG_2041.JPG", mimeType: "image/jpeg", buffer: photo });

/** The name of the file the form's photo field holds now (empty when none). */
function chosenFile(page: Page) {
  return page
    .getByLabel("Upload a photo")
    .evaluate((input: HTMLInputElement) => input.files?.[0]?.name ?? "");
}

/** Answers the next save posted to `path` (a .data address) with `answer`, once. */
async function failNextSave(
  page: Page,
  path: string,
  answer: (route: Route) => Promise<void>,
): Promise<void> {
  let answered = false;
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (answered || route.request().method() !== "POST") return route.fallback();
      answered = true;
      await answer(route);
    },
  );
}

/** Back online, and the page knows it (the admin's offline banner is gone). */
async function backOnline(page: Page, context: BrowserContext) {
  await context.setOffline(false);
  await expect(page.getByText(ADMIN_OFFLINE_WARNING)).toHaveCount(0, { timeout: 20_000 });
}

/** Expects the alert under the title to say `message` and to have the keyboard. */
async function expectFailure(page: Page, message: string) {
  const alert = page.getByRole("alert").filter({ hasText: message.slice(0, 40) });
  await expect(alert).toHaveText(message);
  await expect(alert).toBeFocused();
}

test.describe("a phone photo with JavaScript on", { tag: ["@js", "@desktop"] }, () => {
  // Each save makes the photo's sizes on the server (a few seconds on two shared cores).
  test.describe.configure({ timeout: 180_000 });

  test("a news item with a 6 MB photo: a 500, a 413, a drop of the connection and an ended session keep every field and the photo; saving again works", async ({
    page,
    context,
  }) => {
    const title = unique("Cup final photos");
    const content = "Saturday's final, in pictures: the squad, the fans and the cup.";
    const alt = "The captain lifts the cup in front of the fans";
    await signInAsAdmin(page, "/admin/news");
    const form = page.getByRole("region", { name: "Add news" });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Content").fill(content);
    await form.getByLabel("Upload a photo").setInputFiles(phonePhoto());
    await form.getByLabel("Describe the photo").fill(alt);
    const save = form.getByRole("button", { name: "Add News" });

    const expectKept = async () => {
      await expect(form.getByLabel("Title")).toHaveValue(title);
      await expect(form.getByLabel("Content")).toHaveValue(content);
      await expect(form.getByLabel("Describe the photo")).toHaveValue(alt);
      expect(await chosenFile(page)).toBe("IMG_2041.JPG");
      await expect(
        form.getByText("Preview of IMG_2041.JPG: it is uploaded when you save."),
      ).toBeVisible();
    };

    await test.step("the server fails (500): the form is as typed, the alert says so", async () => {
      await failNextSave(page, "/admin/news.data", (route) =>
        route.fulfill({
          status: 500,
          contentType: "text/html; charset=utf-8",
          body: "<!doctype html><title>Something went wrong</title><h1>Something went wrong</h1>",
        }),
      );
      await save.click();
      await expectFailure(page, SAVE_FAILED_MESSAGES.server);
      await expectKept();
      await expect(page.getByRole("heading", { level: 1, name: "Manage News" })).toBeVisible();
      await expectAccessible(page);
    });

    await test.step("too large to send (413): the alert names the limit", async () => {
      await failNextSave(page, "/admin/news.data", (route) =>
        route.fulfill({
          status: 413,
          contentType: "text/plain; charset=utf-8",
          body: "This form is too large to send. Nothing was saved: make it shorter and try again.",
        }),
      );
      await save.click();
      await expectFailure(page, SAVE_FAILED_MESSAGES.tooLargeWithFile);
      await expectKept();
    });

    await test.step("the connection drops mid-save: nothing is kept on the device, the form is", async () => {
      await failNextSave(page, "/admin/news.data", async (route) => {
        await context.setOffline(true);
        await route.abort("internetdisconnected");
      });
      try {
        await save.click();
        await expectFailure(page, MEDIA_MESSAGES.offline);
        await expectKept();
        await expectAccessible(page);
      } finally {
        await backOnline(page, context);
      }
    });

    await test.step("the session ended (a real 401 from the server): sign in again in another tab, then save", async () => {
      await context.clearCookies();
      await save.click();
      await expectFailure(page, SAVE_FAILED_MESSAGES.session);
      await expectKept();
      await expectAccessible(page);
      const other = await context.newPage();
      await signInAsAdmin(other, "/admin");
      await other.close();
    });

    await test.step("saving again stores the item with its photo, shown on its page", async () => {
      expect(await findRows("news", { title })).toEqual([]);
      await save.click();
      await expect(page.getByRole("status").filter({ hasText: "News item created." })).toBeVisible({
        timeout: 60_000,
      });
      await expect(page.getByRole("alert")).toHaveCount(0);
      await expect(form.getByLabel("Title")).toHaveValue("");
      const [item] = await findRows("news", { title });
      expect(item?.image).toMatch(/^\/media\/[a-f0-9]{24}-1920x1440\.jpg$/);
      await page.goto(`/news/${item?.id}`);
      const shown = page.getByRole("img", { name: alt });
      await expect(shown).toBeVisible();
      await expect
        .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    });
  });

  test("a person with a 6 MB photo: a refusal and a drop of the connection keep every field, the bio and the photo; saving again works", async ({
    page,
    context,
  }) => {
    const name = unique("Photo Player");
    const bio = "Scored twice in the cup final.";
    await presetConsent(page, "declined");
    await signInAsAdmin(page, "/admin/team");
    const editor = page.getByRole("textbox", { name: /^Bio/ });
    await expect(editor).toHaveAttribute("contenteditable", "true");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Position").fill("Striker");
    await page.getByLabel("Goals").fill("7");
    await editor.click();
    await page.keyboard.type(bio);
    await page.getByLabel("Upload a photo").setInputFiles(phonePhoto());
    const save = page.getByRole("button", { name: "Add Player" });

    const expectKept = async () => {
      await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
      await expect(page.getByLabel("Position")).toHaveValue("Striker");
      await expect(page.getByLabel("Goals")).toHaveValue("7");
      await expect(editor).toHaveText(bio);
      expect(await chosenFile(page)).toBe("IMG_2041.JPG");
    };

    try {
      await test.step("the server refuses it (a real 401: the session ended)", async () => {
        await context.clearCookies();
        await save.click();
        await expectFailure(page, SAVE_FAILED_MESSAGES.session);
        await expectKept();
        await expectAccessible(page);
        const other = await context.newPage();
        await signInAsAdmin(other, "/admin");
        await other.close();
      });

      await test.step("the connection drops mid-save", async () => {
        await failNextSave(page, "/admin/team.data", async (route) => {
          await context.setOffline(true);
          await route.abort("internetdisconnected");
        });
        try {
          await save.click();
          await expectFailure(page, MEDIA_MESSAGES.offline);
          await expectKept();
        } finally {
          await backOnline(page, context);
        }
      });

      await test.step("saving again stores the person with the photo, shown on their page", async () => {
        await save.click();
        await expect(
          page.getByRole("status").filter({ hasText: "Team member added." }),
        ).toBeVisible({ timeout: 60_000 });
        const [member] = await findRows("teamMembers", { name });
        expect(member?.image).toMatch(/^\/media\/[a-f0-9]{24}-1920x1440\.jpg$/);
        expect(member?.goals).toBe(7);
        await page.goto(`/team/${member?.slug}`);
        const portrait = page.locator("main picture img").first();
        await expect(portrait).toBeVisible();
        await expect
          .poll(() =>
            portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
          )
          .toBeGreaterThan(0);
      });
    } finally {
      await deleteRows("teamMembers", { name });
    }
  });
});
