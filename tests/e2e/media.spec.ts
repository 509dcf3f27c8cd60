import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { MEDIA_MESSAGES } from "../../app/domain/media/rules.ts";
import { IMAGE_ALT_REQUIRED } from "../../app/domain/news/news.schema.ts";
import { CLEAN_SVG, plainImage, SCRIPTED_SVG, sidewaysPhoneJpeg } from "../media-fixtures.ts";
import {
  deleteRows,
  expect,
  expectAccessible,
  findRows,
  reviewShot,
  signInAsAdmin,
  test,
} from "./fixtures.ts";
import { deleteTeam, uniqueTeam } from "./match-centre-data.ts";
import { presetConsent } from "./site.ts";

// Photos uploaded from a phone or a computer (decisions 23, ADR 017): the news form's photo
// field, and what the public page serves. Runs once, at 1280 px: what is stored, served or
// refused does not depend on the width (the news and team forms' keyboard journeys at 375 px
// are in admin-keyboard.spec.ts, the media library's in media-library.spec.ts).

const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

async function fillStory(page: Page, title: string) {
  const form = page.getByRole("region", { name: "Add news" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Content").fill("Saturday's final, in pictures.");
  return form;
}

/** Every address in an image's srcset attributes (its <source>s and the <img>). */
async function srcsetUrls(page: Page, alt: string): Promise<string[]> {
  return page.getByRole("img", { name: alt }).evaluate((img) => {
    const picture = img.closest("picture");
    const sets = [
      ...[...(picture?.querySelectorAll("source") ?? [])].map((s) => s.srcset),
      (img as HTMLImageElement).srcset,
    ];
    return sets.flatMap((set) => set.split(",").map((entry) => entry.trim().split(" ")[0] ?? ""));
  });
}

test("a phone photo with GPS and an orientation flag is uploaded for a news item and shown upright, without EXIF @desktop", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const title = unique("Cup final photos");
  const alt = "The captain lifts the cup in front of the fans";
  await signInAsAdmin(page, "/admin/news");
  const form = await fillStory(page, title);
  await form.getByLabel("Upload a photo").setInputFiles({
    name: "IMG_2041.JPG",
    mimeType: "image/jpeg",
    buffer: await sidewaysPhoneJpeg(),
  });
  // A preview before saving, announced.
  await expect(
    form.getByText("Preview of IMG_2041.JPG: it is uploaded when you save."),
  ).toBeVisible();
  await expect(form.getByRole("group", { name: /^Photo/ }).getByRole("status")).toHaveText(
    "IMG_2041.JPG chosen. It is uploaded when you save.",
  );
  await form.getByLabel("Describe the photo").fill(alt);
  await expectAccessible(page);
  await reviewShot(page, "news-form-preview", { fullPage: true });
  await form.getByRole("button", { name: "Add News" }).click();
  // The save makes the photo's sizes first: seconds on two shared cores.
  await expect(page.getByRole("status").filter({ hasText: "News item created." })).toBeVisible({
    timeout: 60_000,
  });

  const [item] = await findRows("news", { title });
  expect(item?.image).toMatch(/^\/media\/[a-f0-9]{24}-1200x2400\.jpg$/);
  expect(item?.imageAlt).toBe(alt);

  await page.goto(`/news/${item?.id}`);
  const photo = page.getByRole("img", { name: alt });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute("fetchpriority", "high");
  await expect(photo).toHaveAttribute("width", "1200");
  await expect(photo).toHaveAttribute("height", "2400");
  // The browser chose a file from the srcset (AVIF here), upright: taller than wide.
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const shown = await photo.evaluate((img: HTMLImageElement) => ({
    src: img.currentSrc,
    width: img.naturalWidth,
    height: img.naturalHeight,
  }));
  expect(shown.src).toMatch(/\/media\/[a-f0-9]{24}-\d+\.avif$/);
  expect(shown.height).toBe(shown.width * 2);
  // A phone needs a smaller file than a wide screen.
  if (testInfo.project.name === "chromium-mobile") expect(shown.width).toBeLessThanOrEqual(960);

  const urls = await srcsetUrls(page, alt);
  expect(urls.length).toBe(12);
  for (const url of urls) {
    const response = await page.request.get(url);
    expect(response.status(), url).toBe(200);
    const metadata = await sharp(await response.body()).metadata();
    expect(metadata.exif, url).toBeUndefined();
    expect(metadata.orientation, url).toBeUndefined();
    expect(metadata.width ?? 0).toBeLessThanOrEqual(1920);
    expect(metadata.height).toBe((metadata.width ?? 0) * 2);
  }
  // Upright: the top of the photo is red (the left of the file as the phone stored it).
  const top = await sharp(await (await page.request.get(shown.src)).body())
    .extract({ left: 0, top: 0, width: 10, height: 10 })
    .raw()
    .toBuffer();
  expect(top[0]).toBeGreaterThan(200);
  expect(top[2]).toBeLessThan(60);
  await expectAccessible(page);
  await reviewShot(page, "news-detail-photo");
  // The link preview is the 1200 px wide file (here the upload's own width).
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    /\/media\/[a-f0-9]{24}-1200\.jpg$/,
  );
});

