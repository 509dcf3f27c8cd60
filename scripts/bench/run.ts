import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { NEWS_PAGE_SIZE, pageCount } from "../../app/domain/news/rules.ts";
import { createSmallSet, growToLargeSet, LARGE_SET, readSamples, SMALL_NEWS } from "./data.ts";
import { LIGHTHOUSE_CATEGORIES, type LighthouseResult, runLighthouse } from "./lighthouse.ts";
import { type LoadPoint, measure, median, stopLoad } from "./load.ts";
import { findNginx, type SavedPage, startNginx } from "./nginx.ts";
import {
  type BudgetCheck,
  loadBuild,
  pageWeightBudgets,
  quillOnDemand,
  WEIGHED_PAGES,
  weighPage,
} from "./page-weight.ts";
import {
  handleSignals,
  removeFolderOnCleanup,
  runCleanups,
  runToEnd,
  type Started,
  start,
  stopAll,
} from "./processes.ts";
import { type BenchResult, formatTerminal, writeReports } from "./report.ts";

// `npm run bench` (issue 8 §1): builds the production server, fills a temporary data folder
// with the demo content (topped up to 10 news items), measures /news there, grows it to the
// large set (10,000 news items, 2,000 fixtures, 200 people, 40 table rows), then measures
// page weight, server speed beside nginx serving the same HTML, the first render after an
// admin write, and Lighthouse; prints the report and writes bench/results/. Every process it
// starts is stopped at the end, on an error and on Ctrl-C.
//
// Options: --port 3400 (server; nginx +1, Chromium +2), --seconds 2 and --warmup 1 per load
// point, --writes 15, --skip-build, --no-lighthouse, --no-nginx.

const root = fileURLToPath(new URL("../..", import.meta.url));
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const index = argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(argv[index + 1]) : fallback;
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number`);
  return value;
};
const PORT = option("port", 3400);
const NGINX_PORT = PORT + 1;
const DEVTOOLS_PORT = PORT + 2;
const SECONDS = option("seconds", 2);
const WARMUP = option("warmup", 1);
const WRITES = option("writes", 15);
const CONNECTIONS = [1, 10, 50];
/** Run-to-run spread of one load point on this shared 2-core machine, measured: about ±10%. */
const NEWS_NOISE = 0.15;
/** The most queued work a load point may leave behind (see ourPoint). */
const MAX_BACKLOG_MS = 8_000;
const CHROME = process.env.CHROME_PATH || "/usr/bin/chromium";
const ADMIN = { email: "bench-admin@example.com", password: randomBytes(18).toString("base64url") };

const startedAt = new Date();
const clock = performance.now();
const elapsed = () => `${((performance.now() - clock) / 1000).toFixed(0).padStart(3)} s`;
const log = (line: string) => console.log(`[${elapsed()}] ${line}`);

handleSignals();
process.on("SIGINT", stopLoad);
process.on("SIGTERM", stopLoad);

try {
  await main();
} catch (error) {
  console.error(`\nThe bench failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  runCleanups();
}

