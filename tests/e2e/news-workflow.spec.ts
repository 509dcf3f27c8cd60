import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { clubSite } from "../../app/config/club-site.ts";
import { clubDates } from "../../app/domain/dates/format.ts";
import {
  expect,
  expectAccessible,
  findRows,
  insertRows,
  publishDueNews,
  signInAsAdmin,
  tabTo,
  test,
} from "./fixtures.ts";

// News the way volunteers write it (decisions 32, ADR 034), keyboard only, with axe: a
// Contributor writes a draft that saves itself, reloads and finds it, sends it for review; an
// Editor previews it, shares a preview link that works signed out, schedules it a few minutes
// ahead; it is nowhere public until the scheduled publisher's turn at that time (the probe's
// clock, no waiting), then everywhere; a revision is compared and restored; the withdrawn link
// answers 404.

const dates = clubDates({ timeZone: clubSite.timeZone });

/** Whether the public sees the item: /news, the feed, the sitemap, its own address. */
async function publicPlaces(request: APIRequestContext, title: string, slug: string) {
  const list = await (await request.get("/news")).text();
  const feed = await (await request.get("/news/rss.xml")).text();
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const item = await request.get(`/news/${slug}`, { maxRedirects: 0 });
  return {
    list: list.includes(title),
    feed: feed.includes(title),
    sitemap: sitemap.includes(`/news/${slug}<`),
    status: item.status(),
  };
}

/** Chooses an option of a native select by typing its first letters, as a keyboard user does. */
async function chooseStatus(page: Page, label: string) {
  const select = page.getByLabel("Status");
  await tabTo(page, select);
  await page.keyboard.type(label.slice(0, 3));
  await expect(select.locator("option:checked")).toHaveText(label);
}