// The news form's refusals and its client-side photo field, in one signed-in session (each part
// starts from a fresh form); what the server and the browser refuse does not depend on the width.
test(
  "the photo field: a renamed text file and an SVG are refused by the server; a file over 15 MB by the browser; a dropped photo is previewed and removed",
  {
    tag: ["@js", "@desktop"],
  },
  async ({ page }, testInfo) => {
    await signInAsAdmin(page, "/admin/news");

    await test.step("a renamed text file and an SVG are refused next to the field, what was typed is kept, nothing stored", async () => {
      const title = unique("Refused photo");
      // Other tests on this server may have stored a logo named crest.svg: count, don't expect none.
      const stored = async () => (await findRows("media", {})).length;
      const before = await stored();
      for (const file of [
        { name: "team-sheet.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Team sheet\n") },
        { name: "crest.svg", mimeType: "image/svg+xml", buffer: Buffer.from(SCRIPTED_SVG) },
      ]) {
        const form = await fillStory(page, title);
        await form.getByLabel("Upload a photo").setInputFiles(file);
        await form.getByLabel("Describe the photo").fill("Anything");
        await form.getByRole("button", { name: "Add News" }).click();
        const again = page.getByRole("region", { name: "Add news" });
        await expect(again.getByLabel("Image URL")).toHaveAccessibleDescription(
          new RegExp(MEDIA_MESSAGES.notPhoto.slice(0, 40)),
        );
        await expect(again.getByLabel("Title")).toHaveValue(title);
      }
      expect(await findRows("news", { title })).toEqual([]);
      expect(await stored()).toBe(before);
      await expectAccessible(page);
    });

    await test.step("a file over 15 MB is refused in the browser before anything is sent", async () => {
      await page.goto("/admin/news");
      const form = await fillStory(page, unique("Too big"));
      // A 20 MB file on disk (sparse: nothing written): the browser reads its size from the file
      // itself, as it would a photo on a phone, and no 20 MB travel to the browser first.
      const huge = testInfo.outputPath("huge.jpg");
      fs.mkdirSync(path.dirname(huge), { recursive: true });
      fs.closeSync(fs.openSync(huge, "w"));
      fs.truncateSync(huge, 20 * 1024 * 1024);
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().startsWith(new URL(page.url()).origin))
          posts.push(request.url());
      });
      await form.getByLabel("Upload a photo").setInputFiles(huge);
      await expect(form.getByRole("alert")).toHaveText(MEDIA_MESSAGES.tooLarge);
      await expect(form.getByLabel("Upload a photo")).toHaveAccessibleDescription(
        new RegExp(MEDIA_MESSAGES.tooLarge.slice(0, 30)),
      );
      expect(
        await form
          .getByLabel("Upload a photo")
          .evaluate((input: HTMLInputElement) => input.files?.length),
      ).toBe(0);
      expect(posts).toEqual([]);
    });

    await test.step("a photo dropped on the field is previewed; Remove clears it and the address, and a described photo is required", async () => {
      await page.goto("/admin/news");
      const title = unique("Dropped photo");
      const form = await fillStory(page, title);
      const bytes = (await sidewaysPhoneJpeg({ width: 400, height: 200 })).toString("base64");
      const transfer = await page.evaluateHandle((base64) => {
        const data = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const dataTransfer = new DataTransfer();
        dataTransfer.items.add(new File([data], "dropped.jpg", { type: "image/jpeg" }));
        return dataTransfer;
      }, bytes);
      await form.getByText("Upload a photo").dispatchEvent("drop", { dataTransfer: transfer });
      await expect(
        form.getByText("Preview of dropped.jpg: it is uploaded when you save."),
      ).toBeVisible();
      // Without a description the browser refuses to send a photo.
      await form.getByRole("button", { name: "Add News" }).click();
      await expect(form.getByLabel("Describe the photo")).toHaveAccessibleDescription(
        new RegExp(IMAGE_ALT_REQUIRED.slice(0, 30)),
      );
      await form.getByRole("button", { name: "Remove photo" }).click();
      await expect(form.getByText("Preview of dropped.jpg")).toHaveCount(0);
      await expect(form.getByLabel("Upload a photo")).toBeFocused();
      await expect(form.getByLabel("Image URL")).toHaveValue("");
      await form.getByRole("button", { name: "Add News" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "News item created." }),
      ).toBeVisible();
      const [item] = await findRows("news", { title });
      expect(item?.image).toBeNull();
    });
  },
);

