import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { createSmallSet } from "./data.ts";
import { type LighthouseResult, runLighthouse } from "./lighthouse.ts";
import { base, log, options } from "./options.ts";
import { removeFolderOnCleanup } from "./processes.ts";
import type { BenchResult } from "./result.ts";
import { startServer } from "./server.ts";

// Image bytes on a phone (ADR 017): the home page, /news and a news item with real uploaded
// photos, in Chromium at 375 CSS px and device pixel ratio 2 (a common phone), scrolled to the
// end so every lazy image loads. "Before" is what the pages' photos cost as the original files
// (a full-size phone photo pasted in); "after" is the bytes of the files the browser picked
// from the <picture>'s srcset (AVIF in Chromium), counted from the responses.

/** A phone's screen, in CSS pixels, and its device pixel ratio. */
const PHONE = { width: 375, height: 812, deviceScaleFactor: 2 } as const;

/** The photos the bench uploads: 12-megapixel JPEGs of about 2.6 MB, like a phone's camera makes. */
const PHOTO_COUNT = 3;

/**
 * A photo-like JPEG (soft shapes and fine grain, 4032 × 3024, quality 90): compresses like a
 * phone photo, not like a flat test card (if anything worse: grain is costly for AVIF).
 */
async function phonePhoto(seed: number): Promise<Buffer> {
  const hue = ["#557799", "#995544", "#669955", "#777744"][seed % 4] ?? "#557799";
  const shapes = await sharp({
    create: {
      width: 168,
      height: 126,
      channels: 3,
      background: hue,
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 128, sigma: 6 },
    },
  })
    .png()
    .toBuffer();
  return sharp(shapes)
    .resize(4032, 3024, { kernel: "cubic" })
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

export interface ImagePageBytes {
  page: string;
  path: string;
  /** Uploads the page shows (distinct). */
  photos: number;
  /** Those photos as the original files. */
  beforeBytes: number;
  /** The /media/ files the browser fetched for them. */
  afterBytes: number;
  /** Every /media/ file fetched: its name and bytes. */
  files: { name: string; bytes: number }[];
  /** Other images of the page (crest, bundled logos), for the whole picture. */
  otherImageBytes: number;
}

/**
 * Loads each page in a fresh browser context (nothing cached) at PHONE's size, scrolls to the
 * end, and sums the image responses.
 */
