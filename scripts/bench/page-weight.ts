import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { CHUNK_MODULES_FILE, type ChunkModules } from "../build/chunk-modules.ts";
import type { DownloadedScripts } from "./downloaded-scripts.ts";

// Page weight (rules §11): the JavaScript and CSS a visitor's browser loads on a
// first visit of each page, counted from the production build, the same way React Router's
// <Links> and <Scripts> choose them: the entry module and its imports, then for every route
// the URL matches its module, its imports and its CSS, plus the stylesheets its links() adds.
// `npm run bench` reports it; the CI guard (tests/integration/page-weight.test.ts) asserts the budget.
// Bytes only: they are the same on every run, unlike times.
// The budget itself is judged on what a browser downloads (weighDownloaded, from
// downloaded-scripts.ts: every script to network idle, ADR 019); the build's first-load list
// stays for the forbidden-code checks and for a page's own chunks.

/**
 * rules §11: the JavaScript a first visit to a public page downloads, gzip, counted in the
 * browser to network idle (ADR 019). 1 KB = 1,000 bytes, as Vite prints. The CI guard
 * (tests/integration/page-weight.test.ts) holds every page to it.
 */
export const FIRST_LOAD_JS_BUDGET_GZIP = 120_000;

/** The pages measured: every public page, and the admin login (the one admin page anyone sees). */
export const WEIGHED_PAGES = [
  { page: "/", path: "/" },
  { page: "/about", path: "/about" },
  { page: "/news", path: "/news" },
  { page: "/news/{id}", path: "/news/00000000-0000-4000-8000-000000000000" },
  { page: "/team", path: "/team" },
  { page: "/team/{slug}", path: "/team/a-player" },
  { page: "/fixtures", path: "/fixtures" },
  { page: "/fixtures/rounds/{slug}", path: "/fixtures/rounds/a-round" },
  { page: "/sponsors", path: "/sponsors" },
  { page: "/contact", path: "/contact" },
  { page: "/privacy-policy", path: "/privacy-policy" },
  { page: "/terms-conditions", path: "/terms-conditions" },
  { page: "/admin/login", path: "/admin/login" },
] as const;

/** Code that must never reach a public page's first load (rules §11). */
const FORBIDDEN_CODE = {
  quill: /^node_modules\/(quill|parchment|quill-delta)\//,
  dateLocale: /^node_modules\/date-fns\/locale\//,
  admin: /^app\/(routes|components)\/admin\//,
} as const;
type ForbiddenKind = keyof typeof FORBIDDEN_CODE;

interface Bytes {
  raw: number;
  gzip: number;
}

/** A set of files with their total, heaviest first. */
type FileSet = Bytes & { files: (Bytes & { url: string })[] };

export interface PageWeight {
  page: string;
  /** Whether the page is public (every budget applies) or the admin login (admin code allowed). */
  public: boolean;
  js: FileSet;
  css: FileSet;
  /** Source modules of each forbidden kind found in the first-load JavaScript. */
  forbidden: Record<ForbiddenKind, string[]>;
}

export interface OnDemandChunk {
  page: string;
  what: string;
  js: FileSet;
  css: FileSet;
}

export interface BuildFiles {
  root: string;
  build: ServerBuild;
  chunks: ChunkModules["chunks"];
}

/** Reads the production build in `root` (build/server/index.js and build/chunk-modules.json). */
export async function loadBuild(root: string): Promise<BuildFiles> {
  const serverFile = path.join(root, "build/server/index.js");
  const chunksFile = path.join(root, "build", CHUNK_MODULES_FILE);
  if (!fs.existsSync(serverFile) || !fs.existsSync(chunksFile)) {
    throw new Error(`No complete production build in ${root}/build: run \`npm run build\`.`);
  }
  const build = (await import(pathToFileURL(serverFile).href)) as ServerBuild;
  const { chunks } = JSON.parse(fs.readFileSync(chunksFile, "utf8")) as ChunkModules;
  return { root, build, chunks };
}

const gzipCache = new Map<string, Bytes>();

