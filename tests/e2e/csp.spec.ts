import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "./fixtures.ts";

// rules §12: the Content-Security-Policy lists the framework's own inline scripts only,
// so a script that reaches a page's content is refused by the browser. The page comes from
// tests/e2e/injected-script-server.ts: the real build and host, with /about carrying an
// injected inline script.

let server: ChildProcess | undefined;
let origin = "";

test.beforeAll(async () => {
  // A fresh embedded database is created and migrated first: slow on a busy machine.
  test.setTimeout(180_000);
  const script = path.resolve(import.meta.dirname, "injected-script-server.ts");
  server = spawn(process.execPath, [script], { stdio: ["ignore", "pipe", "inherit"] });
  origin = await new Promise<string>((resolve, reject) => {
    let output = "";
    server?.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /LISTENING (\S+)/.exec(output);
      if (found?.[1]) resolve(found[1]);
    });
    server?.on("exit", (code) => reject(new Error(`injection server exited (${code})`)));
  });
});

test.afterAll(() => {
  server?.kill("SIGTERM");
});

test("an inline script injected into a page is refused; the framework's own scripts run @js", {
  tag: "@desktop",
}, async ({ page }) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/.test(message.text())) {
      refused.push(message.text());
    }
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const seen = (window as { __violations?: string[] }).__violations ?? [];
      seen.push(event.effectiveDirective);
      (window as { __violations?: string[] }).__violations = seen;
    });
  });
  const response = await page.goto(`${origin}/about`);
  expect(response?.status()).toBe(200);
  // The injected script is in the page the server sent...
  expect(await response?.text()).toContain("window.__injected = true");
  // ...and the browser did not run it.
  expect(
    await page.evaluate(() => (window as { __injected?: boolean }).__injected),
  ).toBeUndefined();
  await expect(page).not.toHaveTitle("Injected");
  await expect
    .poll(() => page.evaluate(() => (window as { __violations?: string[] }).__violations ?? []))
    .toContain("script-src-elem");
  // Refused once: the framework's own inline scripts (listed by hash) all ran.
  expect(refused).toHaveLength(1);
  expect(
    await page.evaluate(() => (window as { __violations?: string[] }).__violations?.length),
  ).toBe(1);
  expect(
    await page.evaluate(
      () => typeof (window as { __reactRouterContext?: object }).__reactRouterContext,
    ),
  ).toBe("object");
});