async function measureImageBytes({
  base,
  pages,
  originals,
  chromePath,
}: {
  base: string;
  pages: { page: string; path: string }[];
  /** Each upload's hash and its original file's bytes. */
  originals: Map<string, number>;
  chromePath: string;
}): Promise<ImagePageBytes[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ["--no-sandbox"] });
  try {
    const results: ImagePageBytes[] = [];
    for (const target of pages) {
      const context = await browser.newContext({
        viewport: { width: PHONE.width, height: PHONE.height },
        deviceScaleFactor: PHONE.deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const bodies: Promise<{ url: string; bytes: number }>[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() !== "image") return;
        bodies.push(
          response.body().then(
            (body) => ({ url: response.url(), bytes: body.length }),
            () => ({ url: response.url(), bytes: 0 }),
          ),
        );
      });
      await page.goto(base + target.path, { waitUntil: "networkidle" });
      // Every lazy image: down the page a screen at a time.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y <= height; y += PHONE.height / 2) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(100);
      }
      await page.waitForLoadState("networkidle");
      const html = await page.content();
      const shown = new Set(
        [...html.matchAll(/\/media\/([a-f0-9]{24})-/g)].map((match) => match[1] as string),
      );
      const fetched = await Promise.all(bodies);
      const files = fetched
        .filter((file) => new URL(file.url).pathname.startsWith("/media/"))
        .map((file) => ({ name: new URL(file.url).pathname.slice(7), bytes: file.bytes }));
      results.push({
        page: target.page,
        path: target.path,
        photos: shown.size,
        beforeBytes: [...shown].reduce((sum, hash) => sum + (originals.get(hash) ?? 0), 0),
        afterBytes: files.reduce((sum, file) => sum + file.bytes, 0),
        files,
        otherImageBytes: fetched
          .filter((file) => !new URL(file.url).pathname.startsWith("/media/"))
          .reduce((sum, file) => sum + file.bytes, 0),
      });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** Signs in, uploads PHOTO_COUNT photos and writes a news item with each; the newest first. */
async function addNewsWithPhotos({
  base,
  admin,
  log,
}: {
  base: string;
  admin: { email: string; password: string };
  log: (line: string) => void;
}): Promise<{ originals: Map<string, number>; newsIds: string[] }> {
  const signIn = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(admin),
  });
  const cookie = signIn.headers.get("set-cookie")?.split(";")[0];
  if (signIn.status !== 302 || !cookie) throw new Error(`sign-in: HTTP ${signIn.status}`);
  const originals = new Map<string, number>();
  const newsIds: string[] = [];
  for (let n = 0; n < PHOTO_COUNT; n++) {
    const photo = await phonePhoto(n);
    const form = new FormData();
    form.set("kind", "photo");
    form.set("file", new File([new Uint8Array(photo)], `IMG_000${n + 1}.JPG`));
    const started = performance.now();
    const uploaded = await fetch(`${base}/admin/media/upload`, {
      method: "POST",
      headers: { origin: base, cookie },
      body: form,
    });
    if (!uploaded.ok) throw new Error(`upload: HTTP ${uploaded.status}`);
    const { url } = (await uploaded.json()) as { url: string };
    const hash = /^\/media\/([a-f0-9]{24})-/.exec(url)?.[1];
    if (!hash) throw new Error(`upload: no address (${url})`);
    originals.set(hash, photo.length);
    log(
      `  photo ${n + 1}: ${(photo.length / 1e6).toFixed(1)} MB uploaded and processed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const saved = await fetch(`${base}/admin/news`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: base, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "save",
        title: `Bench photo story ${n + 1}`,
        content: "A match report with a photo from a phone.",
        image: url,
        imageAlt: `Players on the pitch, photo ${n + 1}`,
      }),
    });
    const id = new URL(saved.headers.get("location") ?? "", base).searchParams.get("saved");
    if (saved.status !== 302 || !id) throw new Error(`news item: HTTP ${saved.status}`);
    newsIds.unshift(id);
  }
  return { originals, newsIds };
}

/**
 * Image bytes on a phone (ADR 017): demo content in a data folder of its own, PHOTO_COUNT phone
 * photos uploaded through the admin into news items, then the pages weighed in Chromium, and
 * Lighthouse on /news and a news item with a photo.
 */
export async function imageBytes(): Promise<BenchResult["images"]> {
  if (!fs.existsSync(options.chrome)) {
    log(`Image bytes skipped: no Chromium at ${options.chrome}.`);
    return null;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-bench-images-"));
  removeFolderOnCleanup(dataDir);
  await createSmallSet({ dataDir });
  const server = await startServer({ dataDir });
  try {
    log("Uploading phone photos into news items…");
    const { originals, newsIds } = await addNewsWithPhotos({
      base: base(),
      admin: options.admin,
      log,
    });
    const item = `/news/${newsIds[0]}`;
    log(
      `Image bytes at ${PHONE.width} px, device pixel ratio ${PHONE.deviceScaleFactor} (Chromium)…`,
    );
    const pages = await measureImageBytes({
      base: base(),
      pages: [
        { page: "/", path: "/" },
        { page: "/news", path: "/news" },
        { page: "/news/{id} (photo)", path: item },
      ],
      originals,
      chromePath: options.chrome,
    });
    for (const row of pages) {
      log(
        `  ${row.page}: ${row.photos} photos, ${(row.beforeBytes / 1e6).toFixed(2)} MB as uploaded, ${(row.afterBytes / 1e3).toFixed(1)} KB as served`,
      );
    }
    let lighthouseRows: LighthouseResult[] | null = null;
    if (!options.noLighthouse) {
      log("Lighthouse (mobile defaults) on the pages with photos…");
      lighthouseRows = await runLighthouse({
        pages: [
          { page: "/news (photos)", path: "/news" },
          { page: "/news/{id} (photo)", path: item },
        ],
        base: base(),
        debuggingPort: options.devtoolsPort,
        chromePath: options.chrome,
        log,
        // One run each: these two rows show what the photos cost, and no budget reads them;
        // three would put the whole bench past ten minutes.
        runs: 1,
      });
    }
    return { viewport: PHONE, pages, lighthouse: lighthouseRows };
  } finally {
    await server.stop();
  }
}
