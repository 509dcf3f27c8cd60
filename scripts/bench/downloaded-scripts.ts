import { chromium } from "@playwright/test";

// The JavaScript a first visit really downloads (rules §11, ADR 019), counted in the browser as
// Lighthouse counts it: every script the page fetches from its start until the network has been
// quiet, each at its transfer size (the gzip body plus the response's headers). Unlike the
// build's first-load list (page-weight.ts), this sees what loads after hydration too: islands
// (the cookie banner, the match centre's content), the connection monitor, anything a link or
// the router fetches ahead. Fresh browser context per page: nothing cached, no stored choice
// (the cookie banner shows), no service worker (its precache is the worker's own download,
// in the background, not the page's).

/** A phone's screen, where the header's menu is a toggle. */
const PHONE_VIEWPORT = { width: 375, height: 812 } as const;

/** Quiet time after the network goes idle, for a chunk asked for from a timer or an idle callback. */
const SETTLE_MS = 1500;

interface DownloadedScript {
  url: string;
  /** Bytes over the wire: the (gzip) body and the response's headers. */
  transfer: number;
  /** The body's bytes as sent (gzip). */
  body: number;
}

export interface DownloadedScripts {
  page: string;
  path: string;
  /** Every script, heaviest first. */
  files: DownloadedScript[];
  /** Their total transfer size: the figure the budget judges. */
  transfer: number;
}

/**
 * Visits each page at a phone's size in a fresh Chromium context and counts every script
 * response until the network has been idle (Playwright's "networkidle": no request for 500 ms)
 * and then quiet for SETTLE_MS more.
 */
export async function countDownloadedScripts({
  base,
  pages,
  chromePath,
}: {
  base: string;
  pages: readonly { page: string; path: string }[];
  chromePath: string;
}): Promise<DownloadedScripts[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ["--no-sandbox"] });
  try {
    const results: DownloadedScripts[] = [];
    for (const target of pages) {
      const context = await browser.newContext({
        viewport: PHONE_VIEWPORT,
        serviceWorkers: "block",
      });
      const page = await context.newPage();
      const sizes: Promise<DownloadedScript>[] = [];
      page.on("requestfinished", (request) => {
        if (request.resourceType() !== "script") return;
        sizes.push(
          request.sizes().then(({ responseBodySize, responseHeadersSize }) => ({
            url: request.url().replace(base, ""),
            transfer: responseBodySize + responseHeadersSize,
            body: responseBodySize,
          })),
        );
      });
      await page.goto(base + target.path, { waitUntil: "networkidle" });
      let counted = -1;
      while (counted !== sizes.length) {
        counted = sizes.length;
        await page.waitForTimeout(SETTLE_MS);
        await page.waitForLoadState("networkidle");
      }
      const files = (await Promise.all(sizes)).sort((a, b) => b.transfer - a.transfer);
      results.push({
        page: target.page,
        path: target.path,
        files,
        transfer: files.reduce((sum, file) => sum + file.transfer, 0),
      });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

/**
 * The pages to visit: `pages` with the placeholder addresses of a news item and a person
 * (`/news/{id}`, `/team/{slug}`) replaced by the first the site's own lists link to, so each is
 * a real page rather than "not found".
 */
export async function withRealItems(
  base: string,
  pages: readonly { page: string; path: string }[],
): Promise<{ page: string; path: string }[]> {
  const firstLink = async (list: string, pattern: RegExp) => {
    const html = await (await fetch(base + list)).text();
    return html.match(pattern)?.[0];
  };
  const real: Record<string, string | undefined> = {
    "/news/{id}": await firstLink("/news", /\/news\/[a-z0-9][a-z0-9-]*(?=")/),
    "/team/{slug}": await firstLink("/team", /\/team\/[a-z0-9-]+(?=")/),
    // The demo's round day (ADR 035), linked from its card in the match centre.
    "/fixtures/rounds/{slug}": await firstLink("/fixtures", /\/fixtures\/rounds\/[a-z0-9-]+(?=")/),
  };
  return pages.map((target) => ({ page: target.page, path: real[target.page] ?? target.path }));
}