function fileBytes({ root }: BuildFiles, url: string): Bytes {
  const file = path.join(root, "build/client", url);
  const cached = gzipCache.get(file);
  if (cached) return cached;
  const content = fs.readFileSync(file);
  // What the server sends a browser that accepts gzip: the build's precompressed copy when
  // there is one (server/precompressed.ts, ADR 008), else what its compression middleware
  // makes on the fly (zlib's default level).
  const copy = `${file}.gz`;
  const gzip = fs.existsSync(copy) ? fs.statSync(copy).size : zlib.gzipSync(content).length;
  const bytes = { raw: content.length, gzip };
  gzipCache.set(file, bytes);
  return bytes;
}

function total(files: BuildFiles, urls: string[]): FileSet {
  const sizes = urls.map((url) => ({ url, ...fileBytes(files, url) }));
  return {
    raw: sizes.reduce((sum, s) => sum + s.raw, 0),
    gzip: sizes.reduce((sum, s) => sum + s.gzip, 0),
    files: sizes.sort((a, b) => b.gzip - a.gzip),
  };
}

function routeTree(build: ServerBuild): RouteObject[] {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.assets.routes)) {
    if (!route) continue;
    const object = route.index
      ? ({ id: route.id, index: true, path: route.path } as RouteObject)
      : ({ id: route.id, path: route.path, children: [] } as RouteObject);
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(object);
    byParent.set(route.parentId, siblings);
  }
  const attach = (objects: RouteObject[]) => {
    for (const object of objects) {
      if (object.index) continue;
      object.children = byParent.get(object.id) ?? [];
      attach(object.children);
    }
  };
  const top = byParent.get(undefined) ?? [];
  attach(top);
  return top;
}

/** The JavaScript and CSS files a first visit of `pathname` loads. */
function firstLoadFiles(files: BuildFiles, pathname: string): { js: string[]; css: string[] } {
  const { assets, routes } = files.build;
  const matches = matchRoutes(routeTree(files.build), pathname);
  if (!matches) throw new Error(`No route matches ${pathname}.`);
  const js = new Set<string>([assets.entry.module, ...assets.entry.imports]);
  const css = new Set<string>();
  for (const { route } of matches) {
    const manifest = route.id ? assets.routes[route.id] : undefined;
    if (!manifest) continue;
    js.add(manifest.module);
    for (const url of manifest.imports ?? []) js.add(url);
    for (const url of manifest.css ?? []) css.add(url);
    const links = routes[manifest.id]?.module.links?.() ?? [];
    for (const link of links) {
      if ("rel" in link && link.rel === "stylesheet" && typeof link.href === "string") {
        css.add(link.href);
      }
    }
  }
  return { js: [...js], css: [...css] };
}

function modulesOf(files: BuildFiles, jsFiles: string[]): string[] {
  return jsFiles.flatMap((url) => {
    const chunk = files.chunks[url];
    if (!chunk) {
      throw new Error(
        `${url} is not in build/${CHUNK_MODULES_FILE}: the build is stale or incomplete; run \`npm run build\`.`,
      );
    }
    return chunk.modules;
  });
}

/** The weight of one page's first load, and any forbidden code in it. */
export function weighPage(
  files: BuildFiles,
  { page, path: pathname }: { page: string; path: string },
): PageWeight {
  const { js, css } = firstLoadFiles(files, pathname);
  const modules = [...new Set(modulesOf(files, js))];
  const find = (kind: ForbiddenKind) => modules.filter((m) => FORBIDDEN_CODE[kind].test(m));
  return {
    page,
    public: !pathname.startsWith("/admin"),
    js: total(files, js),
    css: total(files, css),
    forbidden: { quill: find("quill"), dateLocale: find("dateLocale"), admin: find("admin") },
  };
}

/**
 * A page's weight from what a browser downloaded on a first visit (downloaded-scripts.ts): every
 * script until the network was idle, each at the gzip bytes the browser received (ADR 019), and
 * the forbidden-code checks on those files. CSS as in the build's first load.
 */
