// How a public page's HTML asks for its scripts (ADR 008). React Router's <Scripts> writes two
// things these functions change on every page outside the admin, before the
// Content-Security-Policy hashes the inline scripts (entry.server.tsx).

// React Router lists every script of the page as <link rel="modulepreload"> in the head, so a
// phone on a slow network spends its first bandwidth on 130 KB of JavaScript, at high priority,
// before the stylesheet and the hero image (rules §11: Lighthouse's mobile FCP went from 2.4 s to
// 1.0-1.6 s without them). The page is rendered on the server and works before it hydrates:
// the scripts still load, from the module script at the end of the body, after the content.
const SCRIPT_PRELOAD = /<link rel="modulepreload" href="[^"]*"\/>/g;

export function withoutScriptPreloads(html: string): string {
  return html.replace(SCRIPT_PRELOAD, "");
}

// The module script at the end of the body: React Router's `import * as route0 from "…";` lines,
// its manifest, then `import("…entry.client…")`.
const MODULE_SCRIPT = /(<script\b[^>]*\stype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /^import \* as ([\w$]+) from ("[^"\n]+");$/gm;

/**
 * Waits for the page's first paint with content, at most 3 s. It does not wait when that paint
 * has happened, in a tab that is not on screen (it paints when shown) or in a browser that does
 * not report paints: then the scripts start as before.
 */
export const FIRST_PAINT = `await new Promise((go) => {
  if (document.visibilityState !== "visible" || performance.getEntriesByName("first-contentful-paint").length || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return go();
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); go(); }
  }).observe({ type: "paint" });
  setTimeout(go, 3000);
});`;

/**
 * The page's scripts start after its first paint. The static imports become `import()` calls
 * after FIRST_PAINT, all at once, so the route modules are still fetched in parallel and are in
 * place, under the same names, before the manifest and entry.client, as before.
 *
 * Why: a static import is fetched and run as soon as the parser reaches it. On a long page
 * (/team with 200 people) the browser sometimes had React and the route modules back and ran
 * them before its first paint, which then came after them; a phone can do the same on a second
 * visit, with the scripts in its cache. Lighthouse then counts all the JavaScript as blocking
 * the paint (its mobile first paint 0.9 s or 1.5 s on the same page from run to run).
 *
 * A page whose module script is not in the expected form is left as React Router wrote it: it
 * hydrates as before, and the test on real pages fails (tests/integration/server.test.ts).
 */
export function scriptsAfterFirstPaint(html: string): string {
  return html.replace(MODULE_SCRIPT, (whole, open: string, body: string, close: string) => {
    const names: string[] = [];
    const imports: string[] = [];
    const rest = body.replace(STATIC_IMPORT, (_line, name: string, url: string) => {
      names.push(name);
      imports.push(`import(${url})`);
      return "";
    });
    if (names.length === 0) return whole;
    const loaded = `const [${names.join(", ")}] = await Promise.all([${imports.join(", ")}]);`;
    return `${open}${FIRST_PAINT}\n${loaded}${rest}${close}`;
  });
}