async function main() {
  if (flag("skip-build")) {
    log("Using the existing production build (--skip-build).");
  } else {
    log("Building the production server (npm run build)…");
    await runToEnd({
      name: "npm run build",
      command: "npm",
      args: ["run", "build"],
      options: { cwd: root },
    });
  }

  log("Page weight from the build manifest…");
  const files = await loadBuild(root);
  const weights = WEIGHED_PAGES.map((target) => weighPage(files, target));
  const onDemand = [quillOnDemand(files)];

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-bench-data-"));
  removeFolderOnCleanup(dataDir);
  log(`Data folder ${dataDir}: demo content, news topped up to ${SMALL_NEWS}…`);
  const generated = await createSmallSet(dataDir);

  let server = await startServer(dataDir);
  log(`/news with ${SMALL_NEWS} news items, ${CONNECTIONS.join("/")} connections…`);
  const newsSmall = await loadPoints(`${base()}/news`);
  await server.stop();

  log(
    `Adding ${LARGE_SET.news.toLocaleString("en-GB")} news items, ${LARGE_SET.fixtures.toLocaleString("en-GB")} fixtures, ${LARGE_SET.people} people, ${LARGE_SET.tableRows} table rows…`,
  );
  const grown = await growToLargeSet({ dataDir, generatedSoFar: generated });
  const samples = await readSamples(dataDir);
  log(`  inserted in ${(grown.ms / 1000).toFixed(1)} s; ${samples.newsCount} news items in all.`);

  server = await startServer(dataDir);
  const targets = [
    { page: "/", path: "/" },
    { page: "/news", path: "/news" },
    { page: "/news/{id}", path: `/news/${samples.news.id}` },
    { page: "/team", path: "/team" },
    { page: "/team/{slug}", path: `/team/${samples.playerSlug}` },
    { page: "/fixtures", path: "/fixtures" },
    { page: "/fixtures?tab=results", path: "/fixtures?tab=results" },
    { page: "/fixtures?tab=table", path: "/fixtures?tab=table" },
    { page: "/healthz", path: "/healthz" },
  ];

  // The same pages' bytes, for nginx and for the report.
  const saved: (SavedPage & { page: string; path: string })[] = [];
  for (const [index, target] of targets.entries()) {
    const response = await fetch(base() + target.path, {
      headers: { "accept-encoding": "identity" },
    });
    if (!response.ok) throw new Error(`${target.path}: HTTP ${response.status}`);
    saved.push({
      ...target,
      key: `page-${index}`,
      body: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get("content-type") ?? "text/html; charset=utf-8",
    });
  }

  log(`Saved the ${saved.length} pages' HTML for nginx.`);
  const nginxFound = flag("no-nginx")
    ? { skipped: "--no-nginx: the nginx column is left out." }
    : findNginx(log);
  let nginx: Started | undefined;
  if ("path" in nginxFound) {
    nginx = await startNginx({ nginxPath: nginxFound.path, port: NGINX_PORT, pages: saved });
  } else {
    log(nginxFound.skipped);
  }

  const speed: BenchResult["speed"]["pages"] = [];
  for (const target of saved) {
    log(`Load on ${target.page}${nginx ? " (ours, then nginx)" : ""}…`);
    const ours: LoadPoint[] = [];
    const floor: LoadPoint[] = [];
    for (const connections of CONNECTIONS) {
      ours.push(await ourPoint(base() + target.path, connections, ours[0]));
      if (nginx)
        floor.push(await loadPoint(`http://127.0.0.1:${NGINX_PORT}/${target.key}`, connections));
    }
    speed.push({
      page: target.page,
      path: target.path,
      htmlBytes: target.body.length,
      htmlGzipBytes: zlib.gzipSync(target.body).length,
      ours,
      nginx: nginx ? floor : null,
    });
  }
  await nginx?.stop();

  // The deepest pages the old news bench read, and the feeds: one point each.
  const lastPage = pageCount({ total: samples.newsCount, pageSize: NEWS_PAGE_SIZE });
  const others: BenchResult["speed"]["others"] = [];
  for (const target of [`/news?page=${lastPage}`, "/news/rss.xml", "/sitemap.xml"]) {
    const started = performance.now();
    const response = await fetch(base() + target);
    await response.arrayBuffer();
    const alone = performance.now() - started;
    if (!response.ok) {
      log(`${target}: HTTP ${response.status}, not measured.`);
      continue;
    }
    const single = {
      connections: 1,
      requestsPerSecond: 0,
      p50Ms: alone,
      p99Ms: alone,
      requests: 1,
      failures: 0,
    };
    others.push({ path: target, point: await ourPoint(base() + target, 10, single) });
  }

  log(`First anonymous render after an admin write, ${WRITES} times each for / and /news…`);
  const afterWrite = await timeAfterWrites(samples.news);

  let lighthouse: LighthouseResult[] | null = null;
  let lighthouseSkipped: string | undefined;
  if (flag("no-lighthouse")) {
    lighthouseSkipped = "--no-lighthouse";
  } else if (!fs.existsSync(CHROME)) {
    lighthouseSkipped = `no Chromium at ${CHROME} (install chromium or set CHROME_PATH)`;
  } else {
    log("Lighthouse (mobile defaults)…");
    lighthouse = await runLighthouse({
      pages: [
        { page: "/", path: "/" },
        { page: "/news", path: "/news" },
        { page: "/news/{id}", path: `/news/${samples.news.id}` },
        { page: "/team", path: "/team" },
        { page: "/team/{slug}", path: `/team/${samples.playerSlug}` },
        { page: "/fixtures", path: "/fixtures" },
        { page: "/contact", path: "/contact" },
      ],
      base: base(),
      debuggingPort: DEVTOOLS_PORT,
      chromePath: CHROME,
      log,
    });
  }
  if (lighthouseSkipped) log(`Lighthouse skipped: ${lighthouseSkipped}.`);
  await server.stop();

  const load = os.loadavg()[0] ?? 0;
  const busy =
    load > os.cpus().length
      ? `the machine was busy (load average ${load.toFixed(1)} on ${os.cpus().length} CPUs at the end): times are unreliable, bytes are not`
      : undefined;
  const result: BenchResult = {
    startedAt: startedAt.toISOString(),
    wallSeconds: Math.round((performance.now() - clock) / 1000),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
      ...(busy ? { warning: busy } : {}),
    },
    settings: { seconds: SECONDS, warmupSeconds: WARMUP, connections: CONNECTIONS, writes: WRITES },
    data: {
      news: samples.newsCount,
      generated: LARGE_SET,
      smallNews: SMALL_NEWS,
      insertSeconds: Math.round(grown.ms / 100) / 10,
    },
    pageWeight: { pages: weights, onDemand },
    speed: {
      pages: speed,
      newsSmall,
      others,
      nginxSkipped: "skipped" in nginxFound ? nginxFound.skipped : undefined,
    },
    afterWrite,
    lighthouse,
    lighthouseSkipped,
    budgets: [],
  };
  result.budgets = budgets(result);
  const written = writeReports({ root, result });
  console.log(`\n${formatTerminal(result)}`);
  console.log(`\nReports: ${written.map((file) => path.relative(root, file)).join(", ")}`);
  log("Done.");

  function base() {
    return `http://127.0.0.1:${PORT}`;
  }
}

