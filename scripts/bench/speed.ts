import zlib from "node:zlib";
import { NEWS_PAGE_SIZE, pageCount } from "../../app/domain/news/rules.ts";
import { type SavedAnswer, savedAnswer, startBareNode } from "./bare-node.ts";
import { BUDGET_PAGES } from "./budgets.ts";
import type { Samples } from "./data.ts";
import { medianRound, ratioOf } from "./judge.ts";
import { type LoadPoint, loadGenerator, pinServer, serverCpus } from "./load.ts";
import { findNginx, type SavedPage, startNginx } from "./nginx.ts";
import { base, log, options } from "./options.ts";
import type { Started } from "./processes.ts";
import type { BenchResult, ScalePoint, ScaleRound } from "./result.ts";
import { loadPoint, ourPoint, startServer } from "./server.ts";

// Server speed: each page on our server, on a bare node:http server sending the same bytes and
// headers as our fast path (the budget's reference), and on nginx serving the same HTML from
// files (a reference line); the generator's ceiling; the feeds; /news at scale.

type Speed = BenchResult["speed"];

/** The pages measured under load, with their addresses in this data set. */
function speedTargets(samples: Samples): { page: string; path: string }[] {
  return [
    { page: "/", path: "/" },
    { page: "/news", path: "/news" },
    { page: "/news/{id}", path: samples.news.path },
    { page: "/team", path: "/team" },
    { page: "/team/{slug}", path: `/team/${samples.playerSlug}` },
    { page: "/fixtures", path: "/fixtures" },
    { page: "/fixtures?tab=results", path: "/fixtures?tab=results" },
    { page: "/fixtures?tab=table", path: "/fixtures?tab=table" },
    { page: "/healthz", path: "/healthz" },
  ];
}