// What is stored and what the team page's markup offers do not depend on the width (the
// Manage Team form's journey at 375 px is in admin-keyboard.spec.ts): once, at 1280 px.
test("a person's photo is uploaded in Manage Team and shown on the team page through srcset", {
  tag: "@desktop",
}, async ({ page }) => {
  const name = unique("Photo Player");
  await signInAsAdmin(page, "/admin/team");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Upload a photo").setInputFiles({
    name: "portrait.png",
    mimeType: "image/png",
    buffer: await plainImage({ width: 800, height: 1000 }),
  });
  await expect(
    page.getByText("Preview of portrait.png: it is uploaded when you save."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Add Player" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Team member added." })).toBeVisible();
  const [member] = await findRows("teamMembers", { name });
  try {
    expect(member?.image).toMatch(/^\/media\/[a-f0-9]{24}-800x1000\.jpg$/);
    await page.goto("/team");
    const card = page.getByRole("link").filter({ hasText: name.split(" ").at(-1) ?? name });
    const portrait = card.locator("picture img");
    await expect(portrait).toHaveAttribute("srcset", /\/media\/[a-f0-9]{24}-640\.jpg 640w/);
    await expect(portrait).toHaveAttribute("loading", "lazy");
    await expect(card.locator('picture source[type="image/avif"]')).toHaveCount(1);
  } finally {
    await deleteRows("teamMembers", { name });
  }
});

test("a league-table logo is uploaded as an SVG, drawn as a PNG, and shown in the public table @desktop", async ({
  page,
}) => {
  await presetConsent(page, "declined");
  const team = uniqueTeam("Logos");
  try {
    await signInAsAdmin(page, "/admin/table");
    const form = page.getByRole("region", { name: "Add a team" });
    await form.getByLabel("Team", { exact: true }).fill(team);
    await form.getByLabel("Won", { exact: true }).fill("1");
    await form.getByLabel("Goals for", { exact: true }).fill("1");
    await form.getByLabel("Upload a logo").setInputFiles({
      name: "crest.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from(CLEAN_SVG),
    });
    await form.getByRole("button", { name: "Add Team" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Team added." })).toBeVisible();
    const [row] = await findRows("leagueTable", { team });
    expect(row?.logo).toMatch(/^\/media\/[a-f0-9]{24}-\d+x\d+\.png$/);
    const served = await page.request.get(row?.logo ?? "");
    expect(served.headers()["content-type"]).toBe("image/png");

    await page.goto("/fixtures?tab=table");
    const crest = page.getByRole("row").filter({ hasText: team }).locator("picture img");
    await expect(crest).toHaveAttribute("src", /\/media\/[a-f0-9]{24}-\d+\.png$/);
    await expect(crest).toHaveAttribute("alt", "");

    // A logo with a script is refused with the field's message.
    await page.goto("/admin/table");
    const again = page.getByRole("region", { name: "Add a team" });
    await again.getByLabel("Team", { exact: true }).fill(`${team} B`);
    await again.getByLabel("Upload a logo").setInputFiles({
      name: "bad.svg",
      mimeType: "image/svg+xml",
      buffer: Buffer.from(SCRIPTED_SVG),
    });
    await again.getByRole("button", { name: "Add Team" }).click();
    await expect(
      page.getByRole("region", { name: "Add a team" }).getByLabel("Logo URL"),
    ).toHaveAccessibleDescription(new RegExp(MEDIA_MESSAGES.svgUnsafe.slice(0, 30)));
    expect(await findRows("leagueTable", { team: `${team} B` })).toEqual([]);
  } finally {
    await deleteTeam(team);
  }
});
