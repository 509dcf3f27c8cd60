import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findPostgresBin } from "../../tests/postgres.ts";
import { budgets } from "./budgets.ts";
import {
  createSmallSet,
  type DataTarget,
  FILL_PAGES,
  growToLargeSet,
  LARGE_SET,
  readSamples,
  type Samples,
  SMALL_NEWS,
} from "./data.ts";
import { countDownloadedScripts, withRealItems } from "./downloaded-scripts.ts";
import { measureFollowers } from "./follower.ts";
import { writeReports } from "./html.ts";
import { imageBytes } from "./images.ts";
import { type LighthouseResult, runLighthouse } from "./lighthouse.ts";
import { loadGenerator, pinServer, prepareLoad, serverCpus, stopLoad } from "./load.ts";
import { measureMail } from "./mail.ts";
import {
  fillPageCache,
  firstStartMemoryRow,
  memoryLoad,
  memoryOnPostgres,
  timeAfterWrites,
  uncachedMemoryRow,
} from "./measures.ts";
import { measureAfterLoad, measureAfterStart, memoryBudgets } from "./memory.ts";
import { base, elapsedSeconds, leftOut, log, options, root, runs } from "./options.ts";
import {
  loadBuild,
  quillOnDemand,
  WEIGHED_PAGES,
  weighDownloaded,
  weighPage,
} from "./page-weight.ts";
import {
  handleSignals,
  removeFolderOnCleanup,
  runCleanups,
  runToEnd,
  stopAll,
} from "./processes.ts";
import type { BenchResult, MemoryRow } from "./result.ts";
import { copyDataFolder, memoryRow, startServer, stopServer } from "./server.ts";
import { slowCpuLine } from "./slow-cpu.ts";
import { slowCpuBudgets } from "./slow-cpu-budget.ts";
import { newsAtScale, otherPages, speedAgainstReferences } from "./speed.ts";
import { formatTerminal } from "./terminal.ts";

// `npm run bench`, the bench's one entry (README.md beside this file says what it measures,
// its options and its budgets). `npm run bench -- invalidation` runs the change-notice timing
// instead (invalidation.ts).

const startedAt = new Date();
const loadAtStart = os.loadavg().map((n) => Math.round(n * 100) / 100);

if (process.argv[2] === "invalidation") {
  await import("./invalidation.ts");
} else {
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
}

