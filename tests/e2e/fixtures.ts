import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

// Shared by every spec: `expectAccessible(page)` runs axe (WCAG 2.0-2.2 A and AA rules)
// and expects no violations, listing any it finds.
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
}

export const test = base;
export { expect };

/** Rows of a read-only query on the test server's database (see tests/e2e/server.ts). */
export async function queryDatabase<T = Record<string, unknown>>(select: string): Promise<T[]> {
  const port = Number(process.env.E2E_PORT ?? 3100) + 1;
  const response = await fetch(`http://127.0.0.1:${port}/query?sql=${encodeURIComponent(select)}`);
  if (!response.ok) throw new Error(`probe: ${response.status} ${await response.text()}`);
  return (await response.json()) as T[];
}
