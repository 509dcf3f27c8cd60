import { afterAll, beforeAll, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { IMPORT_MAX_DOCUMENTS, IMPORT_REPORT_MAX_LISTED } from "../../app/domain/import/rules.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";

// ADR 025: the largest import the server accepts (IMPORT_MAX_DOCUMENTS documents, checked
// from the admin's upload) while visitors ask for a kept page and the proxy asks /healthz.
// Reports the server's memory and how long both waited; the README's security section
// states the bound.

const PASSWORD = "amber-kettle-river-42";
const MB = 1024 * 1024;

/** IMPORT_MAX_DOCUMENTS news items of about 1.5 KB, one in ten without a title (a problem). */
function largestExport(): string {
  const news: Record<string, unknown> = {};
  for (let i = 0; i < IMPORT_MAX_DOCUMENTS; i++) {
    news[`news${String(i).padStart(6, "0")}`] = {
      ...(i % 10 === 0 ? {} : { title: `Match report ${i}` }),
      content: `<p>${"A hard-fought game in the league, with a late winner. ".repeat(25)}</p>`,
      date: { _seconds: 1_700_000_000 + i * 3600, _nanoseconds: 0 },
      category: "Match report",
    };
  }
  return JSON.stringify({ news });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

describeWithDatabases("the largest import while the site is used", () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle(), { pageCacheSeconds: 30 });
    await createAdministrator({ email: "load@club.example", password: PASSWORD });
    cookie = await signIn({ app, email: "load@club.example", password: PASSWORD });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("answers /healthz and a kept page quickly, within a bounded memory, while it checks the largest file", async () => {
    const file = largestExport();
    await fetch(`${app.url}/about`);
    // Every answer's status is kept and checked after the import (an expect in this loop
    // would be an unhandled rejection).
    const statuses: string[] = [];
    const timed = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${app.url}${path}`);
      await response.arrayBuffer();
      if (response.status !== 200) statuses.push(`${path} ${response.status}`);
      return performance.now() - started;
    };
    const before = process.memoryUsage().rss;
    let peak = before;
    const health: number[] = [];
    const page: number[] = [];
    let importing = true;
    const watch = (async () => {
      while (importing) {
        health.push(await timed("/healthz"));
        page.push(await timed("/about"));
        peak = Math.max(peak, process.memoryUsage().rss);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    const form = new FormData();
    form.set("intent", "check");
    form.set("file", new Blob([file], { type: "application/json" }), "export.json");
    const started = performance.now();
    const response = await fetch(`${app.url}/admin/import`, {
      method: "POST",
      headers: { origin: app.url, cookie },
      body: form,
    });
    const body = await response.text();
    const seconds = (performance.now() - started) / 1000;
    importing = false;
    await watch;

    const figures = {
      file: `${(file.length / MB).toFixed(1)} MB, ${IMPORT_MAX_DOCUMENTS} documents`,
      import: `${seconds.toFixed(1)} s, answer ${(body.length / MB).toFixed(2)} MB`,
      memory: `RSS ${Math.round(before / MB)} MB before, ${Math.round(peak / MB)} MB at most (+${Math.round((peak - before) / MB)} MB)`,
      healthz: `${health.length} asked: median ${Math.round(percentile(health, 50))} ms, p95 ${Math.round(percentile(health, 95))} ms, max ${Math.round(Math.max(...health))} ms`,
      keptPage: `median ${Math.round(percentile(page, 50))} ms, p95 ${Math.round(percentile(page, 95))} ms, max ${Math.round(Math.max(...page))} ms`,
    };
    console.info(JSON.stringify({ ...figures, notOk: statuses }, null, 2));

    // Kept pages always answer. On the embedded database /healthz has answered 503 about one
    // run in four: its 2 s check of the database timed out once, during the import's writes
    // with the WAL synced (ADR 026). A known defect, at most once a run; more is a failure.
    expect(statuses.filter((status) => !status.startsWith("/healthz "))).toEqual([]);
    expect(statuses.length, statuses.join(", ")).toBeLessThanOrEqual(1);

    expect(response.status).toBe(200);
    expect(body).toContain("more records and");
    expect(body.length).toBeLessThan(10 * MB);
    expect(IMPORT_REPORT_MAX_LISTED).toBeLessThan(IMPORT_MAX_DOCUMENTS);
    expect(health.length).toBeGreaterThan(5);
    // The aim is 100 ms. The test machine is shared and busy (at a load of 11-16 on two cores
    // the medians were 6-101 ms, the slowest answers 0.1-1.7 s, once 8.4 s with another
    // suite running beside it), so the bounds leave room; the import on this thread used to
    // stall every answer for seconds, and a parse took gigabytes.
    expect(percentile(health, 50)).toBeLessThan(150);
    expect(percentile(page, 50)).toBeLessThan(150);
    expect(percentile([...health, ...page], 90)).toBeLessThan(1_000);
    expect(Math.max(...health, ...page)).toBeLessThan(5_000);
    expect(peak - before).toBeLessThan(512 * MB);
  });
});
