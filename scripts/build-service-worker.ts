import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { injectManifest } from "workbox-build";
import { club } from "../app/config/club.ts";
import { OFFLINE_PAGE_MESSAGE } from "../app/domain/connectivity/rules.ts";
import { OFFLINE_PAGE_PATH, SERVICE_WORKER_PATH } from "../app/service-worker/constants.ts";
import { CHUNK_MODULES_FILE, type ChunkModules } from "./build/chunk-modules.ts";
import { MADE } from "./build/fonts.ts";

// The second half of `npm run build` (ADR 006): after `react-router build` has written
// build/client, this writes the offline page and the service worker into it. The worker is
// bundled from app/service-worker/service-worker.ts with Vite, then Workbox's injectManifest
// adds the list of files to precache (the offline page, the styles, the display face's Latin
// files, the social networks' marks, and every public route's code).

const root = fileURLToPath(new URL("..", import.meta.url));
const clientDir = path.join(root, "build/client");
const assetsDir = path.join(clientDir, "assets");
if (!fs.existsSync(assetsDir)) {
  console.error("build/client/assets is missing: run `react-router build` first.");
  process.exit(1);
}
const assets = fs.readdirSync(assetsDir).sort();

// The build's version: the hashed file names change whenever the site's code or styles do.
const version = createHash("sha256").update(assets.join("\n")).digest("hex").slice(0, 12);

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c,
  );
// The display face's Latin files as the build named them: scripts/build/fonts.ts's files
// with a content hash (`barlow-condensed-latin-800-unhinted-<hash>.woff2`). Missing ones
// stop the build: the offline page and the offline copies need them.
const latinFonts = MADE.map(({ target }) => {
  const stem = target.replace(/\.woff2$/, "");
  const built = assets.find((name) => name.startsWith(`${stem}-`) && name.endsWith(".woff2"));
  if (!built) {
    console.error(`build/client/assets has no ${stem}-<hash>.woff2 (app/fonts/fonts.css).`);
    process.exit(1);
  }
  return built;
});
const displayFont = latinFonts.find((name) => name.includes("-800-"));

// rules §8 Offline reads, ADR 019: every public route's code, so a page saved before its own
// scripts were fetched still hydrates offline (a visitor who goes on to the next page before the
// first has hydrated, or before the worker controls it). From React Router's browser manifest:
// the entry and every route outside the admin, each with its imports; then, from the chunk list
// the build writes (scripts/build/chunk-modules.ts), everything those load on demand (the cookie
// banner, the match centre's content, the connection monitor). Never admin code or Quill.
const MANIFEST_PREFIX = "window.__reactRouterManifest=";
const ADMIN_OR_EDITOR =
  /(^|\/)app\/(routes|components)\/admin\/|node_modules\/(quill|parchment|quill-delta)\//;
function publicRouteCode(): string[] {
  const manifestText = assets
    .filter((name) => /^manifest-.*\.js$/.test(name))
    .map((name) => fs.readFileSync(path.join(assetsDir, name), "utf8"))
    .find((text) => text.startsWith(MANIFEST_PREFIX));
  if (!manifestText) {
    console.error("build/client/assets has no React Router manifest (manifest-<hash>.js).");
    process.exit(1);
  }
  const manifest = JSON.parse(manifestText.slice(MANIFEST_PREFIX.length).replace(/;\s*$/, "")) as {
    entry: { module: string; imports?: string[] };
    routes: Record<string, { id: string; module: string; imports?: string[] }>;
  };
  const { chunks } = JSON.parse(
    fs.readFileSync(path.join(root, "build", CHUNK_MODULES_FILE), "utf8"),
  ) as ChunkModules;
  const queue = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
  for (const route of Object.values(manifest.routes)) {
    if (!route.id.startsWith("routes/admin/")) queue.push(route.module, ...(route.imports ?? []));
  }
  const found = new Set<string>();
  for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
    const chunk = chunks[url];
    if (found.has(url) || !chunk || chunk.modules.some((m) => ADMIN_OR_EDITOR.test(m))) continue;
    found.add(url);
    queue.push(...chunk.imports, ...chunk.dynamicImports);
  }
  return [...found].map((url) => url.slice(1)).sort();
}
const routeCode = publicRouteCode();

