import fs from "node:fs";
import path from "node:path";
import { escapeHtml, kb, ms, rps } from "./format.ts";
import type { LighthouseResult } from "./lighthouse.ts";
import type { LoadPoint } from "./load.ts";
import { FIRST_LOAD_JS_BUDGET_GZIP } from "./page-weight.ts";
import type { BenchResult } from "./result.ts";
import { formatTerminal, runsOf, verdict } from "./terminal.ts";

// The bench's files: bench/results/latest.json with a timestamped copy, and
// bench/results/report.html (self-contained: inline CSS and SVG, no script, no external request).

export function writeReports({ root, result }: { root: string; result: BenchResult }): string[] {
  const dir = path.join(root, "bench/results");
  fs.mkdirSync(dir, { recursive: true });
  const json = `${JSON.stringify(result, null, 2)}\n`;
  const stamp = result.startedAt.replace(/[:.]/g, "-");
  const files = [
    path.join(dir, "latest.json"),
    path.join(dir, `${stamp}.json`),
    path.join(dir, "report.html"),
  ];
  fs.writeFileSync(files[0] as string, json);
  fs.writeFileSync(files[1] as string, json);
  fs.writeFileSync(files[2] as string, html(result));
  return files;
}

interface Bar {
  label: string;
  values: { value: number; colour: string; text: string }[];
}

/** Horizontal bars, one row per label, several bars per row; an optional limit line. */
function barChart({
  title,
  bars,
  limit,
  unit,
}: {
  title: string;
  bars: Bar[];
  limit?: { value: number; text: string };
  unit: string;
}): string {
  const labelWidth = 190;
  const chartWidth = 460;
  const barHeight = 14;
  const rowGap = 8;
  const perRow = Math.max(1, ...bars.map((b) => b.values.length));
  const rowHeight = perRow * barHeight + rowGap;
  // A point not measured (NaN) is drawn as an empty bar with its text.
  const finite = bars.flatMap((b) => b.values.map((v) => v.value)).filter(Number.isFinite);
  const max = Math.max(limit?.value ?? 0, ...finite, 1);
  const scale = (value: number) => (value / max) * chartWidth;
  const height = bars.length * rowHeight + 30;
  const parts: string[] = [];
  bars.forEach((bar, row) => {
    const y = 20 + row * rowHeight;
    parts.push(
      `<text x="${labelWidth - 8}" y="${y + (perRow * barHeight) / 2 + 4}" text-anchor="end">${escapeHtml(bar.label)}</text>`,
    );
    bar.values.forEach((v, i) => {
      const width = Number.isFinite(v.value) ? Math.max(1, scale(v.value)) : 0;
      const by = y + i * barHeight;
      parts.push(
        `<rect x="${labelWidth}" y="${by}" width="${width.toFixed(1)}" height="${barHeight - 2}" fill="${v.colour}"><title>${escapeHtml(v.text)}</title></rect>`,
        `<text x="${labelWidth + width + 4}" y="${by + barHeight - 4}" class="v">${escapeHtml(v.text)}</text>`,
      );
    });
  });
  if (limit) {
    const x = labelWidth + scale(limit.value);
    parts.push(
      `<line x1="${x}" y1="12" x2="${x}" y2="${height - 10}" stroke="#c0392b" stroke-dasharray="4 3"/>`,
      `<text x="${x}" y="10" text-anchor="middle" class="limit">${escapeHtml(limit.text)}</text>`,
    );
  }
  return `<figure><figcaption>${escapeHtml(title)} <span class="unit">(${escapeHtml(unit)})</span></figcaption><svg viewBox="0 0 ${labelWidth + chartWidth + 90} ${height}" width="100%" role="img" aria-label="${escapeHtml(title)}">${parts.join("")}</svg></figure>`;
}

const OURS = "#0b3d5c";
const FLOOR = "#9aa7b0";
const BARE = "#5b8fb9";
const CSS_COLOUR = "#f2b233";

