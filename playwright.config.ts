import { defineConfig, devices } from "@playwright/test";
import { browserPath } from "./scripts/browser.mjs";
import { appPort, BASE_PORT, WORKERS } from "./tests/e2e/ports.ts";

// The browser suite: the production build, in Debian's Chromium headless shell (Playwright
// never downloads a browser here; scripts/browser.mjs). Each worker has a server of its own on a fresh data folder with the demo
// content (tests/e2e/server.ts, ports in tests/e2e/ports.ts): tests in parallel never see
// each other's changes.

const executablePath = browserPath();

const launchOptions = {
  executablePath,
  // The machine has no internet: keep Chromium from phoning home.
  args: [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: `test-results/e2e-${BASE_PORT}`,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: WORKERS,
  reporter: [["list"]],
  timeout: 30_000,
  // Two cores run the server, two browsers and axe at once: give assertions room to wait.
  expect: { timeout: 10_000 },
  use: {
    // Recording a trace costs every test about 0.4 s of CPU on these two cores, failing or
    // not: E2E_TRACE=1 records them (kept for failures) when a failure needs one.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // The production build registers a service worker (ADR 006). Blocked for every spec so
    // saved copies never answer another spec's requests; connectivity.spec.ts allows it.
    serviceWorkers: "block",
    launchOptions,
  },
  // Tests tagged @js need JavaScript; tests tagged @nojs check the no-JavaScript fallbacks.
  // Tests tagged @desktop check what does not depend on the screen's width (what the server
  // sends, feeds and structured data, 404s, the outbox and the session rules, results and
  // league points, form errors, sanitising): they run once, at 1280 px. Every public page
  // keeps its layout, menu, banner and tab tests at 375 px. The admin's journeys (save,
  // refuse, delete, Undo, import, invite) do not depend on the width either: at 375 px run
  // the keyboard journeys of News, Team, Table and Fixtures (admin-keyboard.spec.ts,
  // admin-fixtures.spec.ts) and, tagged @mobile and only here, every other admin screen's
  // layout, reach and axe check (admin-narrow.spec.ts).
  projects: [
    {
      name: "chromium-desktop",
      grepInvert: /@nojs|@mobile/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: "chromium-mobile",
      grepInvert: /@nojs|@desktop/,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
        launchOptions,
      },
    },
    {
      // rules §11 Without JavaScript: the public pages work without JavaScript, for reading and for the contact form.
      name: "chromium-no-js",
      testMatch: [
        "layout.spec.ts",
        "home.spec.ts",
        "pages.spec.ts",
        "contact.spec.ts",
        "team.spec.ts",
        "match-centre.spec.ts",
        "news.spec.ts",
        "connectivity.spec.ts",
      ],
      grepInvert: /@js\b/,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        javaScriptEnabled: false,
        launchOptions,
      },
    },
  ],
  webServer: Array.from({ length: WORKERS }, (_, worker) => ({
    command: "node tests/e2e/server.ts",
    url: `http://127.0.0.1:${appPort(worker)}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: { E2E_PORT: String(appPort(worker)) },
  })),
});
