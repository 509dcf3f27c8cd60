import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import {
  firstLoadGuardFor,
  loadBuild,
  WEIGHED_PAGES,
  weighPage,
} from "../../scripts/bench/page-weight.ts";

// The CI guard on page weight: bytes, not times. It reads the production build (npm test
// builds it first when the sources are newer) and fails
// when a page's first-load JavaScript grows past the guard's limit (firstLoadGuardFor: today's
// weight, above the 120 KB budget on /, /news, /news/{id} and /fixtures, ADR 008) or holds Quill, date-fns locale data or
// admin code. `npm run bench` prints the same figures from the same module.

const root = fileURLToPath(new URL("../..", import.meta.url));
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

for (const target of WEIGHED_PAGES) {
  const limit = firstLoadGuardFor(target.page);
  test(`${target.page}: first-load JavaScript within ${kb(limit)} gzip, no Quill, locale data or admin code`, async () => {
    const weight = weighPage(await loadBuild(root), target);
    const heaviest = weight.js.files
      .slice(0, 5)
      .map((file) => `${file.url} ${kb(file.gzip)}`)
      .join(", ");
    expect
      .soft(weight.js.gzip, `first-load JS of ${target.page} (gzip); heaviest: ${heaviest}`)
      .toBeLessThanOrEqual(limit);
    // The figure is what the server sends: the build's gzip copy of each file (ADR 008).
    const uncopied = weight.js.files
      .map((file) => file.url)
      .filter((url) => !fs.existsSync(path.join(root, "build/client", `${url}.gz`)));
    expect
      .soft(uncopied, `first-load scripts of ${target.page} without a gzip copy (npm run build)`)
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