test("@js a Contributor's draft is reviewed, previewed, shared, scheduled and published once at its time", {
  tag: "@desktop",
}, async ({ page, browser }) => {
  // Three people, several screens, one journey.
  test.slow();
  const suffix = randomUUID().slice(0, 8);
  const title = `Late match report ${suffix}`;
  const firstHalf = "Storm came back from a goal down.";
  const wholeText = `${firstHalf} Aoife scored twice in the second half.`;
  const contributorEmail = `parent-${suffix}@club.example`;
  await insertRows("administrators", [
    {
      email: contributorEmail,
      passwordHash: "not used: signed in by the probe",
      roles: ["contributor"],
    },
  ]);

  const id =
    await test.step("the Contributor's draft saves itself and survives a reload", async () => {
      await signInAsAdmin(page, "/admin/news", contributorEmail);
      const form = page.getByRole("region", { name: "Add news" });
      await tabTo(page, form.getByLabel("Title"));
      await page.keyboard.type(title);
      await page.keyboard.press("Tab");
      await page.keyboard.type(firstHalf);
      // Leaving the field saves the draft (and the address now names it).
      await page.keyboard.press("Tab");
      await expect(form.getByText(/^Draft saved automatically at/)).toBeVisible();
      await expect(page).toHaveURL(/\?edit=/);
      const [stored] = await findRows("news", { title });
      expect(stored).toMatchObject({ status: "draft", content: firstHalf, date: null });
      await page.reload();
      const edit = page.getByRole("region", { name: "Edit news" });
      await expect(edit.getByLabel("Content")).toHaveValue(firstHalf);
      await expectAccessible(page);
      return stored?.id ?? "";
    });

  await test.step("offline, the draft's autosave waits in the outbox and is sent once back online", async () => {
    const edit = page.getByRole("region", { name: "Edit news" });
    await page.context().setOffline(true);
    await tabTo(page, edit.getByLabel("Content"));
    await page.keyboard.press("End");
    await page.keyboard.type(wholeText.slice(firstHalf.length));
    await page.keyboard.press("Tab");
    await expect(edit.getByText(/^Offline: the draft waits in the outbox/)).toBeVisible();
    await page.context().setOffline(false);
    await expect
      .poll(async () => (await findRows("news", { id }))[0]?.content, { timeout: 15_000 })
      .toBe(wholeText);
  });

  await test.step("the Contributor sends it for review; they cannot publish", async () => {
    const edit = page.getByRole("region", { name: "Edit news" });
    await expect(edit.getByLabel("Status").locator("option")).toHaveText([
      "Draft",
      "Waiting for review",
    ]);
    await chooseStatus(page, "Waiting for review");
    await tabTo(page, edit.getByRole("button", { name: "Update News" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "News item updated." })).toBeVisible();
    expect((await findRows("news", { id }))[0]).toMatchObject({
      status: "review",
      content: wholeText,
    });
  });

  const slug = (await findRows("news", { id }))[0]?.slug ?? "";
  expect(slug).toBe(`late-match-report-${suffix}`);
  const context = await browser.newContext({ viewport: page.viewportSize() });
  const editor = await context.newPage();
  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();

  const link =
    await test.step("an Editor finds it on the dashboard, previews it and shares a preview link", async () => {
      await signInAsAdmin(editor, "/admin");
      const waiting = editor.getByRole("region", { name: /^Waiting for review/ });
      await tabTo(editor, waiting.getByRole("link", { name: `Review: ${title}` }));
      await editor.keyboard.press("Enter");
      await expect(editor).toHaveURL(`/admin/news?edit=${id}`);
      await tabTo(editor, editor.getByRole("link", { name: `Preview: ${title}` }));
      await editor.keyboard.press("Enter");
      await expect(editor.getByRole("heading", { name: "Preview", exact: true })).toBeVisible();
      await expect(editor.getByRole("heading", { level: 1 })).toHaveText(title);
      await tabTo(editor, editor.getByRole("button", { name: "Share a preview link" }));
      await editor.keyboard.press("Enter");
      const shared = editor.getByRole("textbox", { name: /^New preview link/ });
      await expect(shared).toBeFocused();
      await expectAccessible(editor);
      return shared.inputValue();
    });

  await test.step("the preview link works signed out, and is never cached nor indexed", async () => {
    const response = await visitor.goto(link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-robots-tag"]).toContain("noindex");
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(visitor.getByRole("heading", { name: "Preview", exact: true })).toBeVisible();
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
    await expectAccessible(visitor);
  });

  const at =
    await test.step("the Editor schedules it: a past time is refused, a time ahead kept", async () => {
      await editor.goto(`/admin/news?edit=${id}`);
      const edit = editor.getByRole("region", { name: "Edit news" });
      await chooseStatus(editor, "Scheduled");
      const past = new Date(Date.now() - 10 * 60_000);
      await tabTo(editor, edit.getByLabel("Publish day"));
      await edit.getByLabel("Publish day").fill(dates.toDateInputValue(past));
      await tabTo(editor, edit.getByLabel("Publish time"));
      await edit.getByLabel("Publish time").fill(dates.toTimeInputValue(past));
      await tabTo(editor, edit.getByRole("button", { name: "Update News" }));
      await editor.keyboard.press("Enter");
      await expect(edit.getByText(/that time has already passed/)).toBeVisible();
      // A few minutes ahead, on the minute.
      const ahead = new Date(Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000);
      await tabTo(editor, edit.getByLabel("Publish day"));
      await edit.getByLabel("Publish day").fill(dates.toDateInputValue(ahead));
      await tabTo(editor, edit.getByLabel("Publish time"));
      await edit.getByLabel("Publish time").fill(dates.toTimeInputValue(ahead));
      await expectAccessible(editor);
      await tabTo(editor, edit.getByRole("button", { name: "Update News" }));
      await editor.keyboard.press("Enter");
      await expect(
        editor.getByRole("status").filter({ hasText: "News item updated." }),
      ).toBeVisible();
      expect((await findRows("news", { id }))[0]).toMatchObject({
        status: "scheduled",
        publishAt: ahead.toISOString(),
      });
      return ahead;
    });

  await test.step("before its time it is nowhere public; at its time, everywhere, once", async () => {
    expect(await publicPlaces(visitor.request, title, slug)).toEqual({
      list: false,
      feed: false,
      sitemap: false,
      status: 404,
    });
    expect(await publishDueNews(new Date(at.getTime() - 1000))).toEqual([]);
    expect(await publishDueNews(new Date(at.getTime() + 1000))).toEqual([{ id, title }]);
    expect(await publishDueNews(new Date(at.getTime() + 2000))).toEqual([]);
    expect(await publicPlaces(visitor.request, title, slug)).toEqual({
      list: true,
      feed: true,
      sitemap: true,
      status: 200,
    });
    const moved = await visitor.request.get(`/news/${id}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(`/news/${slug}`);
    expect((await findRows("news", { id }))[0]?.date).toBe(at.toISOString());
    expect(
      (await findRows("activity", { recordId: id, action: "publish" })).map((row) => row.actor),
    ).toEqual(["scheduled publishing"]);
  });

  await test.step("a revision is compared with the current text and restored, by keyboard", async () => {
    await editor.goto(`/admin/news/${id}/revisions`);
    const compare = editor.getByRole("link", { name: /^Compare the revision of/ });
    await tabTo(editor, compare);
    await editor.keyboard.press("Enter");
    await expect(
      editor.getByRole("heading", { name: "Changes since this revision" }),
    ).toBeFocused();
    await expect(editor.locator("ins").filter({ hasText: "Aoife scored twice" })).toBeVisible();
    await expectAccessible(editor);
    await tabTo(editor, editor.getByRole("button", { name: /^Restore the revision of/ }));
    await editor.keyboard.press("Enter");
    await expect(editor.getByText("Revision restored: it is now the current text.")).toBeVisible();
    expect((await findRows("news", { id }))[0]?.content).toBe(firstHalf);
    await visitor.goto(`/news/${slug}`);
    await expect(visitor.getByText(/^Updated /)).toBeVisible();
  });

  await test.step("a withdrawn preview link answers 404 and says so", async () => {
    await editor.goto(`/admin/news/${id}/preview`);
    await tabTo(editor, editor.getByRole("button", { name: "Withdraw link 1" }));
    await editor.keyboard.press("Enter");
    await expect(editor.getByText("No preview link works now.")).toBeVisible();
    const response = await visitor.goto(link);
    expect(response?.status()).toBe(404);
    await expect(visitor.getByText(/This preview link has expired or was withdrawn/)).toBeVisible();
  });
  await context.close();
  await anonymous.close();
});
