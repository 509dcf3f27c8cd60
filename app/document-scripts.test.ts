import { describe, expect, it, vi } from "vitest";
import { FIRST_PAINT, scriptsAfterFirstPaint, withoutScriptPreloads } from "./document-scripts.ts";

// React Router's module script, as <Scripts> writes it (react-router's ssr/components.js): a
// route with a client loader has its chunks imported one by one and spread into one object.
const routerScript = `<script type="module" async="">;
import * as route0 from "/assets/root-A.js";
import * as route1_clientLoader from "/assets/layout-loader-B.js";
import * as route1_main from "/assets/layout-B.js";
const route1 = {...route1_clientLoader,...route1_main};
  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-C.js"}};
  window.__reactRouterRouteModules = {"root":route0,"routes/site/layout":route1};

import("/assets/entry.client-C.js");</script>`;

const page = (script: string) =>
  `<html><head><link rel="modulepreload" href="/assets/site-D.js"/></head><body><main>Hi</main>${script}</body></html>`;

/** Runs a transformed module script with stand-ins for the browser and for import(). */
async function run(html: string, browser: { painted: boolean; visibility?: string }) {
  const body = html.match(/<script type="module"[^>]*>([\s\S]*?)<\/script>/)?.[1] ?? "";
  const imported: string[] = [];
  let paint: (() => void) | undefined;
  class Observer {
    static supportedEntryTypes = ["paint"];
    callback: (list: unknown, observer: Observer) => void;
    constructor(callback: (list: unknown, observer: Observer) => void) {
      this.callback = callback;
    }
    observe() {
      paint = () =>
        this.callback({ getEntriesByName: () => [{ name: "first-contentful-paint" }] }, this);
    }
    disconnect() {}
  }
  const window: Record<string, unknown> = {};
  const AsyncFunction = (async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>;
  const script = new AsyncFunction(
    "window",
    "document",
    "performance",
    "PerformanceObserver",
    "load",
    body.replaceAll("import(", "load("),
  );
  const done = script(
    window,
    { visibilityState: browser.visibility ?? "visible" },
    { getEntriesByName: () => (browser.painted ? [{}] : []) },
    Observer,
    async (url: string) => {
      imported.push(url);
      return { url };
    },
  );
  return { done, imported, window, paint: () => paint?.() };
}

describe("scriptsAfterFirstPaint", () => {
  it("imports the route modules after the first paint, together, under the same names", async () => {
    vi.useFakeTimers();
    try {
      const html = scriptsAfterFirstPaint(page(routerScript));
      expect(html).toContain(FIRST_PAINT);
      expect(html).not.toMatch(/^import \* as/m);

      const waiting = await run(html, { painted: false });
      await vi.advanceTimersByTimeAsync(100);
      expect(waiting.imported).toEqual([]);
      waiting.paint();
      await waiting.done;
      expect(waiting.imported).toEqual([
        "/assets/root-A.js",
        "/assets/layout-loader-B.js",
        "/assets/layout-B.js",
        "/assets/entry.client-C.js",
      ]);
      expect(waiting.window.__reactRouterRouteModules).toEqual({
        root: { url: "/assets/root-A.js" },
        "routes/site/layout": { url: "/assets/layout-B.js" },
      });
      expect(waiting.window.__reactRouterManifest).toEqual({
        entry: { module: "/assets/entry.client-C.js" },
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not wait once the page has painted, in a tab that is not shown, or past 3 s", async () => {
    vi.useFakeTimers();
    try {
      const html = scriptsAfterFirstPaint(page(routerScript));
      for (const browser of [{ painted: true }, { painted: false, visibility: "hidden" }]) {
        const started = await run(html, browser);
        await started.done;
        expect(started.imported).toHaveLength(4);
      }
      const late = await run(html, { painted: false });
      await vi.advanceTimersByTimeAsync(2999);
      expect(late.imported).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await late.done;
      expect(late.imported).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it("leaves a module script it does not recognise as it is", () => {
    const other = page(
      `<script type="module" async="">import("/assets/entry.client-C.js");</script>`,
    );
    expect(scriptsAfterFirstPaint(other)).toBe(other);
    const none = page("");
    expect(scriptsAfterFirstPaint(none)).toBe(none);
  });
});

describe("withoutScriptPreloads", () => {
  it("drops React Router's script preloads and nothing else", () => {
    const html = page(routerScript);
    expect(withoutScriptPreloads(html)).toBe(
      html.replace('<link rel="modulepreload" href="/assets/site-D.js"/>', ""),
    );
  });
});
