import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { verifyBackup } from "../../app/db/backup.server.ts";
import { getDatabaseHandle } from "../../app/db/database.server.ts";
import { rowsOf } from "../../app/db/open.server.ts";
import { activity } from "../../app/db/schema.ts";
import { createAdministrator } from "../../app/domain/auth/administrators.server.ts";
import { IMPORT_UPLOAD_MAX_BYTES, type ImportReport } from "../../app/domain/import/rules.ts";
import { IMPORT_MESSAGES } from "../../app/domain/import/screen.ts";
import { signIn, startTestApp, type TestApp } from "../app.ts";
import { describeWithDatabases } from "../db.ts";
import { type OldSiteData, oldSiteData, oldSiteExport } from "../old-site-export.ts";

// The admin's Import screen over real HTTP (ADR 009: "the same from the admin, as an upload"):
// the form posted as a browser without JavaScript posts it (multipart), on both databases.

// React separates neighbouring text with empty comments; attributes are escaped.
const textOf = (html: string) =>
  html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

const MARKER = "ECHO-MARKER-5d1c";

// This file's own backup folder (read by the app's checked environment, made on first use),
// to find the backup an import takes first (ADR 027).
const backups = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-import-backups-"));
process.env.BACKUP_DIR = backups;
afterAll(() => fs.rmSync(backups, { recursive: true, force: true }));
const beforeImportFiles = () =>
  fs.readdirSync(backups).filter((name) => /^before-import-.*\.jsonl\.gz$/.test(name));

/** A small export: 5 news (one with the marker in its text), 4 fixtures, 3 teams, 3 people, and one broken news item. */
function smallExport(): string {
  const all = oldSiteData();
  const first = (docs: Record<string, Record<string, unknown>>, n: number) =>
    Object.fromEntries(Object.entries(docs).slice(0, n));
  const data: OldSiteData = {
    news: first(all.news, 5),
    fixtures: first(all.fixtures, 4),
    leagueTable: first(all.leagueTable, 3),
    team: first(all.team, 3),
  };
  const [firstNews] = Object.values(data.news);
  if (firstNews) firstNews.content = `Paragraph with ${MARKER} in it.`;
  data.news.brokenNewsItem00001 = {
    content: "No title at all.",
    date: new Date(Date.UTC(2022, 1, 1)),
  };
  return JSON.stringify(oldSiteExport({ timestamps: "_seconds", data }));
}

/** The report behind the screen's "Download the report (JSON)" link. */
function downloadedReport(html: string): ImportReport {
  const match = /href="data:application\/json;charset=utf-8;base64,([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error("no report download link");
  return JSON.parse(Buffer.from(match[1], "base64").toString("utf8")) as ImportReport;
}

