import { kb, mb, ms, rps, table } from "./format.ts";
import {
  ceilingAt,
  GENERATOR_BOUND_SHARE,
  GENERATOR_BUSY_SHARE,
  isGeneratorBound,
  medianScaleRound,
  scaleRatioOf,
} from "./judge.ts";
import type { LighthouseResult } from "./lighthouse.ts";
import type { BenchResult } from "./result.ts";

// The bench's report for the terminal: its tables and one line per budget.

/** PASS or FAIL; REF for a reference line, shown with its figures but not judged. */
export function verdict(check: BenchResult["budgets"][number]): string {
  if (check.reference) return "REF ";
  if (check.skipped) return "SKIPPED";
  return check.pass ? "PASS" : "FAIL";
}

export function runsOf(row: LighthouseResult): string {
  return row.runs.map((run) => run.performance ?? "-").join(" ") || "-";
}

export function formatTerminal(result: BenchResult): string {
  const out: string[] = [];
  const { data } = result;
  out.push(
    `clubsite bench, ${result.startedAt}: ${result.machine.cpus} CPUs, Node ${result.machine.node}, load average ${result.machine.loadAverageAtStart.join(" ")} at the start, ${result.machine.loadAverage.join(" ")} at the end${result.settings.only ? ` (only ${result.settings.only})` : ""}; ${data.news.toLocaleString("en-GB")} news items (${data.generated.news.toLocaleString("en-GB")} generated + demo), ${data.generated.fixtures.toLocaleString("en-GB")} fixtures, ${data.generated.people} people, ${data.generated.tableRows} table rows added to the demo content.`,
  );

  if (result.machine.warning) out.push(`WARNING: ${result.machine.warning}.`);
  out.push(
    "\nPAGE WEIGHT: first visit; JS = every script downloaded to network idle, counted in Chromium (downloaded-scripts.ts; the build's first-load list without Chromium); CSS from the build manifest (KB = 1,000 bytes)",
  );
  out.push(
    table(
      ["page", "JS raw", "JS gzip", "CSS raw", "CSS gzip", "files", "Quill", "locale", "admin"],
      [
        ...result.pageWeight.pages.map((w) => [
          w.page,
          kb(w.js.raw),
          kb(w.js.gzip),
          kb(w.css.raw),
          kb(w.css.gzip),
          String(w.js.files.length + w.css.files.length),
          w.forbidden.quill.length ? "YES" : "no",
          w.forbidden.dateLocale.length ? "YES" : "no",
          w.forbidden.admin.length ? (w.public ? "YES" : "(page)") : "no",
        ]),
        ...result.pageWeight.onDemand.map((c) => [
          `${c.page} ${c.what}`,
          kb(c.js.raw),
          kb(c.js.gzip),
          kb(c.css.raw),
          kb(c.css.gzip),
          String(c.js.files.length + c.css.files.length),
          "",
          "",
          "",
        ]),
      ],
    ),
  );

  out.push(
    `\nSERVER SPEED: ${result.settings.generator}; on loopback, anonymous, Accept-Encoding gzip, ${result.settings.warmupSeconds} s warm-up + ${result.settings.seconds} s per point; one Node process (ours), a bare node:http server sending the same bytes and headers as our fast path (node: the platform's own limit, the budget's reference), and one nginx worker serving the same bytes from files (a reference line); vs node and vs nginx = ours / theirs (req/s); wrk = how busy wrk kept its own core${result.settings.pinned ? "s" : "s (shared with the servers)"} in nginx's point; bound = ${result.settings.pinned ? `wrk ${Math.round(GENERATOR_BUSY_SHARE * 100)} % busy or more` : `nginx reached ${Math.round(GENERATOR_BOUND_SHARE * 100)} % of the generator's ceiling or more`}, so the point measured wrk, not nginx: its ratio is an upper bound, judged only when it is below the budget; drain = time our server took to finish the requests still in flight when the run stopped`,
  );
  if (result.speed.bareSkipped) out.push(`(${result.speed.bareSkipped})`);
  if (result.speed.nginxSkipped) out.push(`(${result.speed.nginxSkipped})`);
  if (result.speed.ceiling.length) {
    out.push(
      `GENERATOR CEILING (wrk against nginx serving a 100-byte file): ${result.speed.ceiling
        .map(
          (p) => `${p.connections} conn ${rps(p.requestsPerSecond)} req/s (p99 ${ms(p.p99Ms)} ms)`,
        )
        .join(
          ", ",
        )}; the fastest wrk went in this run${result.settings.pinned ? "" : ', which the "bound" column uses'}: ${result.settings.connections
        .map((c) => `${c} conn ${rps(ceilingAt(result.speed, c) ?? Number.NaN)} req/s`)
        .join(", ")}`,
    );
  }
  const rows: string[][] = [];
  for (const page of result.speed.pages) {
    for (const [i, ours] of page.ours.entries()) {
      const floor = page.nginx?.[i];
      const bare = page.bare?.[i];
      const ceiling = ceilingAt(result.speed, ours.connections);
      rows.push([
        i === 0 ? `${page.page} (${kb(page.htmlGzipBytes)} KB gz)` : "",
        String(ours.connections),
        rps(ours.requestsPerSecond),
        ms(ours.p50Ms),
        ms(ours.p99Ms),
        bare ? rps(bare.requestsPerSecond) : "-",
        bare ? ms(bare.p99Ms) : "-",
        bare && Number.isFinite(ours.requestsPerSecond)
          ? (ours.requestsPerSecond / bare.requestsPerSecond).toFixed(2)
          : "-",
        floor ? rps(floor.requestsPerSecond) : "-",
        floor ? ms(floor.p50Ms) : "-",
        floor ? ms(floor.p99Ms) : "-",
        floor && Number.isFinite(ours.requestsPerSecond)
          ? (ours.requestsPerSecond / floor.requestsPerSecond).toFixed(2)
          : "-",
        floor?.generatorBusy === undefined ? "-" : `${Math.round(floor.generatorBusy * 100)} %`,
        floor && isGeneratorBound(floor, ceiling, result.settings.pinned) ? "bound" : "",
        ours.drainSeconds === undefined
          ? ours.skipped
            ? "skipped"
            : "-"
          : ours.drainSeconds.toFixed(1),
        ours.failures + (floor?.failures ?? 0) + (bare?.failures ?? 0)
          ? String(ours.failures + (floor?.failures ?? 0) + (bare?.failures ?? 0))
          : "",
      ]);
    }
  }
  out.push(
    table(
      [
        "page",
        "conn",
        "req/s",
        "p50 ms",
        "p99 ms",
        "node req/s",
        "p99 ms",
        "vs node",
        "nginx req/s",
        "p50 ms",
        "p99 ms",
        "vs nginx",
        "wrk",
        "gen",
        "drain s",
        "errors",
      ],
      rows,
    ),
  );

  for (const page of result.speed.pages) {
    for (const point of page.ours) {
      if (point.skipped)
        out.push(`  ${page.page} at ${point.connections} connections skipped: ${point.skipped}`);
    }
  }

  out.push(
    `\n/news with ${data.news.toLocaleString("en-GB")} news items vs ${data.smallNews}, two servers side by side, rounds back to back (the median round's figures)`,
  );
  out.push(
    table(
      [
        "conn",
        `req/s (${data.news})`,
        "p50 ms",
        "p99 ms",
        `req/s (${data.smallNews})`,
        "p50 ms",
        "p99 ms",
        "ratio",
        "rounds",
      ],
      result.speed.scale
        .filter((point) => point.rounds.length > 0)
        .map((point) => {
          const { many, few } = medianScaleRound(point.rounds);
          return [
            String(point.connections),
            rps(many.requestsPerSecond),
            ms(many.p50Ms),
            ms(many.p99Ms),
            rps(few.requestsPerSecond),
            ms(few.p50Ms),
            ms(few.p99Ms),
            scaleRatioOf({ many, few }).toFixed(3),
            point.rounds.map((round) => scaleRatioOf(round).toFixed(3)).join(" "),
          ];
        }),
    ),
  );
  if (result.speed.others.length) {
    out.push("\nOther pages, 10 connections");
    out.push(
      table(
        ["page", "req/s", "p50 ms", "p99 ms", "note"],
        result.speed.others.map((o) => [
          o.path,
          rps(o.point.requestsPerSecond),
          ms(o.point.p50Ms),
          ms(o.point.p99Ms),
          o.point.skipped ?? "",
        ]),
        ["note"],
      ),
    );
  }

  out.push(
    `\nFIRST ANONYMOUS RENDER AFTER AN ADMIN WRITE (a news item updated through /admin/news; loopback round trip, median of ${result.settings.writes})`,
  );
  out.push(
    table(
      ["page", "first GET ms", "next GET ms"],
      result.afterWrite.map((w) => [w.page, ms(w.firstMedianMs), ms(w.nextMedianMs)]),
    ),
  );

  out.push(
    "\nRESIDENT MEMORY of the server's processes (MB = 1,000,000 bytes): ready; after the load (each budget page at 50 connections, or the whole speed run); after asking for more different pages than the page cache keeps; the page cache's own size when the server stopped",
  );
  if (result.memory.length) {
    out.push(
      table(
        ["database", "data", "after start", "after load", "cache full", "cache pages", "cache MB"],
        result.memory.map((row) => [
          row.database,
          row.data,
          mb(row.afterStart),
          mb(row.afterLoad),
          mb(row.cacheFull),
          row.pageCache ? String(row.pageCache.pages) : "-",
          row.pageCache ? mb(row.pageCache.bytes) : "-",
        ]),
        ["data"],
      ),
    );
  }
  if (result.postgresSkipped) out.push(`(PostgreSQL rows skipped: ${result.postgresSkipped})`);

  out.push(
    "\nLIGHTHOUSE 13, mobile defaults, Debian Chromium: each figure the median of the page's runs; runs = performance in every run",
  );
  if (!result.lighthouse) {
    out.push(`(skipped: ${result.lighthouseSkipped})`);
  } else {
    out.push(
      table(
        ["page", "perf", "a11y", "best", "SEO", "LCP ms", "TBT ms", "CLS", "runs"],
        result.lighthouse.map((r) => [
          r.page,
          String(r.scores.performance ?? "-"),
          String(r.scores.accessibility ?? "-"),
          String(r.scores["best-practices"] ?? "-"),
          String(r.scores.seo ?? "-"),
          r.lcpMs === null ? "-" : String(r.lcpMs),
          r.tbtMs === null ? "-" : String(r.tbtMs),
          r.cls === null ? "-" : r.cls.toFixed(3),
          runsOf(r),
        ]),
      ),
    );
    for (const r of result.lighthouse) {
      if (r.error) out.push(`  ${r.page}: ERROR ${r.error}`);
      for (const warning of r.warnings) out.push(`  ${r.page}: warning: ${warning.slice(0, 200)}`);
      const costing = r.failing.filter((a) => a.weight > 0);
      const hints = r.failing.filter((a) => a.weight === 0);
      if (costing.length || hints.length) {
        out.push(
          `  ${r.page}: ${costing.map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`).join(", ") || "-"}${hints.length ? `; hints: ${hints.map((a) => a.id).join(", ")}` : ""}`,
        );
      }
    }
  }

  if (result.images) {
    const { viewport, pages } = result.images;
    out.push(
      `\nIMAGE BYTES on a phone (${viewport.width} px, device pixel ratio ${viewport.deviceScaleFactor}, Chromium; KB = 1,000 bytes): uploaded photos as the original files (before) and as the files picked from srcset (after)`,
    );
    out.push(
      table(
        ["page", "photos", "before KB", "after KB", "after/before", "other images KB"],
        pages.map((row) => [
          row.page,
          String(row.photos),
          kb(row.beforeBytes),
          kb(row.afterBytes),
          row.beforeBytes ? `${((100 * row.afterBytes) / row.beforeBytes).toFixed(1)}%` : "-",
          kb(row.otherImageBytes),
        ]),
      ),
    );
    for (const row of pages) {
      out.push(
        `  ${row.page}: ${row.files.map((file) => `${file.name} ${kb(file.bytes)}`).join(", ")}`,
      );
    }
    for (const row of result.images.lighthouse ?? []) {
      out.push(
        `  Lighthouse ${row.page}: ${Object.entries(row.scores)
          .map(([c, score]) => `${c} ${score ?? "-"}`)
          .join(
            ", ",
          )}; LCP ${row.lcpMs ?? "-"} ms, CLS ${row.cls ?? "-"}${row.error ? ` (${row.error})` : ""}`,
      );
    }
  }

  out.push("\nBUDGETS (rules §11, ADR 007)");
  for (const check of result.budgets) {
    out.push(`${verdict(check)}  ${check.name}: ${check.detail}`);
  }
  out.push(`\nWall time of the bench: ${result.wallSeconds} s`);
  return out.join("\n");
}