async function main() {
  if (options.skipBuild) {
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
  if (runs("speed") || runs("memory") || runs("slow-cpu") || runs("follower"))
    prepareLoad({ log, threads: options.threads });

  log("Page weight from the build manifest…");
  const files = await loadBuild(root);
  let weights = WEIGHED_PAGES.map((target) => weighPage(files, target));
  if (runs("weight")) weights = await downloadedWeights(files);
  const onDemand = [quillOnDemand(files)];

  const measured =
    runs("speed") || runs("memory") || runs("lighthouse") || runs("slow-cpu")
      ? await onThePglite()
      : undefined;
  const lighthouseSkipped =
    measured?.lighthouseSkipped ?? (runs("lighthouse") ? undefined : leftOut());
  const memory = measured?.memory ?? [];
  const images = runs("images") ? await imageBytes() : null;
  // The supporters' e-mail at scale (ADR 032): its own server, data and SMTP server.
  const mail = runs("mail") ? await measureMail() : null;
  // Followers of a live match (ADR 036): its own server and data.
  const follower = runs("follower") ? await measureFollowers() : null;
  const postgresSkipped = await postgresRows(memory);

  const load = os.loadavg()[0] ?? 0;
  const busy =
    load > os.cpus().length
      ? `the machine was busy (load average ${load.toFixed(1)} on ${os.cpus().length} CPUs at the end): times are unreliable, bytes are not`
      : undefined;
  const result: BenchResult = {
    startedAt: startedAt.toISOString(),
    wallSeconds: elapsedSeconds(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      loadAverageAtStart: loadAtStart,
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
      ...(busy ? { warning: busy } : {}),
    },
    settings: {
      seconds: options.seconds,
      warmupSeconds: options.warmup,
      connections: options.connections,
      writes: options.writes,
      generator: loadGenerator(),
      pinned: serverCpus() !== undefined,
      only: options.only,
    },
    data: {
      news: measured?.samples?.newsCount ?? 0,
      generated: LARGE_SET,
      smallNews: SMALL_NEWS,
      insertSeconds: Math.round((measured?.insertMs ?? 0) / 100) / 10,
    },
    pageWeight: { pages: weights, onDemand },
    speed: measured?.speed ?? { ceiling: [], pages: [], scale: [], others: [] },
    afterWrite: measured?.afterWrite ?? [],
    lighthouse: measured?.lighthouse ?? null,
    lighthouseSkipped,
    images,
    mail,
    follower,
    memory,
    postgresSkipped,
    slowCpu: measured?.slowCpu ?? null,
    budgets: [],
  };
  result.budgets = budgets(result, FILL_PAGES);
  if (runs("slow-cpu")) result.budgets.push(...slowCpuBudgets(result.slowCpu));
  // ADR 029's bounds on resident memory.
  if (runs("memory")) result.budgets.push(...memoryBudgets(result.memory));
  const written = writeReports({ root, result });
  console.log(`\n${formatTerminal(result)}`);
  if (mail) console.log(mail.line);
  if (follower) console.log(follower.line);
  console.log(`\nReports: ${written.map((file) => path.relative(root, file)).join(", ")}`);
  log("Done.");
}

/**
 * The weight line (rules §11, ADR 019): the JavaScript a first visit downloads to network idle,
 * counted in Chromium against the demo content. Without Chromium, the build's first-load list.
 */
async function downloadedWeights(files: Awaited<ReturnType<typeof loadBuild>>) {
  if (!fs.existsSync(options.chrome)) {
    log(`Downloaded JavaScript not counted (no Chromium at ${options.chrome}): first-load list.`);
    return WEIGHED_PAGES.map((target) => weighPage(files, target));
  }
  log("JavaScript a first visit downloads, to network idle (Chromium, demo content)…");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-bench-weight-"));
  removeFolderOnCleanup(dataDir);
  const target: DataTarget = { dataDir };
  await createSmallSet(target);
  const server = await startServer(target);
  try {
    const pages = await withRealItems(base(), WEIGHED_PAGES);
    const counted = await countDownloadedScripts({
      base: base(),
      pages,
      chromePath: options.chrome,
    });
    return counted.map((page) => weighDownloaded(files, page, page));
  } finally {
    await server.stop();
  }
}

/**
 * The parts on PGlite: demo content (memory), then the large set (speed, the first render after
 * a write, Lighthouse, memory with the page cache full).
 */
async function onThePglite() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-bench-data-"));
  removeFolderOnCleanup(dataDir);
  const pglite: DataTarget = { dataDir };
  const memory: MemoryRow[] = [];
  let speed: BenchResult["speed"] = { ceiling: [], pages: [], scale: [], others: [] };
  let afterWrite: BenchResult["afterWrite"] = [];
  let lighthouse: LighthouseResult[] | null = null;
  let lighthouseSkipped: string | undefined;

  if (runs("memory")) memory.push(await firstStartMemoryRow());
  log(`Data folder ${dataDir}: demo content, news topped up to ${SMALL_NEWS}…`);
  const generated = await createSmallSet(pglite);
  const small = await readSamples(pglite);
  let server = await startServer(pglite);
  const smallRow = memoryRow({ database: "PGlite", data: "demo", server });
  await measureAfterStart(smallRow, server);
  // --only lighthouse: no load generator (prepareLoad), so no memory load either.
  if (options.only !== "lighthouse") await memoryLoad(small);
  await measureAfterLoad(smallRow, server);
  await stopServer(server, smallRow);
  memory.push(smallRow);
  if (runs("memory")) memory.push(await uncachedMemoryRow(pglite, small));
  // A copy of the small set, for the server the scale budget compares the large set with.
  const fewDir = runs("speed") ? copyDataFolder(dataDir) : undefined;

  log(
    `Adding ${LARGE_SET.news.toLocaleString("en-GB")} news items, ${LARGE_SET.fixtures.toLocaleString("en-GB")} fixtures, ${LARGE_SET.people} people, ${LARGE_SET.tableRows} table rows…`,
  );
  const grown = await growToLargeSet({ target: pglite, generatedSoFar: generated });
  const samples: Samples = await readSamples(pglite);
  log(`  inserted in ${(grown.ms / 1000).toFixed(1)} s; ${samples.newsCount} news items in all.`);

  server = await startServer(pglite);
  const largeRow = memoryRow({ database: "PGlite", data: "large", server });
  await measureAfterStart(largeRow, server);
  if (runs("speed")) {
    const unpin = pinServer(server.child.pid);
    speed = { ...(await speedAgainstReferences(samples)), scale: [], others: [] };
    speed.others = await otherPages(samples);
    if (fewDir) speed.scale = await newsAtScale(fewDir, SMALL_NEWS);
    unpin();
    log(
      `First anonymous render after an admin write, ${options.writes} times each for / and /news…`,
    );
    afterWrite = await timeAfterWrites(samples.news);
  } else if (options.only !== "lighthouse") {
    await memoryLoad(samples);
  }
  if (!runs("lighthouse")) {
    lighthouseSkipped = leftOut();
  } else if (!fs.existsSync(options.chrome)) {
    lighthouseSkipped = `no Chromium at ${options.chrome} (install chromium or set CHROME_PATH)`;
  } else {
    log("Lighthouse (mobile defaults)…");
    lighthouse = await runLighthouse({
      pages: [
        { page: "/", path: "/" },
        { page: "/news", path: "/news" },
        { page: "/news/{id}", path: samples.news.path },
        { page: "/team", path: "/team" },
        { page: "/team/{slug}", path: `/team/${samples.playerSlug}` },
        { page: "/fixtures", path: "/fixtures" },
        { page: "/contact", path: "/contact" },
      ],
      base: base(),
      debuggingPort: options.devtoolsPort,
      chromePath: options.chrome,
      log,
      runs: options.lighthouseRuns,
    });
  }
  if (lighthouseSkipped) log(`Lighthouse skipped: ${lighthouseSkipped}.`);
  await measureAfterLoad(largeRow, server);
  if (runs("memory")) largeRow.cacheFull = await fillPageCache(samples, server);
  await stopServer(server, largeRow);
  memory.push(largeRow);
  // ADR 030: the same data folder, with the server held to part of a core.
  const slowCpu = runs("slow-cpu") ? await slowCpuLine({ dataDir, samples }) : null;
  return {
    memory,
    speed,
    afterWrite,
    lighthouse,
    lighthouseSkipped,
    samples,
    insertMs: grown.ms,
    slowCpu,
  };
}

/** The PostgreSQL memory rows, when its binaries are installed; else why they are left out. */
async function postgresRows(memory: MemoryRow[]): Promise<string | undefined> {
  let skipped: string | undefined;
  if (!runs("memory")) {
    skipped = options.only ? `--only ${options.only}` : undefined;
  } else if (options.noPostgres) {
    skipped = "--no-postgres";
  } else {
    const bin = findPostgresBin();
    if (bin) memory.push(...(await memoryOnPostgres(bin)));
    else {
      skipped =
        "PostgreSQL's binaries are not installed (apt-get install postgresql): PostgreSQL rows left out";
    }
  }
  if (skipped) log(`PostgreSQL memory rows skipped: ${skipped}.`);
  return skipped;
}
