import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

// Documents that cannot drift (ADR 018). Run by `npm run lint` and the unit suite; fails when:
// - code, tests or docs cite an issue (its number, or its title in quotes): issues live outside
//   the repository, so a rule, decision or ADR is cited instead (docs/README.md, How to cite);
// - a citation names a `rules §N`, a `decisions N` or an `ADR NNN` that does not exist, or
//   docs/README.md gives the rules or the decisions another range than they have;
// - docs/architecture.md names a folder or file that does not exist, or leaves out one of the
//   folders it must list (REQUIRED_FOLDERS below);
// - an ADR has no date or no status line.
// Each check is a function run on the repository and, below it, on a bad example, so a check that
// stops firing fails too.

const root = fileURLToPath(new URL("..", import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

/** The repository's text files, tracked or new (not ignored); generated data left out. */
function textFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  return listed
    .split("\n")
    .filter(
      (file) =>
        file !== "" &&
        fs.existsSync(path.join(root, file)) &&
        !file.startsWith("drizzle/meta/") &&
        file !== "package-lock.json" &&
        (/\.(ts|tsx|mts|mjs|js|md|css|json|sh|yml|yaml)$/.test(file) || file === ".ci/run"),
    );
}

/** Lines of a file, each with its number, without fenced code blocks in Markdown. */
function proseLines(file: string, text: string): { line: number; text: string }[] {
  let fenced = false;
  return text.split("\n").flatMap((line, index) => {
    if (file.endsWith(".md") && line.trimStart().startsWith("```")) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ line: index + 1, text: line }];
  });
}

