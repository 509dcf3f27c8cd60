import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import { setDatabase } from "../../app/db/database.server.ts";
import { openDatabase } from "../../app/db/open.server.ts";
import { news } from "../../app/db/schema.ts";
import { NEWS_PAGE_SIZE, pageCount } from "../../app/domain/news/rules.ts";
import { createApp } from "../../server/app.ts";
import { buildNews } from "../../tests/factories.ts";

// `npm run bench:news` (issue 5 "Done when"): the news pages and the home page with 10,000
// news items. A temporary data folder (embedded PostgreSQL), the production build in this
// process on loopback, a warm-up, then N requests per page one after another. Reports the
// server time (request in to response finished, measured inside the host) and the round trip,
// as median and p95. Options: --items 10000 --runs 200 --warmup 30.

const root = fileURLToPath(new URL("../..", import.meta.url));
const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const ITEMS = option("items", 10_000);
const RUNS = option("runs", 200);
const WARMUP = option("warmup", 30);

const serverBuild = path.join(root, "build/server/index.js");
if (!fs.existsSync(serverBuild)) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-bench-"));
const database = await openDatabase({ dataDir });
setDatabase(database);

try {
  const images = [
    "/images/demo/cup-celebration.svg",
    "/images/demo/training-session.svg",
    "/images/demo/new-kit.svg",
    null,
  ];
  const categories = ["Match report", "Club news", "Sponsors", null];
  const started = performance.now();
  const DAY = 24 * 3600 * 1000;
  for (let offset = 0; offset < ITEMS; offset += 500) {
    const batch = Array.from({ length: Math.min(500, ITEMS - offset) }, (_, i) => {
      const n = offset + i;
      return buildNews({
        title: `Benchmark story ${n}: the Storm's season goes on`,
        content: `Paragraph one of story ${n}. ${"Powerchair football news. ".repeat(30)}\n\nParagraph two.`,
        image: images[n % images.length] ?? null,
        category: categories[n % categories.length] ?? null,
        // Several a day over the years, a few sharing an instant, a few undated.
        date: n % 997 === 0 ? null : new Date(Date.now() - Math.floor(n / 3) * DAY * 0.4),
      });
    });
    await database.db.insert(news).values(batch);
  }
  console.log(
    `Loaded ${ITEMS} news items into ${dataDir} in ${Math.round(performance.now() - started)} ms.`,
  );

  const serverTimes: number[] = [];
  const outer = express();
  outer.use((_req, res, next) => {
    const start = performance.now();
    res.on("finish", () => serverTimes.push(performance.now() - start));
    next();
  });
  outer.use(
    createApp({
      database,
      logger: pino({ level: "silent" }),
      trustProxy: false,
      build: {
        server: (await import(serverBuild)) as ServerBuild,
        clientDir: path.join(root, "build/client"),
      },
    }),
  );
  const server = outer.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const pages = pageCount({ total: ITEMS, pageSize: NEWS_PAGE_SIZE });
  // A late page, and the middle one: the deepest any page is read (from either end).
  const latePage = pages - 1;
  const middlePage = Math.ceil(pages / 2);
  const firstId = (await fetchText(`${base}/news`)).match(/href="\/news\/([0-9a-f-]{36})"/)?.[1];
  const targets = [
    "/news",
    `/news?page=${latePage}`,
    `/news?page=${middlePage}`,
    "/",
    `/news/${firstId}`,
    "/news/rss.xml",
    "/sitemap.xml",
  ];

  const rows = [];
  for (const target of targets) {
    for (let i = 0; i < WARMUP; i++) await fetchText(base + target);
    serverTimes.length = 0;
    const roundTrips: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const body = await fetchText(base + target);
      roundTrips.push(performance.now() - start);
      if (i === 0 && body.length < 100) throw new Error(`${target}: unexpected answer`);
    }
    rows.push({
      page: target.replace(/[0-9a-f-]{36}/, "{id}"),
      "server median ms": round(quantile(serverTimes, 0.5)),
      "server p95 ms": round(quantile(serverTimes, 0.95)),
      "round trip median ms": round(quantile(roundTrips, 0.5)),
      "round trip p95 ms": round(quantile(roundTrips, 0.95)),
    });
  }
  console.log(
    `${ITEMS} news items, ${RUNS} requests per page after ${WARMUP} warm-up, ${database.kind}, Node ${process.version}:`,
  );
  console.table(rows);
  server.closeAllConnections();
  server.close();
} finally {
  setDatabase(undefined);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { headers: { "accept-encoding": "gzip" } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
