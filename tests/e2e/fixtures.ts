import fs from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  type Locator,
  type Page,
  type Response as PageResponse,
} from "@playwright/test";
import { E2E_ADMIN } from "./admin-credentials.ts";
import { probeUrl, serverUrl } from "./ports.ts";
import type { NewRowOf, ProbeTable, RowOf, WhereOf } from "./rows.ts";

// The browser suite's one entry point: every spec imports `test` and `expect` from here.
//
// - Each Playwright worker talks to a server and database of its own (playwright.config.ts
//   starts one per worker; ./ports.ts says which is whose), so no test sees another's data.
// - Public pages show their content before the scripts start, and a click in that moment is
//   a full page load instead of a client navigation. The root sets `data-hydrated` on <html>
//   once React has hydrated (app/root.tsx): `page.goto`, `reload`, `goBack` and `goForward`
//   wait for it here, and `waitForHydration` is there for a document load a test causes
//   itself (a plain link, a form post).

/** Waits until React has hydrated the page's document, when it is one of ours with scripts. */
export async function waitForHydration(page: Page): Promise<void> {
  if (base.info().project.use.javaScriptEnabled === false) return;
  // Only documents rendered by the app carry React Router's context; a feed, a plain error
  // from the host or a file has nothing to hydrate.
  const isApp = await page.evaluate(() => "__reactRouterContext" in window).catch(() => false);
  if (!isApp) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

type Navigation = "goto" | "reload" | "goBack" | "goForward";

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for
  baseURL: async ({}, use) => {
    await use(serverUrl());
  },
  page: async ({ page }, use) => {
    for (const method of ["goto", "reload", "goBack", "goForward"] as Navigation[]) {
      const navigate = page[method].bind(page) as (
        ...args: unknown[]
      ) => Promise<PageResponse | null>;
      (page[method] as (...args: unknown[]) => Promise<PageResponse | null>) = async (...args) => {
        const response = await navigate(...args);
        await waitForHydration(page);
        return response;
      };
    }
    await use(page);
  },
});
export { expect };

// `expectAccessible(page)` runs axe (WCAG 2.0-2.2 A and AA rules) and expects no violations,
// listing any it finds. axe runs inside the page, so it needs JavaScript: in the
// no-JavaScript project it would wait forever, and there the check is left to the two
// scripted projects, which open the same pages at 1280 px and 375 px.
//
// On a page without frames (nearly every check) axe is injected once per document and run
// with `axe.run` in the page itself: AxeBuilder would inject its 0.5 MB source twice and open
// a blank page to merge the results, about half of each run's CPU here (ADR 004). A page with
// frames (a video or the map after asking) goes through AxeBuilder, which checks every frame.
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
// Every rule still runs; only the violations are reported node by node, which spares
// serialising hundreds of passing nodes (about a quarter of each run's time here).
const AXE_OPTIONS = { runOnly: { type: "tag", values: AXE_TAGS }, resultTypes: ["violations"] };
// The minified build: `axe.source` is the 1.5 MB readable one, and every injection sends the
// source through the DevTools protocol and has the page compile it (0.65 MB minified).
const axeSource: string = fs.readFileSync(
  createRequire(import.meta.resolve("@axe-core/playwright")).resolve("axe-core/axe.min.js"),
  "utf8",
);

type AxeViolation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
};

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (page.frames().length > 1) {
    const results = await new AxeBuilder({ page, axeSource })
      .withTags(AXE_TAGS)
      .options({ resultTypes: ["violations"] })
      .analyze();
    return results.violations;
  }
  const injected = await page.evaluate(() => "axe" in window);
  if (!injected) {
    await page.evaluate(axeSource);
    await page.evaluate(() => {
      (window as unknown as { axe: { configure(o: object): void } }).axe.configure({
        allowedOrigins: ["<same_origin>"],
      });
    });
  }
  return page.evaluate(async (options) => {
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<unknown> } })
      .axe;
    // A list card away from the screen is not laid out (`content-visibility: auto`, app.css):
    // its contents keep positions from a layout that overflows its placeholder's height, and
    // axe measured its links as overlapping the next card's. A visitor sees each card laid
    // out when it comes near the screen: axe judges that layout.
    const shown = document.createElement("style");
    shown.textContent = ".list-card { content-visibility: visible !important; }";
    document.head.append(shown);
    let results: { violations: AxeViolation[] };
    try {
      results = (await axe.run(document, options)) as { violations: AxeViolation[] };
    } finally {
      shown.remove();
    }
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, AXE_OPTIONS);
}

export async function expectAccessible(page: Page): Promise<void> {
  if (base.info().project.use.javaScriptEnabled === false) return;
  // A colour still fading (a tab just chosen, `transition-colors`) is measured half-way by
  // axe: let the page's running transitions end first, waiting 2 s at most (a paused or
  // looping animation never ends).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === "running" &&
              animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const violations = await axeViolations(page);
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, summary.join("\n")).toEqual([]);
}