describeWithDatabases("the admin Import screen over HTTP", ({ db }) => {
  let app: TestApp;
  let cookie: string;
  const file = smallExport();

  beforeAll(async () => {
    app = await startTestApp(getDatabaseHandle());
    await createAdministrator({ email: "import@club.example", password: "amber-kettle-river-42" });
    cookie = await signIn({ app, email: "import@club.example", password: "amber-kettle-river-42" });
  });
  afterAll(async () => {
    await app?.close();
  });

  const count = async (table: string) =>
    rowsOf<{ n: number }>(await db().execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]
      ?.n;
  const counts = async () => ({
    news: await count("news"),
    fixtures: await count("fixtures"),
    leagueTable: await count("league_table"),
    team: await count("team_members"),
  });

  const post = async ({
    intent,
    content = file,
    name = "export.json",
    withFile = true,
  }: {
    intent: string;
    content?: string;
    name?: string;
    withFile?: boolean;
  }) => {
    const form = new FormData();
    form.set("intent", intent);
    if (withFile) form.set("file", new Blob([content], { type: "application/json" }), name);
    const response = await fetch(`${app.url}/admin/import`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, cookie },
      body: form,
    });
    return { status: response.status, body: textOf(await response.text()) };
  };

  it("is on the dashboard and opens with the form", async () => {
    const dashboard = await fetch(`${app.url}/admin`, { headers: { cookie } });
    expect(await dashboard.text()).toContain('href="/admin/import"');
    const page = await fetch(`${app.url}/admin/import`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = textOf(await page.text());
    expect(html.match(/<form[^>]*>/g)?.join(" ")).toMatch(/encType="multipart\/form-data"/i);
    expect(html).toContain('accept=".json,application/json"');
    expect(html).toContain(">Check the file</button>");
  });

  it("refuses a post without a session before reading the body (401), writing nothing", async () => {
    const before = await counts();
    // A body that never ends: only a server that answers without reading it can reply.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("--x\r\n"));
      },
    });
    const controller = new AbortController();
    const response = await fetch(`${app.url}/admin/import`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: app.url, "content-type": "multipart/form-data; boundary=x" },
      body,
      duplex: "half",
      signal: controller.signal,
    } as RequestInit);
    expect(response.status).toBe(401);
    controller.abort();
    expect(await counts()).toEqual(before);
  });

  it("Check the file: reports what an import would do and writes nothing", async () => {
    const before = await counts();
    const backupsBefore = beforeImportFiles();
    const { status, body } = await post({ intent: "check" });
    expect(beforeImportFiles()).toEqual(backupsBefore);
    expect(status).toBe(200);
    expect(body).toContain("Check: nothing was written");
    const report = downloadedReport(body);
    expect(report.dryRun).toBe(true);
    expect(report.collections.news).toMatchObject({ found: 6, created: 5, skipped: 1 });
    expect(report.collections.fixtures).toMatchObject({ found: 4, created: 4 });
    expect(report.collections.leagueTable).toMatchObject({ found: 3, created: 3 });
    expect(report.collections.team).toMatchObject({ found: 3, created: 3 });
    // The problem, on screen: collection, row, id, field and reason.
    expect(body).toContain("brokenNewsItem00001");
    expect(body).toMatch(/<th scope="row"[^>]*>News<\/th><td[^>]*>6<\/td><td[^>]*>5<\/td>/);
    expect(await counts()).toEqual(before);
    // The reply never echoes the file.
    expect(body).not.toContain(MARKER);
  });

  it("Import creates the records and links the new pages; a second import changes nothing", async () => {
    const before = await counts();
    const backupsBefore = beforeImportFiles();
    const first = await post({ intent: "import" });
    expect(first.status).toBe(200);
    // ADR 027: a checked backup of the content as it was, taken first.
    const [taken, ...more] = beforeImportFiles().filter((name) => !backupsBefore.includes(name));
    expect(more).toEqual([]);
    const { summary } = await verifyBackup(path.join(backups, taken ?? "none"));
    expect(summary.tables.news).toBe(before.news);
    expect(first.body).toContain(">Imported</h2>");
    const report = downloadedReport(first.body);
    expect(report.dryRun).toBe(false);
    expect(report.collections.news).toMatchObject({ created: 5, skipped: 1 });
    expect(await counts()).toEqual({
      news: (before.news ?? 0) + 5,
      fixtures: (before.fixtures ?? 0) + 4,
      leagueTable: (before.leagueTable ?? 0) + 3,
      team: (before.team ?? 0) + 3,
    });
    const newsLink = report.records.find((r) => r.collection === "news" && r.address)?.address;
    expect(newsLink).toMatch(/^\/news\/[0-9a-f-]{36}$/);
    expect(first.body).toContain(`href="${newsLink}"`);
    expect((await fetch(`${app.url}${newsLink}`)).status).toBe(200);
    expect(first.body).not.toContain(MARKER);

    const second = await post({ intent: "import" });
    const again = downloadedReport(second.body);
    for (const name of ["news", "fixtures", "leagueTable", "team"] as const) {
      expect(again.collections[name], name).toMatchObject({ created: 0, updated: 0 });
    }
    expect(again.collections.news.unchanged).toBe(5);
    expect(await counts()).toEqual({
      news: (before.news ?? 0) + 5,
      fixtures: (before.fixtures ?? 0) + 4,
      leagueTable: (before.leagueTable ?? 0) + 3,
      team: (before.team ?? 0) + 3,
    });
  });

  it("records each import in Activity (ADR 021), and not a check", async () => {
    const rows = await db()
      .select()
      .from(activity)
      .where(eq(activity.screen, "import"))
      .orderBy(activity.at);
    expect(
      rows.map(({ actor, action, label, fields }) => ({ actor, action, label, fields })),
    ).toEqual([
      {
        actor: "import@club.example",
        action: "import",
        label: "export.json",
        fields: ["news", "fixtures", "leagueTable", "team"],
      },
      // The second import changed nothing: recorded, with no collection named.
      { actor: "import@club.example", action: "import", label: "export.json", fields: [] },
    ]);
  });

  it("refuses a missing, empty, non-JSON or wrongly shaped file with a clear message", async () => {
    const before = await counts();
    const noFile = await post({ intent: "import", withFile: false });
    expect(noFile.status).toBe(400);
    expect(noFile.body).toContain(IMPORT_MESSAGES.noFile);

    const empty = await post({ intent: "import", content: "" });
    expect(empty.status).toBe(400);
    expect(empty.body).toContain(IMPORT_MESSAGES.empty);

    const notJson = await post({ intent: "import", content: "my private notes" });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toContain("The file is not JSON (");
    expect(notJson.body).toContain("Nothing was imported.");
    // The engine's error quotes the file: the reply does not.
    expect(notJson.body).not.toContain("private notes");

    const wrongShape = await post({ intent: "check", content: JSON.stringify({ users: {} }) });
    expect(wrongShape.status).toBe(400);
    expect(wrongShape.body).toContain("not an export of the old site");

    const badIntent = await post({ intent: "delete-everything" });
    expect(badIntent.status).toBe(400);
    expect(badIntent.body).toContain(IMPORT_MESSAGES.notUnderstood);
    expect(await counts()).toEqual(before);
  });

  it("refuses a body over IMPORT_UPLOAD_MAX_BYTES before reading it (413)", async () => {
    const { port, hostname } = new URL(app.url);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request({
        host: hostname,
        port,
        path: "/admin/import",
        method: "POST",
        headers: {
          origin: app.url,
          cookie,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(IMPORT_UPLOAD_MAX_BYTES + 1),
        },
      });
      request.on("response", (response) => {
        resolve(response.statusCode);
        request.destroy();
      });
      request.on("error", reject);
      request.write("--x\r\n");
    });
    expect(status).toBe(413);
  });
});