// rules §8 Offline reads: the page shown for an address with no saved copy. Static HTML with
// its styles inline, so it needs nothing else from the network; no script. Body text in the
// device's own face, the stack of app.css's --font-sans.
const offlinePage = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${club.colours.primary}">
<title>You are offline | ${escapeHtml(club.shortName)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
${displayFont ? `@font-face{font-family:"Barlow Condensed";font-weight:800;font-display:swap;src:url(/assets/${displayFont}) format("woff2")}` : ""}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Liberation Sans",sans-serif;color:#0f172a;background:#f8fafc;line-height:1.5}
header{background:${club.colours.primary};color:${club.colours.primaryContrast};padding:1rem 1.25rem}
header p{margin:0;max-width:48rem;margin-inline:auto;font-family:"Barlow Condensed",system-ui,sans-serif;font-weight:800;font-size:1.25rem;letter-spacing:.04em;text-transform:uppercase}
main{flex:1;width:100%;max-width:48rem;margin:0 auto;padding:4rem 1.25rem}
.kicker{margin:0;font-family:"Barlow Condensed",system-ui,sans-serif;font-weight:800;font-size:.875rem;letter-spacing:.25em;text-transform:uppercase;color:${club.colours.primary}}
h1{margin:.75rem 0 0;font-family:"Barlow Condensed",system-ui,sans-serif;font-weight:800;font-size:clamp(2.5rem,9vw,3.75rem);line-height:1;text-transform:uppercase}
.message{margin:1.25rem 0 0;font-size:1.125rem;color:#334155;max-width:36rem}
.hint{margin:.75rem 0 0;color:#475569;max-width:36rem}
.actions{display:flex;flex-wrap:wrap;gap:1rem;margin:2rem 0 0;padding:0}
a{display:inline-flex;align-items:center;min-height:2.75rem;padding:0 1.25rem;border-radius:.375rem;font-weight:600;text-decoration:none}
.primary{background:${club.colours.primary};color:${club.colours.primaryContrast}}
.secondary{border:1px solid #cbd5e1;color:#0f172a;background:#fff}
a:focus-visible{outline:3px solid ${club.colours.accent};outline-offset:3px}
</style>
</head>
<body>
<header><p>${escapeHtml(club.shortName)}</p></header>
<main id="main">
<p class="kicker">Offline</p>
<h1>You are offline</h1>
<p class="message">${escapeHtml(OFFLINE_PAGE_MESSAGE)}</p>
<p class="hint">This page has not been saved on this device yet. Pages you have visited before still open while you are offline.</p>
<p class="actions"><a class="primary" href="">Try again</a><a class="secondary" href="/">Go to the home page</a></p>
</main>
</body>
</html>
`;
fs.writeFileSync(path.join(clientDir, OFFLINE_PAGE_PATH.slice(1)), offlinePage);

// Bundle the worker into one classic script (a worker has no module loader).
const bundleDir = path.join(root, "build/.service-worker");
await build({
  configFile: false,
  logLevel: "warn",
  define: {
    __BUILD_VERSION__: JSON.stringify(version),
    "process.env.NODE_ENV": JSON.stringify("production"),
  },
  build: {
    outDir: bundleDir,
    emptyOutDir: true,
    copyPublicDir: false,
    minify: true,
    lib: {
      entry: path.join(root, "app/service-worker/service-worker.ts"),
      formats: ["iife"],
      name: "clubsiteServiceWorker",
      fileName: () => "sw.js",
    },
  },
});

const { count, size, warnings } = await injectManifest({
  swSrc: path.join(bundleDir, "sw.js"),
  swDest: path.join(clientDir, SERVICE_WORKER_PATH.slice(1)),
  globDirectory: clientDir,
  globPatterns: [
    OFFLINE_PAGE_PATH.slice(1),
    "assets/*.css",
    // The social networks' marks, which the footer of every page draws (icons.tsx).
    "assets/social-icons-*.svg",
    ...latinFonts.map((f) => `assets/${f}`),
    ...routeCode,
  ],
  // Manage Team's editor styles are for the admin only.
  globIgnores: ["assets/quill-*"],
  // Hashed names already change with their content.
  dontCacheBustURLsMatching: /^assets\//,
});
fs.rmSync(bundleDir, { recursive: true, force: true });
for (const warning of warnings) console.warn(`service worker: ${warning}`);
console.log(
  `service worker: ${SERVICE_WORKER_PATH} (version ${version}), ${count} files precached (${Math.round(size / 1024)} kB)`,
);