export function weighDownloaded(
  files: BuildFiles,
  target: { page: string; path: string },
  counted: DownloadedScripts,
): PageWeight {
  const fromBuild = weighPage(files, target);
  const urls = counted.files.map((file) => new URL(file.url, "http://x").pathname);
  const modules = [...new Set(modulesOf(files, urls))];
  const find = (kind: ForbiddenKind) => modules.filter((m) => FORBIDDEN_CODE[kind].test(m));
  const js = counted.files.map((file, i) => ({
    url: urls[i] ?? file.url,
    raw: fileBytes(files, urls[i] ?? file.url).raw,
    gzip: file.body,
  }));
  return {
    ...fromBuild,
    js: {
      raw: js.reduce((sum, f) => sum + f.raw, 0),
      gzip: js.reduce((sum, f) => sum + f.gzip, 0),
      files: js.sort((a, b) => b.gzip - a.gzip),
    },
    forbidden: { quill: find("quill"), dateLocale: find("dateLocale"), admin: find("admin") },
  };
}

/** The rich-text editor Manage Team loads on demand, outside its first load. */
export function quillOnDemand(files: BuildFiles): OnDemandChunk {
  const js = Object.entries(files.chunks)
    .filter(([, chunk]) => chunk.modules.some((m) => FORBIDDEN_CODE.quill.test(m)))
    .map(([url]) => url)
    // A chunk made only for a CSS import is dropped from the output; its CSS is counted below.
    .filter((url) => fs.existsSync(path.join(files.root, "build/client", url)));
  const css = fs
    .readdirSync(path.join(files.root, "build/client/assets"))
    .filter((name) => /^quill.*\.css$/.test(name))
    .map((name) => `/assets/${name}`);
  return {
    page: "/admin/team",
    what: "Quill (loaded on demand)",
    js: total(files, js),
    css: total(files, css),
  };
}

export interface BudgetCheck {
  name: string;
  pass: boolean;
  detail: string;
}

/** rules §11, the byte budgets: first-load JS per page, and no Quill, locale data or admin code. */
export function pageWeightBudgets(weights: PageWeight[]): BudgetCheck[] {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
  const heaviest = [...weights].sort((a, b) => b.js.gzip - a.js.gzip)[0];
  const over = weights.filter((w) => w.js.gzip > FIRST_LOAD_JS_BUDGET_GZIP);
  const checks: BudgetCheck[] = [
    {
      name: `JS downloaded to network idle <= ${kb(FIRST_LOAD_JS_BUDGET_GZIP)} gzip on every page`,
      pass: over.length === 0,
      detail: over.length
        ? over.map((w) => `${w.page} ${kb(w.js.gzip)}`).join(", ")
        : `heaviest ${heaviest?.page} ${kb(heaviest?.js.gzip ?? 0)}`,
    },
  ];
  const labels: Record<ForbiddenKind, string> = {
    quill: "No Quill on any page's first load",
    dateLocale: "No date-fns locale data on public pages",
    admin: "No admin code on public pages",
  };
  for (const kind of Object.keys(labels) as ForbiddenKind[]) {
    const found = weights.filter((w) => (w.public || kind === "quill") && w.forbidden[kind].length);
    // Pages sharing the same offending modules are listed together, the modules once.
    const groups = new Map<string, string[]>();
    for (const w of found) {
      const key = shortNames(w.forbidden[kind]).join(", ");
      groups.set(key, [...(groups.get(key) ?? []), w.page]);
    }
    checks.push({
      name: labels[kind],
      pass: found.length === 0,
      detail: found.length
        ? [...groups].map(([modules, pages]) => `${modules} on ${pages.join(" ")}`).join("; ")
        : "none found",
    });
  }
  return checks;
}

/** "node_modules/date-fns/locale/en-GB/_lib/match.js" → "date-fns/locale/en-GB"; app files as they are. */
function shortNames(modules: string[]): string[] {
  const names = modules.map((m) =>
    m.startsWith("node_modules/")
      ? m
          .replace(/^node_modules\//, "")
          .replace(/^(date-fns\/locale\/[^/.]+).*$/, "$1")
          .replace(/^(date-fns\/locale)\/_lib.*$/, "$1")
          .replace(/^((?:@[^/]+\/)?[^/]+)\/(?!locale).*$/, "$1")
      : m,
  );
  return [...new Set(names)];
}
