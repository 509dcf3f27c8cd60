import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  countDownloadedScripts,
  type DownloadedScripts,
  withRealItems,
} from "../../scripts/bench/downloaded-scripts.ts";
import {
  FIRST_LOAD_JS_BUDGET_GZIP,
  loadBuild,
  WEIGHED_PAGES,
  weighDownloaded,
} from "../../scripts/bench/page-weight.ts";
import { browserPath } from "../../scripts/browser.mjs";
import { migratedDataDir, type ServerProcess, startServerProcess } from "../server-process.ts";

// The CI guard on page weight: bytes, not times. It serves the production build (npm test
// builds it first when the sources are newer) with the demo content, visits every public page
// in Chromium as a first-time visitor and counts every script the page downloads until the
// network is idle (scripts/bench/downloaded-scripts.ts, ADR 019). It fails when a page's
// JavaScript passes the 120 KB budget of rules §11 (FIRST_LOAD_JS_BUDGET_GZIP, every page) or
// holds Quill, date-fns locale data or admin code.
// `npm run bench` prints the same figures from the same modules.

const root = fileURLToPath(new URL("../..", import.meta.url));
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

let server: ServerProcess;
const counted = new Map<string, DownloadedScripts>();

beforeAll(async () => {
  server = await startServerProcess({
    DATA_DIR: migratedDataDir("clubsite-weight-"),
    SEED_DEMO: "1",
  });
  const pages = await withRealItems(server.url, WEIGHED_PAGES);
  for (const page of await countDownloadedScripts({
    base: server.url,
    pages,
    chromePath: browserPath(),
  })) {
    counted.set(page.page, page);
  }
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

for (const target of WEIGHED_PAGES) {
  const limit = FIRST_LOAD_JS_BUDGET_GZIP;
  test(`${target.page}: JavaScript downloaded to network idle within ${kb(limit)} gzip, no Quill, locale data or admin code`, async () => {
    const page = counted.get(target.page);
    expect(page, `${target.page} was visited`).toBeDefined();
    if (!page) return;
    const weight = weighDownloaded(await loadBuild(root), page, page);
    const heaviest = weight.js.files
      .slice(0, 5)
      .map((file) => `${file.url} ${kb(file.gzip)}`)
      .join(", ");
    expect
      .soft(weight.js.gzip, `JavaScript downloaded by ${page.path} (gzip); heaviest: ${heaviest}`)
      .toBeLessThanOrEqual(limit);
    // The figure is what the server sends: the build's gzip copy of each file (ADR 008).
    const uncopied = weight.js.files
      .map((file) => file.url)
      .filter((url) => !fs.existsSync(path.join(root, "build/client", `${url}.gz`)));
    expect
      .soft(uncopied, `scripts of ${target.page} without a gzip copy (npm run build)`)
      .toEqual([]);
    expect.soft(weight.forbidden.quill, `Quill modules on ${target.page}`).toEqual([]);
    // The admin login is itself admin code; every other page is public.
    if (weight.public) {
      expect.soft(weight.forbidden.admin, `admin modules on ${target.page}`).toEqual([]);
      expect
        .soft(weight.forbidden.dateLocale, `date-fns locale data on ${target.page}`)
        .toEqual([]);
    }
  });
}
