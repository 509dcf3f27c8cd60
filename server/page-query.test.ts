import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_QUERY_PARAMETERS } from "./page-cache.ts";

// ADR 025: the page cache keys a page on the query parameters public pages read and drops
// the rest. A page that starts reading a new parameter must be added to the list, or every
// visitor would get the page as rendered without it: this reads the public code for them.

const root = path.resolve(import.meta.dirname, "..");
const PUBLIC_CODE = ["app/routes/site", "app/routes/feeds", "app/components/site", "app/domain"];

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file) && !file.includes(".test."))
    .map((file) => path.join(folder, file));
}

describe("the query parameters the page cache keeps", () => {
  it("lists every parameter a public page reads", () => {
    const read = new Set<string>();
    for (const file of PUBLIC_CODE.flatMap(filesUnder)) {
      // The admin is never cached: its own parameters do not matter here.
      if (/admin/.test(file)) continue;
      const text = fs.readFileSync(path.join(root, file), "utf8");
      for (const match of text.matchAll(/searchParams\.(?:get|getAll|has)\("([^"]+)"\)/g)) {
        read.add(match[1] as string);
      }
    }
    expect(read.size).toBeGreaterThan(3);
    expect([...read].filter((name) => !PAGE_QUERY_PARAMETERS.includes(name))).toEqual([]);
  });
});