async function loadPoint(url: string, connections: number): Promise<LoadPoint> {
  const ours = url.startsWith(`http://127.0.0.1:${PORT}/`);
  const point = await measure({
    url,
    connections,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    settle: ours ? waitUntilIdle : undefined,
  });
  if (!ours) return point;
  // Requests still queued in our server when the run ends would slow the next point (and
  // nginx's): wait until it answers /healthz promptly again, and report how long that took.
  return { ...point, drainSeconds: round((await waitUntilIdle()) / 1000) };
}

async function waitUntilIdle(): Promise<number> {
  const started = performance.now();
  let prompt = 0;
  while (performance.now() - started < 180_000 && prompt < 2) {
    const asked = performance.now();
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/healthz`, {
        signal: AbortSignal.timeout(60_000),
      });
      await response.arrayBuffer();
    } catch {
      // Timed out: still busy.
    }
    prompt = performance.now() - asked < 50 ? prompt + 1 : 0;
    if (prompt < 2) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return performance.now() - started;
}

async function loadPoints(url: string): Promise<LoadPoint[]> {
  const points: LoadPoint[] = [];
  for (const connections of CONNECTIONS) points.push(await ourPoint(url, connections, points[0]));
  return points;
}

/**
 * A point on our server, unless the page is so slow that this many connections would leave
 * more than MAX_BACKLOG_MS of queued renders when the run stops (the bench must finish in
 * 10 minutes); such a point is reported as skipped, with the reason, and fails its budget.
 */
async function ourPoint(url: string, connections: number, single?: LoadPoint): Promise<LoadPoint> {
  if (single && connections > 1) {
    const serviceMs = Number.isFinite(single.p50Ms) ? single.p50Ms : Number.POSITIVE_INFINITY;
    if (connections * serviceMs > MAX_BACKLOG_MS) {
      return {
        connections,
        requestsPerSecond: Number.NaN,
        p50Ms: Number.NaN,
        p99Ms: Number.NaN,
        requests: 0,
        failures: 0,
        skipped: `one request alone takes ${Number.isFinite(serviceMs) ? `${Math.round(serviceMs)} ms` : "over the run"}: ${connections} connections would queue about ${Number.isFinite(serviceMs) ? Math.round((connections * serviceMs) / 1000) : "∞"} s of work`,
      };
    }
  }
  return loadPoint(url, connections);
}

async function startServer(dataDir: string): Promise<Started> {
  const started = performance.now();
  const server = start({
    name: "server",
    command: process.execPath,
    args: [path.join(root, "server/index.ts")],
    options: {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        SEED_DEMO: "0",
        // Like nginx's access_log off: the figures are the server's, not the log's.
        LOG_LEVEL: "warn",
        ANALYTICS_ID: "",
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
    },
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break;
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/healthz`);
      if (response.ok) {
        log(
          `Server ready on port ${PORT} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
        );
        return server;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`The server did not start on port ${PORT}:\n${server.output()}`);
}

/** Signs in, then repeatedly updates a news item and times the next anonymous GET. */
async function timeAfterWrites(item: {
  id: string;
  title: string;
  content: string;
  image: string | null;
  category: string | null;
}): Promise<BenchResult["afterWrite"]> {
  const origin = `http://127.0.0.1:${PORT}`;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const login = await fetch(`${origin}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: form({ email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin" }),
  });
  const cookie = login.headers.get("set-cookie")?.split(";")[0];
  if (login.status !== 302 || !cookie)
    throw new Error(`Admin sign-in failed: HTTP ${login.status}`);

  const pages = ["/", "/news"];
  const samples = Object.fromEntries(
    pages.map((p) => [p, { first: [] as number[], next: [] as number[] }]),
  );
  for (let i = 0; i < WRITES; i++) {
    for (const page of pages) {
      const write = await fetch(`${origin}/admin/news`, {
        method: "POST",
        redirect: "manual",
        headers: { origin, cookie, "content-type": "application/x-www-form-urlencoded" },
        body: form({
          intent: "save",
          id: item.id,
          title: `${item.title} (edit ${i}${page === "/" ? "a" : "b"})`,
          content: item.content,
          image: item.image ?? "",
          category: item.category ?? "",
        }),
      });
      await write.arrayBuffer();
      if (write.status !== 302)
        throw new Error(`Updating the news item failed: HTTP ${write.status}`);
      const time = async () => {
        const started = performance.now();
        const response = await fetch(origin + page, { headers: { "accept-encoding": "gzip" } });
        const body = await response.text();
        if (!response.ok || !body.includes(`(edit ${i}`)) {
          throw new Error(`${page} after the write: HTTP ${response.status}, change not shown`);
        }
        return performance.now() - started;
      };
      samples[page]?.first.push(await time());
      samples[page]?.next.push(await time());
    }
  }
  return pages.map((page) => ({
    page,
    firstMedianMs: round(median(samples[page]?.first ?? [])),
    nextMedianMs: round(median(samples[page]?.next ?? [])),
    samples: WRITES,
  }));
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

/** Issue 8 §3, each budget as one PASS/FAIL line. */
function budgets(result: BenchResult): BudgetCheck[] {
  const checks = pageWeightBudgets(result.pageWeight.pages);

  if (result.lighthouse) {
    const below = result.lighthouse.filter(
      (r) => LIGHTHOUSE_CATEGORIES.some((c) => r.scores[c] !== 100) || r.cls !== 0,
    );
    checks.push({
      name: "Lighthouse 100 in all four categories and CLS 0 on every page (mobile)",
      pass: below.length === 0,
      detail: below.length
        ? below
            .map(
              (r) =>
                `${r.page} ${LIGHTHOUSE_CATEGORIES.map((c) => r.scores[c] ?? "-").join("/")} CLS ${r.cls === null ? "-" : r.cls.toFixed(3)}`,
            )
            .join(", ")
        : `${result.lighthouse.length} pages at 100/100/100/100, CLS 0`,
    });
  } else {
    checks.push({
      name: "Lighthouse 100 in all four categories and CLS 0 on every page (mobile)",
      pass: false,
      detail: `not measured: ${result.lighthouseSkipped}`,
    });
  }

  const publicPages = result.speed.pages.filter((p) => p.page !== "/healthz");
  const at50 = (points: LoadPoint[] | null) => points?.find((p) => p.connections === 50);
  const ratioFails: string[] = [];
  const p99Fails: string[] = [];
  for (const page of publicPages) {
    const ours = at50(page.ours);
    const floor = at50(page.nginx);
    if (ours && floor && !(ours.requestsPerSecond >= 0.25 * floor.requestsPerSecond)) {
      ratioFails.push(
        ours.skipped
          ? `${page.page} not measured (too slow) vs ${Math.round(floor.requestsPerSecond)} req/s`
          : `${page.page} ${Math.round(ours.requestsPerSecond)} vs ${Math.round(floor.requestsPerSecond)} req/s (${(ours.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}x)`,
      );
    }
    if (ours && !(ours.p99Ms < 20)) {
      p99Fails.push(
        `${page.page} ${ours.skipped ? "not measured (too slow)" : Number.isFinite(ours.p99Ms) ? `${ours.p99Ms.toFixed(1)} ms` : "no answer within the run"}`,
      );
    }
  }
  checks.push({
    name: "Public pages at 50 connections: at least 0.25 x nginx's requests/s",
    pass: Boolean(publicPages[0]?.nginx) && ratioFails.length === 0,
    detail: !publicPages[0]?.nginx
      ? `not measured: ${result.speed.nginxSkipped}`
      : ratioFails.length
        ? ratioFails.join(", ")
        : "every public page",
  });
  checks.push({
    name: "Public pages at 50 connections: p99 under 20 ms",
    pass: p99Fails.length === 0,
    detail: p99Fails.length ? p99Fails.join(", ") : "every public page",
  });

  const large = result.speed.pages.find((p) => p.page === "/news")?.ours ?? [];
  const noise = NEWS_NOISE;
  const slower = result.speed.newsSmall.flatMap((small) => {
    const big = large.find((p) => p.connections === small.connections);
    if (!big || big.requestsPerSecond >= (1 - noise) * small.requestsPerSecond) return [];
    return [
      `${small.connections} conn: ${Math.round(big.requestsPerSecond)} vs ${Math.round(small.requestsPerSecond)} req/s`,
    ];
  });
  checks.push({
    name: `/news with ${result.data.news.toLocaleString("en-GB")} items within ${noise * 100}% of /news with ${result.data.smallNews} (req/s, every concurrency)`,
    pass: slower.length === 0 && large.length > 0,
    detail: slower.length
      ? slower.join(", ")
      : result.speed.newsSmall
          .map((small) => {
            const big = large.find((p) => p.connections === small.connections);
            return `${small.connections} conn: ${Math.round(big?.requestsPerSecond ?? 0)} vs ${Math.round(small.requestsPerSecond)}`;
          })
          .join(", "),
  });
  return checks;
}
