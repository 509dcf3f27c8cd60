import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import { clubSite } from "../../app/config/club-site.ts";
import { clubDates } from "../../app/domain/dates/format.ts";
import { expect, expectAccessible, findRows, signInAsAdmin, test } from "./fixtures.ts";
import { presetConsent } from "./site.ts";

// The demo club's time zone (a new database's, config/club-site.ts).
const TIME_ZONE = clubSite.timeZone;

// Manage News (rules §2 Manage News, §4 Edit modes, ADR 005) and what the public sees after
// each change. Every item has a unique title, and "first" means "before every older item",
// checked against the database.

interface StoredNews {
  id: string;
  title: string;
  content: string;
  date: string | null;
  slug: string | null;
}

const stored = async (title: string): Promise<StoredNews[]> =>
  (await findRows("news", { title })).map(({ id, title, content, date, slug }) => ({
    id,
    title,
    content,
    date,
    slug,
  }));

/** The home shows the three newest items: the new title, and never the old one. */
async function expectOnHome(
  page: Page,
  { title, previousTitle }: { title: string; previousTitle?: string },
) {
  await page.goto("/");
  const latest = page.getByRole("region", { name: "Latest News" });
  if (previousTitle)
    await expect(latest.getByRole("heading", { name: previousTitle })).toHaveCount(0);
  await expect(latest.getByRole("heading", { name: title })).toBeVisible();
}

async function addNews(page: Page, item: { title: string; content: string; category?: string }) {
  const form = page.getByRole("region", { name: "Add news" });
  await form.getByLabel("Title").fill(item.title);
  await form.getByLabel("Content").fill(item.content);
  if (item.category) await form.getByLabel("Category").fill(item.category);
  await form.getByRole("button", { name: "Add News" }).click();
  await expect(page.getByRole("status").filter({ hasText: "News item created." })).toBeVisible();
}

/** The titles of the cards of a region, in order. */
const cardTitles = (page: Page, region: string) =>
  page
    .getByRole("region", { name: region })
    .getByRole("article")
    .getByRole("heading")
    .allTextContents();

/** True when `title` comes before every card dated earlier than it (newer items may precede it). */
async function expectBeforeOlderItems(page: Page, region: string, title: string) {
  const titles = await cardTitles(page, region);
  expect(titles).toContain(title);
  const [mine] = await stored(title);
  const mineDate = Date.parse(mine?.date ?? "");
  const older = (await findRows("news")).filter(
    (row) => row.date !== null && Date.parse(row.date) < mineDate,
  );
  const olderTitles = new Set(older.map((row) => row.title));
  const position = titles.indexOf(title);
  expect(titles.slice(0, position).filter((t) => olderTitles.has(t))).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await presetConsent(page, "declined");
});