/** The pages, the generator's ceiling, and our server beside bare node:http and nginx. */
export async function speedAgainstReferences(
  samples: Samples,
): Promise<Pick<Speed, "pages" | "ceiling" | "nginxSkipped" | "bareSkipped">> {
  // The same pages' bytes, for nginx and for the report: the HTML itself.
  const saved: (SavedPage & { page: string; path: string })[] = [];
  for (const [index, target] of speedTargets(samples).entries()) {
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
  // What the fast path sends for each kept page, for the bare server: the same bytes and headers.
  // /healthz is measured on ours alone (its 0.1 KB elsewhere is the generator's ceiling again).
  const answers: SavedAnswer[] = [];
  for (const target of saved.filter((t) => t.page !== "/healthz")) {
    answers.push(await savedAnswer(base(), target.path));
  }
  log(
    `Saved the ${saved.length} pages' HTML for nginx and ${answers.length} answers for node:http.`,
  );

  const bare = await startBareNode({ port: options.barePort, answers, cpus: serverCpus() });
  const nginxFound = options.noNginx
    ? { skipped: "--no-nginx: the nginx column is left out." }
    : findNginx(log);
  let nginx: Started | undefined;
  const ceiling: LoadPoint[] = [];
  if ("path" in nginxFound) {
    // The generator's ceiling: a file of about 100 bytes costs nginx next to nothing, so what
    // wrk reaches there is what wrk itself can do on this machine.
    const tiny: SavedPage = {
      key: "ceiling",
      body: Buffer.from(
        `${"The load generator's ceiling: nginx serving about 100 bytes. ".repeat(2).slice(0, 99)}\n`,
      ),
      contentType: "text/plain; charset=utf-8",
    };
    nginx = await startNginx({
      nginxPath: nginxFound.path,
      port: options.nginxPort,
      pages: [...saved, tiny],
      cpus: serverCpus(),
    });
    log(`The generator's ceiling: nginx serving ${tiny.body.length} bytes (${loadGenerator()})…`);
    for (const connections of options.connections) {
      ceiling.push(await loadPoint(`${base(options.nginxPort)}/ceiling`, connections));
    }
  } else {
    log(nginxFound.skipped);
  }

  const pages: Speed["pages"] = [];
  try {
    for (const target of saved) {
      pages.push(await pageUnderLoad({ target, nginx: Boolean(nginx) }));
    }
  } finally {
    await nginx?.stop();
    await bare.stop();
  }
  return {
    pages,
    ceiling,
    nginxSkipped: "skipped" in nginxFound ? nginxFound.skipped : undefined,
  };
}

/** One point of each server, taken back to back. */
interface Round {
  ours: LoadPoint;
  bare?: LoadPoint;
  nginx?: LoadPoint;
}

/** One page at each concurrency: ours, then bare node:http, then nginx, back to back. */
async function pageUnderLoad({
  target,
  nginx,
}: {
  target: SavedPage & { page: string; path: string };
  nginx: boolean;
}): Promise<Speed["pages"][number]> {
  const references = target.page !== "/healthz";
  const withNginx = references && nginx;
  log(
    `Load on ${target.page}${references ? ` (ours, node:http${withNginx ? ", nginx" : ""})` : ""}…`,
  );
  const ourUrl = base() + target.path;
  const bareUrl = base(options.barePort) + target.path;
  const nginxUrl = `${base(options.nginxPort)}/${target.key}`;
  const ours: LoadPoint[] = [];
  const bare: LoadPoint[] = [];
  const floor: LoadPoint[] = [];
  let rounds: Round[] = [];
  for (const connections of options.connections) {
    const first: Round = {
      ours: await ourPoint(ourUrl, connections, ours[0]),
      bare: references ? await loadPoint(bareUrl, connections) : undefined,
      nginx: withNginx ? await loadPoint(nginxUrl, connections) : undefined,
    };
    let chosen = first;
    // The judged point is the median of ratioRounds rounds taken back to back (README.md,
    // Speed); every server is warm after the first, so the later rounds skip the warm-up.
    if (
      connections === 50 &&
      first.bare &&
      !first.ours.skipped &&
      BUDGET_PAGES.includes(target.page)
    ) {
      rounds = [first];
      while (rounds.length < options.ratioRounds) {
        rounds.push({
          ours: await loadPoint(ourUrl, connections, 0),
          bare: await loadPoint(bareUrl, connections, 0),
          nginx: withNginx ? await loadPoint(nginxUrl, connections, 0) : undefined,
        });
      }
      const judged = medianRound(
        rounds.map((round) => ({ ...round, reference: round.bare as LoadPoint })),
      );
      chosen = judged;
    }
    ours.push(chosen.ours);
    if (chosen.bare) bare.push(chosen.bare);
    if (chosen.nginx) floor.push(chosen.nginx);
  }
  const ratios = (reference: "bare" | "nginx") =>
    rounds.every((round) => round[reference])
      ? rounds.map(
          (round) =>
            Math.round(
              ratioOf({ ours: round.ours, reference: round[reference] as LoadPoint }) * 1000,
            ) / 1000,
        )
      : undefined;
  return {
    page: target.page,
    path: target.path,
    htmlBytes: target.body.length,
    htmlGzipBytes: zlib.gzipSync(target.body).length,
    ours,
    bare: references ? bare : null,
    nginx: withNginx ? floor : null,
    ...(rounds.length > 1 ? { bareRatioRounds: ratios("bare"), ratioRounds: ratios("nginx") } : {}),
  };
}

/** The deepest pages the old news bench read, and the feeds: one point each. */
export async function otherPages(samples: Samples): Promise<Speed["others"]> {
  const lastPage = pageCount({ total: samples.newsCount, pageSize: NEWS_PAGE_SIZE });
  const others: Speed["others"] = [];
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
  return others;
}

/**
 * The scale budget's runs: /news on the large set (the server under test) against /news on a
 * few items (a second server on a copy of the small set, fewPort, pinned to the same core),
 * in ratioRounds rounds at each concurrency, each round one run of each back to back. Like
 * the ratios to the reference servers, pairs taken back to back share the machine's slow
 * moments, where runs a minute apart did not (README.md, Speed).
 */
export async function newsAtScale(fewDir: string, smallNews: number): Promise<ScalePoint[]> {
  log(
    `/news with ${smallNews} news items beside the large set, ${options.connections.join("/")} connections…`,
  );
  const few = await startServer({ dataDir: fewDir }, options.fewPort);
  const unpin = pinServer(few.child.pid);
  try {
    const points: ScalePoint[] = [];
    for (const connections of options.connections) {
      const rounds: ScaleRound[] = [];
      while (rounds.length < options.ratioRounds) {
        // The first round warms both servers up at this concurrency.
        const warmup = rounds.length === 0 ? options.warmup : 0;
        rounds.push({
          many: await loadPoint(`${base()}/news`, connections, warmup),
          few: await loadPoint(`${base(options.fewPort)}/news`, connections, warmup),
        });
      }
      points.push({ connections, rounds });
    }
    return points;
  } finally {
    unpin();
    await few.stop();
  }
}
