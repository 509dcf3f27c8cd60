import { afterAll, beforeAll, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { fixtures, leagueTable } from "../../app/db/schema.ts";
import { buildFixture, buildTableRow } from "../../scripts/factories.ts";
import { startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";

// The match centre over HTTP with many fixtures: each list sends one page and a plain link to
// the next, not every match ever played or planned (rules §2 Match centre).

describeWithDatabases("the match-centre lists a page at a time", ({ db }) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
    const day = 24 * 3600 * 1000;
    await db()
      .insert(fixtures)
      .values(
        Array.from({ length: 25 }, (_, i) =>
          buildFixture({
            opponent: `Past opponent ${String(i + 1).padStart(2, "0")}`,
            date: new Date(Date.now() - (i + 1) * 7 * day),
            homeScore: 2,
            awayScore: 1,
          }),
        ),
      );
    await db()
      .insert(fixtures)
      .values(
        Array.from({ length: 25 }, (_, i) =>
          buildFixture({
            opponent: `Future opponent ${String(i + 1).padStart(2, "0")}`,
            date: new Date(Date.now() + (i + 1) * 7 * day),
          }),
        ),
      );
  });
  afterAll(async () => {
    await app?.close();
  });

  const listed = async (path: string, kind: "Past" | "Future") => {
    const html = await (await fetch(`${app.url}${path}`)).text();
    const pattern = new RegExp(`${kind} opponent (\\d\\d)`, "g");
    const opponents = [...html.matchAll(pattern)].map((m) => Number(m[1]));
    return { html, opponents: [...new Set(opponents)] };
  };
  const numbers = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it("sends the content of the tab its address names only (ADR 008)", async () => {
    await db()
      .insert(leagueTable)
      .values(buildTableRow({ team: "Tabled Team" }));
    const fixturesTab = await listed("/fixtures", "Past");
    // The recent form names the last five results; the results list would name 20.
    expect(fixturesTab.opponents.length).toBeLessThanOrEqual(5);
    expect(fixturesTab.html).toContain("Future opponent 20");
    expect(fixturesTab.html).not.toContain("<table");

    const resultsTab = await listed("/fixtures?tab=results", "Past");
    expect(resultsTab.opponents).toEqual(numbers(1, 20));
    expect(resultsTab.html).not.toContain("<table");
    expect(resultsTab.html).not.toContain("Show <!-- -->5<!-- --> more fixtures");

    const tableTab = await listed("/fixtures?tab=table", "Past");
    expect(tableTab.html).toContain("<table");
    expect(tableTab.opponents.length).toBeLessThanOrEqual(5);
  });

  it("sends each tab's content as the page's own HTML from /fixtures/tab/:tab (ADR 008)", async () => {
    const tab = async (path: string) => {
      const response = await fetch(`${app.url}${path}`);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      return response.text();
    };
    const results = await tab("/fixtures/tab/results");
    // A fragment: the content only, no document around it and no script.
    expect(results).not.toMatch(/<html|<script/);
    const opponents = [...results.matchAll(/Past opponent (\d\d)/g)].map((m) => Number(m[1]));
    expect([...new Set(opponents)]).toEqual(numbers(1, 20));
    expect(results).toContain('href="/fixtures?tab=results&amp;results=40"');
    // The same HTML as the page's own results tab.
    const page = await (await fetch(`${app.url}/fixtures?tab=results`)).text();
    expect(page).toContain(results);
    // The address's other parameters are the page's: more results.
    const more = await tab("/fixtures/tab/results?results=40");
    expect(more).toContain("Past opponent 25");

    const fixturesTab = await tab("/fixtures/tab/fixtures");
    expect(fixturesTab).toContain("Future opponent 01");
    // The countdown's place, for its island (countdown-island.tsx).
    const kickOff = fixturesTab.match(/data-countdown="([^"]+)"/)?.[1];
    expect(new Date(kickOff ?? "").getTime()).toBeGreaterThan(Date.now());

    const table = await tab("/fixtures/tab/table");
    expect(table).toContain("<table");
    expect(table).toContain("Tabled Team");
    expect((await fetch(`${app.url}/fixtures/tab/table?season=1901-02`)).status).toBe(404);
  });

  it("shows the newest 20 results and a link to the older ones", async () => {
    const { html, opponents } = await listed("/fixtures?tab=results", "Past");
    expect(opponents).toEqual(numbers(1, 20));
    expect(html).toContain('href="/fixtures?tab=results&amp;results=40"');
    expect(html).toContain("Show <!-- -->5<!-- --> older results");
  });

  it("shows them all when the link asks for more than there are, with no link left", async () => {
    const { html, opponents } = await listed("/fixtures?tab=results&results=40", "Past");
    expect(opponents).toEqual(numbers(1, 25));
    expect(html).not.toContain("older results");
  });

  it("shows the next match and the 20 fixtures after it, then a link to the rest", async () => {
    const first = await listed("/fixtures", "Future");
    // The next match (01) has its own card; the upcoming list holds 02 to 21.
    expect(first.opponents).toEqual(numbers(1, 21));
    expect(first.html).toContain('href="/fixtures?upcoming=40"');
    expect(first.html).toContain("Show <!-- -->4<!-- --> more fixtures");
    const all = await listed("/fixtures?upcoming=40", "Future");
    expect(all.opponents).toEqual(numbers(1, 25));
    expect(all.html).not.toContain("more fixtures");
  });
});