function htmlTable(headers: string[], rows: string[][]): string {
  return `<table><thead><tr>${headers.map((h) => `<th>${escapeHtml(h)}</th>`).join("")}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`)
    .join("")}</tbody></table>`;
}

function lighthouseTable(rows: LighthouseResult[]): string {
  return htmlTable(
    [
      "page",
      "performance",
      "accessibility",
      "best practices",
      "SEO",
      "LCP ms",
      "TBT ms",
      "CLS",
      "performance in each run",
      "not passing",
    ],
    rows.map((r) => [
      r.page,
      String(r.scores.performance ?? "-"),
      String(r.scores.accessibility ?? "-"),
      String(r.scores["best-practices"] ?? "-"),
      String(r.scores.seo ?? "-"),
      String(r.lcpMs ?? "-"),
      String(r.tbtMs ?? "-"),
      r.cls === null ? "-" : r.cls.toFixed(3),
      runsOf(r),
      r.error ?? r.failing.map((a) => `${a.title} (${a.id})`).join("; "),
    ]),
  );
}

function html(result: BenchResult): string {
  const sections: string[] = [];
  sections.push(
    barChart({
      title: "JavaScript downloaded to network idle and CSS per page, gzip",
      unit: "KB",
      limit: {
        value: FIRST_LOAD_JS_BUDGET_GZIP / 1000,
        text: `JS budget ${FIRST_LOAD_JS_BUDGET_GZIP / 1000} KB`,
      },
      bars: result.pageWeight.pages.map((w) => ({
        label: w.page,
        values: [
          { value: w.js.gzip / 1000, colour: OURS, text: `JS ${kb(w.js.gzip)} KB` },
          { value: w.css.gzip / 1000, colour: CSS_COLOUR, text: `CSS ${kb(w.css.gzip)} KB` },
        ],
      })),
    }),
  );
  for (const connections of result.settings.connections) {
    sections.push(
      barChart({
        title: `Requests per second at ${connections} connection${connections > 1 ? "s" : ""}: ours (dark), bare node:http with the same bytes and headers (blue) and nginx serving the same HTML (grey)`,
        unit: "req/s",
        bars: result.speed.pages.map((p) => {
          const ours = p.ours.find((x) => x.connections === connections);
          const bare = p.bare?.find((x) => x.connections === connections);
          const floor = p.nginx?.find((x) => x.connections === connections);
          const bar = (point: LoadPoint | undefined, colour: string, name: string) =>
            point
              ? [
                  {
                    value: point.requestsPerSecond,
                    colour,
                    text: `${name}${rps(point.requestsPerSecond)}`,
                  },
                ]
              : [];
          return {
            label: p.page,
            values: [
              ...(ours
                ? [
                    {
                      value: ours.requestsPerSecond,
                      colour: OURS,
                      text: `${rps(ours.requestsPerSecond)}${bare ? ` (${(ours.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}x node)` : ""}`,
                    },
                  ]
                : []),
              ...bar(bare, BARE, "node:http "),
              ...bar(floor, FLOOR, "nginx "),
            ],
          };
        }),
      }),
    );
  }
  sections.push(
    barChart({
      title: "p99 latency at 50 connections",
      unit: "ms",
      limit: { value: 20, text: "20 ms" },
      bars: result.speed.pages.map((p) => {
        const ours = p.ours.find((x) => x.connections === 50);
        const floor = p.nginx?.find((x) => x.connections === 50);
        return {
          label: p.page,
          values: [
            ...(ours ? [{ value: ours.p99Ms, colour: OURS, text: `${ms(ours.p99Ms)} ms` }] : []),
            ...(floor
              ? [{ value: floor.p99Ms, colour: FLOOR, text: `nginx ${ms(floor.p99Ms)} ms` }]
              : []),
          ],
        };
      }),
    }),
  );
  if (result.lighthouse) {
    sections.push(`<h2>Lighthouse (mobile)</h2>${lighthouseTable(result.lighthouse)}`);
  }
  if (result.images) {
    const { viewport, pages, lighthouse } = result.images;
    sections.push(
      `<h2>Image bytes on a phone (${viewport.width} px, device pixel ratio ${viewport.deviceScaleFactor})</h2>${htmlTable(
        ["page", "photos", "before KB (originals)", "after KB (srcset's pick)", "files"],
        pages.map((row) => [
          row.page,
          String(row.photos),
          kb(row.beforeBytes),
          kb(row.afterBytes),
          row.files.map((file) => `${file.name} ${kb(file.bytes)}`).join(", "),
        ]),
      )}${lighthouse ? lighthouseTable(lighthouse) : ""}`,
    );
  }
  sections.push(
    `<h2>First anonymous render after an admin write</h2>${htmlTable(
      ["page", "first GET, median ms", "next GET, median ms"],
      result.afterWrite.map((w) => [w.page, ms(w.firstMedianMs), ms(w.nextMedianMs)]),
    )}`,
  );
  sections.push(
    `<h2>Budgets</h2><ul class="budgets">${result.budgets
      .map(
        (b) =>
          `<li class="${b.reference ? "ref" : b.pass ? "pass" : "fail"}"><strong>${verdict(b)}</strong> ${escapeHtml(b.name)}: ${escapeHtml(b.detail)}</li>`,
      )
      .join("")}</ul>`,
  );
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>clubsite bench ${escapeHtml(result.startedAt)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#10202b}
h1{font-size:1.5rem}h2{font-size:1.15rem;margin-top:2rem}figure{margin:1.5rem 0}figcaption{font-weight:600;margin-bottom:.25rem}
svg text{font-size:11px;fill:#10202b}svg text.v{fill:#3b4a55}svg text.limit{fill:#c0392b}.unit{font-weight:400;color:#5b6870}
table{border-collapse:collapse;font-size:13px}th,td{border-bottom:1px solid #dde3e7;padding:.25rem .5rem;text-align:left;vertical-align:top}
.budgets{list-style:none;padding:0}.budgets li{margin:.3rem 0;padding:.3rem .5rem;border-left:4px solid}.pass{border-color:#2e7d32}.ref{border-color:#9aa7b0}.fail{border-color:#c0392b}
pre{background:#f4f6f8;padding:1rem;overflow:auto;font-size:12px}
</style></head><body>
<h1>clubsite bench</h1>
<p>${escapeHtml(result.startedAt)}: ${result.machine.cpus} CPUs, Node ${escapeHtml(result.machine.node)}, ${result.data.news.toLocaleString("en-GB")} news items, wall time ${result.wallSeconds} s. Full figures in latest.json; the text report below.</p>
${sections.join("\n")}
<h2>Terminal report</h2><pre>${escapeHtml(formatTerminal(result))}</pre>
</body></html>
`;
}
