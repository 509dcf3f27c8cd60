import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";

// Nothing dead (ADR 018): `npm run lint` runs knip with knip.ts after Biome, and fails on a file,
// an export or a dependency that nothing uses. These run knip with the project's configuration on
// a small project in a scratch folder (a host that imports one domain module), so a check that
// stops firing fails here.

const root = fileURLToPath(new URL("..", import.meta.url));
const knip = path.join(root, "node_modules", ".bin", "knip");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "knip-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const packageJson = (dependencies: Record<string, string> = {}) =>
  JSON.stringify({
    name: "probe",
    private: true,
    type: "module",
    scripts: { start: "node server/index.ts" },
    dependencies,
  });

const host = 'import { used } from "../app/domain/news/rules.ts";\nconsole.log(used);\n';

let probe = 0;
/** Runs knip in a scratch project made of `files` (path -> text); returns its report. */
function knipOn(files: Record<string, string>): { ok: boolean; output: string } {
  const dir = path.join(scratch, String(++probe));
  fs.mkdirSync(dir);
  fs.copyFileSync(path.join(root, "knip.ts"), path.join(dir, "knip.ts"));
  for (const [file, text] of Object.entries({ "package.json": packageJson(), ...files })) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const result = spawnSync(knip, ["--no-progress", "--no-config-hints"], {
    cwd: dir,
    encoding: "utf8",
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

// knip takes 1–3 s a run on a quiet machine; far more when the two cores are shared.
describe("npm run lint refuses dead code", { timeout: 60_000 }, () => {
  test("npm run lint runs knip after Biome", () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    expect(scripts.lint).toMatch(/^biome check \. && knip\b/);
  });

  // One scratch project holds all three kinds of dead code (each knip run costs seconds), and
  // the report must name each: a check that stops firing fails here.
  test("an export, a file and a dependency nothing uses", () => {
    const { ok, output } = knipOn({
      "package.json": packageJson({ "left-pad": "1.3.0" }),
      "server/index.ts": host,
      "app/domain/news/rules.ts": "export const used = 1;\nexport const forgotten = 2;\n",
      "app/domain/news/orphan.ts": "export const orphan = 3;\n",
    });
    expect(ok, output).toBe(false);
    expect(output).toContain("Unused exports");
    expect(output).toContain("forgotten");
    expect(output).toContain("Unused files");
    expect(output).toContain("app/domain/news/orphan.ts");
    expect(output).toContain("Unused dependencies");
    expect(output).toContain("left-pad");
  });

  test("a project where everything is used passes", () => {
    const { ok, output } = knipOn({
      "server/index.ts": host,
      "app/domain/news/rules.ts": "export const used = 1;\n",
    });
    expect(ok, output).toBe(true);
  });
});
