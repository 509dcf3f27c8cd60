import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";

// The direction of imports (routes -> components -> domain -> db/config; production code never
// imports tests or the bench; no cycles) is enforced by `npm run lint` through biome.json.
// These run the project's Biome configuration on small files in a scratch copy of the layout,
// so a rule that stops firing fails here.

const root = fileURLToPath(new URL("..", import.meta.url));
const biome = path.join(root, "node_modules", ".bin", "biome");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "import-direction-"));
const config = JSON.parse(fs.readFileSync(path.join(root, "biome.json"), "utf8"));
config.$schema = undefined;
config.vcs = { enabled: false };
fs.writeFileSync(path.join(scratch, "biome.json"), JSON.stringify(config));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

let probe = 0;
/** Lints `files` (path -> source) in the scratch layout; returns Biome's diagnostics text. */
function lint(files: Record<string, string>): { ok: boolean; output: string } {
  const dir = path.join(scratch, String(++probe));
  fs.mkdirSync(dir);
  fs.copyFileSync(path.join(scratch, "biome.json"), path.join(dir, "biome.json"));
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  const result = spawnSync(biome, ["lint", "--max-diagnostics=50", ...Object.keys(files)], {
    cwd: dir,
    encoding: "utf8",
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

const use = (specifier: string) => `import { x } from "${specifier}";\nexport const y = x;\n`;

describe("npm run lint refuses imports against the direction", () => {
  test.each([
    [
      "a domain module importing a component",
      "app/domain/news/rules.ts",
      "../../components/site/card.tsx",
    ],
    ["a domain module importing a route", "app/domain/news/rules.ts", "../../routes/site/news.tsx"],
    ["a domain module importing React", "app/domain/news/rules.ts", "react"],
    ["the database layer importing the domain", "app/db/schema.ts", "../domain/news/rules.ts"],
    [
      "the configuration importing the domain",
      "app/config/club.ts",
      "../domain/site/navigation.ts",
    ],
    [
      "a component importing a server module",
      "app/components/site/card.tsx",
      "../../domain/news/news.server.ts",
    ],
    ["a component importing a route", "app/components/site/card.tsx", "../../routes/site/news.tsx"],
    ["the server importing test code", "server/index.ts", "../tests/e2e/fixtures.ts"],
    [
      "a route importing the bench",
      "app/routes/site/home.tsx",
      "../../../scripts/bench/budgets.ts",
    ],
  ])("%s", (_, file, specifier) => {
    const { ok, output } = lint({ [file]: use(specifier) });
    expect(ok, output).toBe(false);
    expect(output).toContain("noRestrictedImports");
  });

  test("an import cycle", () => {
    const { ok, output } = lint({
      "app/domain/news/a.ts": use("./b.ts"),
      "app/domain/news/b.ts": use("./a.ts"),
    });
    expect(ok, output).toBe(false);
    expect(output).toContain("noImportCycles");
  });

  test("imports along the direction pass", () => {
    const { ok, output } = lint({
      "app/routes/site/news.tsx": use("../../components/site/card.tsx"),
      "app/components/site/card.tsx": use("../../domain/news/rules.ts"),
      "app/domain/news/rules.ts": use("../../config/club.ts"),
      "app/domain/news/news.server.ts": use("../../db/schema.ts"),
      "app/db/schema.ts": use("drizzle-orm"),
      "app/config/club.ts": use("zod"),
      "app/domain/news/news.server.test.ts": use("../../../scripts/factories.ts"),
    });
    expect(ok, output).toBe(true);
  });
});