// The word, then a number or a quoted title; or "of the <name> issue"; examples below.
const ISSUE_PATTERNS = [
  /\bissues?\s+#?\d+/i,
  /\bissues?\s+["“]/i,
  /\bof the [\w-]+ issue\b/i,
  /\b(?:PR|pull request)\s+#?\d+/,
];
/** "#12" standing alone: a GitHub-style reference (a colour such as #334155 has more digits). */
const HASH_NUMBER = /(?<![\w&#/'"`-])#\d{1,4}(?![\w-])/;
const COMMENT = /^\s*(\/\/|\/?\*|#)/;

/** Places in `text` that cite an issue. */
function issueCitations(file: string, text: string): string[] {
  const found: string[] = [];
  for (const { line, text: content } of proseLines(file, text)) {
    const prose = file.endsWith(".md") ? content.replace(/`[^`]*`/g, "") : content;
    const hashChecked = file.endsWith(".md") || COMMENT.test(content);
    if (
      ISSUE_PATTERNS.some((pattern) => pattern.test(prose)) ||
      (hashChecked && HASH_NUMBER.test(prose))
    ) {
      found.push(`${file}:${line}: ${content.trim().slice(0, 120)}`);
    }
  }
  return found;
}

/** The numbers of rules.md's sections (## §N) and of decisions.md's decisions (### N.). */
function documentNumbers(
  rules: string,
  decisions: string,
): { sections: number[]; decisions: number[] } {
  return {
    sections: [...rules.matchAll(/^## §(\d+)\b/gm)].map((m) => Number(m[1])),
    decisions: [...decisions.matchAll(/^### (\d+)\./gm)].map((m) => Number(m[1])),
  };
}

/** Numbers in a citation: "9–10" and "9-10" are a range, "7, 9 and 12" a list. */
function citedNumbers(list: string): number[] {
  return list.split(/,|\band\b/).flatMap((part) => {
    const range = part.match(/(\d+)\s*[–-]\s*§?(\d+)/);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      return to >= from && to - from < 50 ? [from, to] : [from];
    }
    const single = part.match(/\d+/);
    return single ? [Number(single[0])] : [];
  });
}

/** Citations of a rules section, a decision or an ADR that does not exist. */
function brokenCitations({
  file,
  text,
  sections,
  decisions,
  adrs,
}: {
  file: string;
  text: string;
  sections: number[];
  decisions: number[];
  adrs: number[];
}): string[] {
  const broken: string[] = [];
  for (const { line, text: content } of proseLines(file, text)) {
    const where = `${file}:${line}`;
    // "rules §4 Recent form, §9" and "rules §2–§3": every § up to the end of the phrase.
    for (const m of content.matchAll(/\brules\s+§[^.;)\n]{0,80}/gi)) {
      for (const n of [...m[0].matchAll(/§\s?(\d+)/g)].map((x) => Number(x[1]))) {
        if (!sections.includes(n)) broken.push(`${where}: rules §${n}`);
      }
    }
    for (const m of content.matchAll(/\bdecisions?\s+(\d+(?:\s*(?:[–-]|,|and)\s*\d+)*)/gi)) {
      for (const n of citedNumbers(m[1] ?? "")) {
        if (!decisions.includes(n)) broken.push(`${where}: decisions ${n}`);
      }
    }
    for (const m of content.matchAll(/\bADRs?\s+(\d{3})\b/g)) {
      if (!adrs.includes(Number(m[1]))) broken.push(`${where}: ADR ${m[1]}`);
    }
    for (const m of content.matchAll(/decisions\/(\d{3})-[\w-]+\.md/g)) {
      if (!adrs.includes(Number(m[1]))) broken.push(`${where}: ${m[0]}`);
    }
  }
  return broken;
}

/** The ranges docs/README.md states: "§1–§N" for the rules, "1–N" for the decisions. */
function statedRanges(readme: string): { sections: number[]; decisions: number[] } {
  return {
    sections: [...readme.matchAll(/§1–§(\d+)/g)].map((m) => Number(m[1])),
    decisions: [...readme.matchAll(/(?:numbered |decision numbers \()1–(\d+)/g)].map((m) =>
      Number(m[1]),
    ),
  };
}

/**
 * Folders docs/architecture.md must list, each as `path/`: the top-level folders and the
 * folders directly inside app/, app/components/, app/domain/, app/routes/, server/, scripts/,
 * tests/ and docs/. Deeper folders may be listed; then they must exist too.
 */
const LISTED_PARENTS = [
  "",
  "app/",
  "app/components/",
  "app/domain/",
  "app/routes/",
  "server/",
  "scripts/",
  "tests/",
  "docs/",
];

function requiredFolders(files: string[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split("/");
    for (let depth = 1; depth < parts.length; depth++) {
      const parent = parts.slice(0, depth - 1).join("/");
      const folder = `${parts.slice(0, depth).join("/")}/`;
      if (LISTED_PARENTS.includes(parent === "" ? "" : `${parent}/`) && !folder.startsWith(".")) {
        folders.add(folder);
      }
    }
  }
  return [...folders].sort();
}

/** Paths in backticks that architecture.md names under the repository's top-level folders. */
const NAMED_PATH = /`((?:app|server|scripts|tests|docs|drizzle|public|\.ci)(?:\/[\w.-]+)*\/?)`/g;

function architectureProblems({
  architecture,
  files,
  exists,
}: {
  architecture: string;
  files: string[];
  exists: (relative: string) => boolean;
}): { missing: string[]; unknown: string[] } {
  const named = new Set([...architecture.matchAll(NAMED_PATH)].map((m) => m[1] as string));
  const missing = requiredFolders(files).filter((folder) => !named.has(folder));
  const unknown = [...named].filter((name) => !exists(name));
  return { missing, unknown };
}

/** ADRs without a "Date: YYYY-MM-DD" line or a "Status: Accepted|Superseded by ADR NNN" line. */
function adrProblems(adrs: { file: string; text: string }[]): string[] {
  const problems: string[] = [];
  for (const { file, text } of adrs) {
    const head = text.split("\n").slice(0, 8).join("\n");
    if (!/^Date: \d{4}-\d{2}-\d{2}$/m.test(head)) problems.push(`${file}: no Date line`);
    if (!/^Status: (Accepted|Superseded by ADR \d{3})$/m.test(head)) {
      problems.push(`${file}: no Status line`);
    }
  }
  return problems;
}

const files = textFiles();
const adrFiles = fs
  .readdirSync(path.join(root, "docs/decisions"))
  .filter((name) => /^\d{3}-.+\.md$/.test(name));
const adrNumbers = adrFiles.map((name) => Number(name.slice(0, 3)));
const numbers = documentNumbers(read("docs/product/rules.md"), read("docs/product/decisions.md"));

describe("the repository", () => {
  test("npm run lint runs these checks", () => {
    const { scripts } = JSON.parse(read("package.json"));
    expect(scripts.lint).toContain("vitest run --project unit scripts/docs.test.ts");
  });

  test("cites no issue", () => {
    expect(files.flatMap((file) => issueCitations(file, read(file)))).toEqual([]);
  });

  test("cites only rules sections, decisions and ADRs that exist", () => {
    // This file's own examples below cite what does not exist on purpose.
    const broken = files
      .filter((file) => file !== "scripts/docs.test.ts")
      .flatMap((file) => brokenCitations({ file, text: read(file), ...numbers, adrs: adrNumbers }));
    expect(broken).toEqual([]);
  });

  test("docs/README.md gives the rules' and the decisions' real ranges", () => {
    const stated = statedRanges(read("docs/README.md"));
    expect(stated.sections.length).toBeGreaterThan(0);
    expect(stated.decisions.length).toBeGreaterThan(0);
    for (const last of stated.sections) expect(last).toBe(Math.max(...numbers.sections));
    for (const last of stated.decisions) expect(last).toBe(Math.max(...numbers.decisions));
  });

  test("docs/architecture.md lists the folders there are, and no others", () => {
    const { missing, unknown } = architectureProblems({
      architecture: read("docs/architecture.md"),
      files,
      exists: (relative) => fs.existsSync(path.join(root, relative)),
    });
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  test("every ADR has a date and a status", () => {
    expect(adrFiles.length).toBeGreaterThan(17);
    const adrs = adrFiles.map((name) => ({ file: name, text: read(`docs/decisions/${name}`) }));
    expect(adrProblems(adrs)).toEqual([]);
  });
});

describe("each check fires", () => {
  // Built from parts, so this file does not cite an issue itself.
  const issue = ["iss", "ue"].join("");

  test.each([
    ["README.md", `The budgets (${issue}s 8 and 19):`],
    ["app/domain/news/rules.ts", `// ${issue} #12: the excerpt`],
    ["docs/decisions/017-uploaded-images.md", `Decisions 23 (${issue} "Photos and logos")`],
    ["docs/decisions/014-x.md", `Item 5 of the club-admin ${issue}: a club adds`],
    ["docs/architecture.md", "As asked in #35, the bench runs nginx."],
    ["app/domain/news/rules.ts", "/** Fixed in #7. */"],
  ])("an issue cited in %s: %s", (file, text) => {
    expect(issueCitations(file, text)).toHaveLength(1);
  });

  test.each([
    ["app/domain/club/contrast.ts", 'const WHITE = "#ffffff"; // #767676 passes AA'],
    ["tests/e2e/team.spec.ts", 'await fill("J.J. #7 (captain)");'],
    ["app/config/env.server.ts", "context.issues.push({ code: 'custom' });"],
    [
      "docs/README.md",
      "Cite `rules §4` and see [the rules](product/rules.md#11-quality-requirements).",
    ],
  ])("no issue in %s: %s", (file, text) => {
    expect(issueCitations(file, text)).toEqual([]);
  });

  const known = { sections: [1, 2, 3, 4, 11, 12], decisions: [1, 2, 24, 25], adrs: [1, 7, 8] };
  test.each([
    ["rules §13 Speed", "rules §13"],
    ["rules §4 Recent form, §14 Feeds", "rules §14"],
    ["decisions 26", "decisions 26"],
    ["decisions 24–27", "decisions 27"],
    ["ADR 019", "ADR 019"],
    ["see [ADR 9](decisions/009-importing.md)", "decisions/009-importing.md"],
  ])("a citation of nothing: %s", (text, broken) => {
    const found = brokenCitations({ file: "x.ts", text, ...known });
    expect(found).toEqual([`x.ts:1: ${broken}`]);
  });

  test("citations of what exists pass", () => {
    const text =
      "rules §2 Manage Team, §4 Edit modes; rules §12; decisions 1–2; decisions 24 and 25; ADR 007, ADR 008";
    expect(brokenCitations({ file: "x.ts", text, ...known })).toEqual([]);
  });

  test("a stated range that is not the documents' own", () => {
    const numbersHere = documentNumbers("## §1 A\n## §12 B\n", "### 1. A\n### 26. B\n");
    const stated = statedRanges("Sections §1–§11 with named sub-headings; numbered 1–25:");
    expect(stated).toEqual({ sections: [11], decisions: [25] });
    expect(numbersHere).toEqual({ sections: [1, 12], decisions: [1, 26] });
  });

  test("an architecture page that leaves a folder out, or names one that is not there", () => {
    const problems = architectureProblems({
      architecture: "| `app/` | | `app/domain/` | | `app/domain/news/` | | `app/domain/gone/` |",
      files: ["app/root.tsx", "app/domain/news/rules.ts", "app/domain/team/rules.ts"],
      exists: (relative) => relative !== "app/domain/gone/",
    });
    expect(problems).toEqual({ missing: ["app/domain/team/"], unknown: ["app/domain/gone/"] });
  });

  test("an ADR without a date or a status", () => {
    const good = "# 018. X\n\nDate: 2026-11-28\nStatus: Accepted\n\n## Context\n";
    const superseded = "# 008. X\n\nDate: 2026-11-21\nStatus: Superseded by ADR 018\n";
    expect(
      adrProblems([
        { file: "018.md", text: good },
        { file: "008.md", text: superseded },
      ]),
    ).toEqual([]);
    expect(adrProblems([{ file: "001.md", text: "# 001. X\n\n## Context\n" }])).toEqual([
      "001.md: no Date line",
      "001.md: no Status line",
    ]);
  });
});
