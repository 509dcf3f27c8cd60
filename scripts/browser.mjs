// The browser the test suite drives, shared by the pretest bootstrap (plain JavaScript, any
// Node) and playwright.config.ts. Chromium's headless shell is the build Playwright itself
// uses for headless runs: no window system, about half the CPU per page of the full browser
// on these two-core machines. Debian packages it as `chromium-headless-shell`.
import fs from "node:fs";

export const BROWSER_PACKAGE = "chromium-headless-shell";

const CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

/**
 * CHROME_PATH when set, else the first of the headless shell and the full Chromium that is
 * installed, else the headless shell's path (the bootstrap installs it).
 * @returns {string}
 */
export function browserPath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return CANDIDATES.find((file) => fs.existsSync(file)) ?? CANDIDATES[0];
}