/** Fails when the page scrolls sideways (WCAG 1.4.10). */
export async function expectNoHorizontalScrolling(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `the page is ${scrollWidth - clientWidth} px wider than the screen`).toBe(
    clientWidth,
  );
}

/** ADR 034: the scheduled publisher's turn, as if the time were `now`; the items it published. */
export async function publishDueNews(now: Date): Promise<{ id: string; title: string }[]> {
  return (await (
    await probe("/news/publish-due", JSON.stringify({ now: now.toISOString() }))
  ).json()) as { id: string; title: string }[];
}

async function probe(path: string, body?: string): Promise<Response> {
  const response = await fetch(`${probeUrl()}${path}`, { method: "POST", body });
  if (!response.ok) throw new Error(`probe ${path}: ${response.status} ${await response.text()}`);
  return response;
}

/** Inserts rows (built with scripts/factories.ts) into this worker's database; returns them. */
export async function insertRows<T extends ProbeTable>(
  table: T,
  rows: NewRowOf<T>[],
): Promise<RowOf<T>[]> {
  return (await (
    await probe(`/rows/insert/${table}`, JSON.stringify({ rows }))
  ).json()) as RowOf<T>[];
}

/**
 * The rows of `table` whose columns equal every value in `where`; without `where`, every row
 * (in no particular order: sort, count or compare them in the test).
 */
export async function findRows<T extends ProbeTable>(
  table: T,
  where: WhereOf<T> = {},
): Promise<RowOf<T>[]> {
  return (await (
    await probe(`/rows/find/${table}`, JSON.stringify({ where }))
  ).json()) as RowOf<T>[];
}

/** Sets `values` on the rows of `table` whose columns equal every value in `where`; returns them. */
export async function updateRows<T extends ProbeTable>(
  table: T,
  where: WhereOf<T>,
  values: Partial<NewRowOf<T>>,
): Promise<RowOf<T>[]> {
  return (await (
    await probe(`/rows/update/${table}`, JSON.stringify({ where, values }))
  ).json()) as RowOf<T>[];
}

/** Deletes the rows of `table` whose columns equal every value in `where`; returns them. */
export async function deleteRows<T extends ProbeTable>(
  table: T,
  where: WhereOf<T>,
): Promise<RowOf<T>[]> {
  return (await (
    await probe(`/rows/delete/${table}`, JSON.stringify({ where }))
  ).json()) as RowOf<T>[];
}

/**
 * Signs the page's browser in as the suite's administrator and opens `path`. The session is
 * made by the test server, as the login form's action would make it, and set as the cookie:
 * the sign-in form itself is tested by admin-access.spec.ts (signInThroughForm).
 */
export async function signInAsAdmin(page: Page, path = "/admin", email?: string): Promise<void> {
  const { name, value } = (await (
    await probe("/session", email ? JSON.stringify({ email }) : undefined)
  ).json()) as {
    name: string;
    value: string;
  };
  await page
    .context()
    .addCookies([{ name, value, url: serverUrl(), httpOnly: true, sameSite: "Lax" }]);
  await page.goto(path);
  await expect(page).toHaveURL(path);
}

/**
 * Signs in through the login screen, as a person does: the suite's administrator unless
 * `email` and `password` say otherwise, on this worker's server unless `origin` names another.
 */
export async function signInThroughForm(
  page: Page,
  {
    path = "/admin",
    origin = "",
    email = E2E_ADMIN.email,
    password = E2E_ADMIN.password,
  }: { path?: string; origin?: string; email?: string; password?: string } = {},
): Promise<void> {
  await page.goto(`${origin}/admin/login?redirectTo=${encodeURIComponent(path)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(`${origin}${path}`);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, as a keyboard user would.
 * The target is found once and then checked after each press: finding it by role and name
 * on every press made a long admin list cost seconds of CPU per journey (ADR 004).
 */
export async function tabTo(page: Page, target: Locator, { back = false } = {}): Promise<void> {
  await target.waitFor();
  let element = await target.elementHandle();
  for (let presses = 0; presses < 150; presses++) {
    const state = await element.evaluate((node) =>
      !node.isConnected ? "gone" : node === document.activeElement ? "focused" : "not yet",
    );
    if (state === "focused") return;
    // Rendered again since it was found: find it again before pressing on.
    if (state === "gone") {
      element = await target.elementHandle();
      continue;
    }
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

/**
 * A picture of the screen for a person to look at (a design review, not a check): taken, into
 * the test's output folder, only when E2E_SHOTS is set. Each full-page picture costs the
 * browser and the runner CPU on every run otherwise (ADR 004).
 */
export async function reviewShot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  await page.screenshot({ path: base.info().outputPath(`${name}.png`), ...options });
}
