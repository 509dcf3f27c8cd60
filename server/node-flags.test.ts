import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { missingNodeFlags, NODE_MEMORY_FLAGS } from "./node-flags.ts";

// ADR 029: every way the server is started passes the same memory flags to Node.
const read = (file: string) => fs.readFileSync(new URL(`../${file}`, import.meta.url), "utf8");
const flags = NODE_MEMORY_FLAGS.join(" ");

describe("the server's Node flags", () => {
  it("are in npm start", () => {
    const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>;
    expect(scripts.start).toBe(`node ${flags} build/host/index.js`);
  });

  it("are in the systemd unit", () => {
    expect(read("deploy/clubsite.service")).toContain(
      `ExecStart=/srv/clubsite/node_modules/.bin/node ${flags} build/host/index.js`,
    );
  });

  it("are in the bench's server", () => {
    expect(read("scripts/bench/server.ts")).toContain("...NODE_MEMORY_FLAGS");
  });

  it("names the ones a process lacks", () => {
    expect(missingNodeFlags(["--liftoff-only", "--max-old-space-size=256"])).toEqual([
      "--max-semi-space-size=8",
    ]);
    expect(missingNodeFlags([...NODE_MEMORY_FLAGS])).toEqual([]);
  });
});
