import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./admin-credentials.ts";

// Shared by every spec: `expectAccessible(page)` runs axe (WCAG 2.0-2.2 A and AA rules)
// and expects no violations, listing any it finds. axe runs inside the page, so it needs
// JavaScript: in the no-JavaScript project it would wait forever, and there the check is left
// to the two scripted projects, which open the same pages at 1280 px and 375 px.
export async function expectAccessible(page: Page): Promise<void> {
  if (base.info().project.use.javaScriptEnabled === false) return;
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

/** Runs SQL on the test server's database and returns the rows (see tests/e2e/server.ts). */
export async function queryDatabase<T = Record<string, unknown>>(statement: string): Promise<T[]> {
  const port = Number(process.env.E2E_PORT ?? 3100) + 1;
  const response = await fetch(`http://127.0.0.1:${port}/sql`, { method: "POST", body: statement });
  if (!response.ok) throw new Error(`probe: ${response.status} ${await response.text()}`);
  return (await response.json()) as T[];
}

/** Signs in through the login screen as the suite's administrator. */
export async function signInAsAdmin(page: Page, path = "/admin"): Promise<void> {
  await page.goto(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(path);
}
