import { afterAll, beforeAll, expect, it } from "vitest";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { fixtures } from "../../app/db/schema.ts";
import { startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";
import { buildFixture } from "../factories.ts";

// The match centre over HTTP with many seasons of results: the Results tab sends the newest
// page of results and a plain link to the next page, not every match ever played (issue 8).

describeWithDatabases("the Results tab a page at a time", ({ db }) => {
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
  });
  afterAll(async () => {
    await app?.close();
  });

  const resultsOf = async (path: string) => {
    const html = await (await fetch(`${app.url}${path}`)).text();
    const opponents = [...html.matchAll(/Past opponent (\d\d)/g)].map((m) => Number(m[1]));
    return { html, opponents: [...new Set(opponents)] };
  };

  it("shows the newest 20 results and a link to the next ones", async () => {
    const { html, opponents } = await resultsOf("/fixtures?tab=results");
    expect(opponents).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(html).toContain('href="/fixtures?tab=results&amp;shown=40"');
    expect(html).toContain("Show <!-- -->5<!-- --> older results");
  });

  it("shows them all when the link asks for more than there are, with no link left", async () => {
    const { html, opponents } = await resultsOf("/fixtures?tab=results&shown=40");
    expect(opponents).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(html).not.toContain("older results");
  });
});