// One journey from the empty form to the public pages and back: the browser's checks on the
// form, the create, the edit, and what the public sees after each. Cancel edit, delete and
// Undo are in the keyboard journey (admin-keyboard.spec.ts), with their stored records.
test("the browser checks the form; a new item is listed, first on /news, in the home's three and the feed; an edit shows everywhere", {
  tag: ["@js", "@desktop"],
}, async ({ page, request }) => {
  // One journey through the admin, three public pages and the feed, twice.
  test.slow();
  const tag = randomUUID().slice(0, 8);
  const title = `Cup draw ${tag}`;
  const changed = `After edit ${tag}`;
  await signInAsAdmin(page, "/admin/news");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manage News");
  await expectAccessible(page);

  await test.step("the browser checks the form before sending, with the messages next to the fields", async () => {
    const form = page.getByRole("region", { name: "Add news" });
    await form.getByLabel("Image URL").fill("javascript:alert(1)");
    // Leaving the field shows its message (and moves the button) before the click.
    await form.getByLabel("Image URL").blur();
    await expect(form.getByLabel("Image URL")).toHaveAttribute("aria-invalid", "true");
    await form.getByRole("button", { name: "Add News" }).click();
    await expect(form.getByLabel("Title")).toHaveAccessibleDescription("Please enter a title.");
    await expect(form.getByLabel("Image URL")).toHaveAccessibleDescription(
      /Please enter a web address starting with https:\/\//,
    );
    await expectAccessible(page);
    await form.getByLabel("Image URL").fill("");
  });

  const content = "We meet the Lions in the semi-final.\nKick-off to be confirmed.";
  const before =
    await test.step("create: the item is listed, first on /news and in the home's three, and in the feed", async () => {
      await addNews(page, { title, content, category: "Club news" });
      // The form is cleared and the list shows the new item, dated by the server.
      const form = page.getByRole("region", { name: "Add news" });
      await expect(form.getByLabel("Title")).toHaveValue("");
      await expect(form.getByLabel("Content")).toHaveValue("");
      await expect(
        page.getByRole("region", { name: /^All news/ }).getByRole("heading", { name: title }),
      ).toBeVisible();
      const [row] = await stored(title);
      expect(row?.date).not.toBeNull();

      await page.goto("/news");
      await expectBeforeOlderItems(page, "Latest stories", title);
      await expectOnHome(page, { title });

      // The detail page shows the date in the spec's format, in the club's time zone.
      await page.goto(`/news/${row?.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(
        page.getByText(
          clubDates({ timeZone: TIME_ZONE }).formatNewsDate(new Date(row?.date ?? "")),
          { exact: true },
        ),
      ).toBeVisible();

      const feed = new XMLParser().parse(await (await request.get("/news/rss.xml")).text());
      const items = feed.rss.channel.item as { title: string; link: string }[];
      // ADR 034: the feed links the readable address made from the title.
      expect(items.find((item) => item.title === title)?.link).toMatch(
        new RegExp(`/news/${row?.slug}$`),
      );
      return row;
    });

  await test.step("edit: the form fills, the button reads 'Update News', and the change shows everywhere", async () => {
    await page.goto("/admin/news");
    await page.getByRole("link", { name: `Edit: ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`edit=${before?.id}`));
    const form = page.getByRole("region", { name: "Edit news" });
    await expect(form.getByLabel("Title")).toHaveValue(title);
    await expect(form.getByLabel("Title")).toBeFocused();
    await expect(form.getByLabel("Content")).toHaveValue(content);
    await expect(form.getByRole("button", { name: "Add News" })).toHaveCount(0);
    await expectAccessible(page);

    await form.getByLabel("Title").fill(changed);
    await form.getByLabel("Content").fill("New words.\nOn two lines.");
    await form.getByRole("button", { name: "Update News" }).click();
    await expect(page.getByRole("status").filter({ hasText: "News item updated." })).toBeVisible();
    // Back in add mode, with an empty form.
    await expect(page.getByRole("button", { name: "Add News" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Add news" }).getByLabel("Title")).toHaveValue(
      "",
    );

    const [after] = await stored(changed);
    expect(after?.id).toBe(before?.id);
    expect(after?.date).toBe(before?.date);
    expect(await stored(title)).toEqual([]);

    await page.goto(`/news/${before?.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(changed);
    await expect(page.getByText("New words.")).toBeVisible();
    await page.goto("/news");
    await expect(page.getByRole("heading", { name: changed })).toBeVisible();
    await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
    await expectOnHome(page, { title: changed, previousTitle: title });
  });
});

test.describe("without JavaScript", { tag: "@desktop" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the server's field errors show next to the fields and keep what was typed; edit, cancel and delete with Undo work as plain forms and links", async ({
    page,
  }) => {
    const content = `Typed without a title ${randomUUID().slice(0, 8)}`;
    await signInAsAdmin(page, "/admin/news");
    const form = page.getByRole("region", { name: "Add news" });
    // Spaces pass the browser's required check; the server refuses them.
    await form.getByLabel("Title").fill("   ");
    await form.getByLabel("Content").fill(content);
    await form.getByLabel("Image URL").fill("ftp://files.example/photo.png");
    await form.getByLabel("Category").fill("Club news");
    await form.getByRole("button", { name: "Add News" }).click();

    const again = page.getByRole("region", { name: "Add news" });
    await expect(again.getByLabel("Title")).toHaveAccessibleDescription("Please enter a title.");
    await expect(again.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expect(again.getByLabel("Image URL")).toHaveAccessibleDescription(
      /Please enter a web address starting with https:\/\//,
    );
    await expect(again.getByLabel("Content")).toHaveValue(content);
    await expect(again.getByLabel("Image URL")).toHaveValue("ftp://files.example/photo.png");
    await expect(again.getByLabel("Category")).toHaveValue("Club news");
    expect(await findRows("news", { content })).toEqual([]);

    // Edit, cancel and delete with Undo, from a fresh screen.
    const title = `No script ${randomUUID().slice(0, 8)}`;
    await page.goto("/admin/news");
    await addNews(page, { title, content: "Plain HTML." });
    const [before] = await stored(title);

    await page.getByRole("link", { name: `Edit: ${title}` }).click();
    await expect(page.getByRole("button", { name: "Update News" })).toBeVisible();
    await page.getByRole("link", { name: "Cancel edit" }).click();
    await expect(page.getByRole("button", { name: "Add News" })).toBeVisible();

    await page.getByRole("button", { name: `Delete: ${title}` }).click();
    await expect(page.getByText(`“${title}” deleted.`)).toBeVisible();
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText(`“${title}” restored.`)).toBeVisible();
    expect(await stored(title)).toEqual([before]);
  });
});
