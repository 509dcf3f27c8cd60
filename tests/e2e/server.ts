import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { db } from "../../app/db/database.server.ts";
import { forgetClub } from "../../app/domain/club/club.server.ts";
import { invalidatePageCaches } from "../../server/page-cache.ts";
import { E2E_ADMIN } from "./admin-credentials.ts";
import { emptyDataDir } from "./data-template.ts";
import { PROBE_TABLES, type ProbeTable, reviveRow } from "./rows.ts";
import { e2eServerEnv } from "./server-env.ts";

// Starts the production server for the browser suite on a fresh data folder, seeded with
// the demo content. playwright.config.ts starts one per Playwright worker (./ports.ts). The
// folder starts as a copy of an empty, migrated database (./data-template.ts): the server's
// first start on it seeds the demo as on a new one, without paying for initdb and the
// migrations (a start: ~6.6 CPU-s and ~15 s on a busy machine before, ~3.7 CPU-s and ~5.5 s after).
//
// It also opens a test-only probe on E2E_PORT + 1 (loopback, this harness only, never part
// of the product):
// - `POST /rows/insert|find|update|delete/<table>` with `{ rows }`, `{ where }` or
//   `{ where, values }` as JSON inserts, finds, updates or deletes rows of a content table
//   on the server's own database through Drizzle (fixtures.ts insertRows, findRows,
//   updateRows, deleteRows: typed by the schema, no SQL text in the specs), so specs can
//   prepare data and check what a screen stored (the embedded database is locked by the
//   server, so a spec cannot open it itself). A find without a where answers the whole
//   table. Each write also empties the server's public page cache, as an admin write would.
// - `POST /session` starts a session for the suite's administrator, as the login form's
//   action does, and answers the cookie's name and value (fixtures.ts signInAsAdmin).
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.resolve(`test-results/e2e-data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, e2eServerEnv({ port, dataDir }));
await emptyDataDir("e2e", dataDir);
await import("../../server/index.ts");

async function startAdminSession(
  email = E2E_ADMIN.email,
): Promise<{ name: string; value: string }> {
  // Imported here, after NODE_ENV is set: these load React Router, and React picks its
  // development or production build from NODE_ENV when it is first loaded.
  const { listAdministrators } = await import("../../app/domain/auth/administrators.server.ts");
  const { createSession, SESSION_COOKIE } = await import("../../app/domain/auth/session.server.ts");
  const admin = (await listAdministrators()).find((a) => a.email === email);
  if (!admin) throw new Error(`no administrator ${email}`);
  const setCookie = await createSession({
    request: new Request(`http://127.0.0.1:${port}/admin/login`),
    administratorId: admin.id,
  });
  const value = setCookie.split(";")[0]?.slice(SESSION_COOKIE.length + 1) ?? "";
  return { name: SESSION_COOKIE, value };
}

/** Runs a typed row operation (fixtures.ts insertRows/findRows/updateRows/deleteRows). */
async function rowOperation(operation: string, table: ProbeTable, body: string) {
  const { and, eq, isNull } = await import("drizzle-orm");
  const target = PROBE_TABLES[table];
  if (!target) throw new Error(`unknown table ${table}`);
  const input = JSON.parse(body || "{}") as {
    rows?: Record<string, unknown>[];
    where?: Record<string, unknown>;
    values?: Record<string, unknown>;
  };
  const columns = target as unknown as Record<string, Parameters<typeof eq>[0]>;
  const where = and(
    ...Object.entries(reviveRow(table, input.where ?? {})).map(([key, value]) => {
      if (!columns[key]) throw new Error(`unknown column ${table}.${key}`);
      // A null in a where means "is null" (e.g. this season's table rows, seasonId null).
      return value === null ? isNull(columns[key]) : eq(columns[key], value);
    }),
  );
  if (operation === "insert")
    return db()
      .insert(target)
      .values((input.rows ?? []).map((row) => reviveRow(table, row)) as never)
      .returning();
  if (operation === "find") return db().select().from(target).where(where);
  if (!input.where || Object.keys(input.where).length === 0)
    throw new Error("update and delete need a where");
  if (operation === "update") {
    const values = reviveRow(table, input.values ?? {});
    for (const key of Object.keys(values))
      if (!columns[key]) throw new Error(`unknown column ${table}.${key}`);
    if (Object.keys(values).length === 0) throw new Error("update needs values");
    return db()
      .update(target)
      .set(values as never)
      .where(where)
      .returning();
  }
  if (operation === "delete") return db().delete(target).where(where).returning();
  throw new Error(`unknown operation ${operation}`);
}

http
  .createServer(async (req, res) => {
    const rows = /^\/rows\/(insert|find|update|delete)\/(\w+)$/.exec(req.url ?? "");
    if (rows) {
      let body = "";
      for await (const chunk of req) body += chunk;
      try {
        const result = await rowOperation(rows[1] ?? "", rows[2] as ProbeTable, body);
        // The probe writes behind the admin screens' back: public pages cached before are stale.
        if (rows[1] !== "find") {
          forgetClub();
          invalidatePageCaches();
        }
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result));
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
      return;
    }
    if (req.url === "/session") {
      try {
        let body = "";
        for await (const chunk of req) body += chunk;
        const { email } = JSON.parse(body || "{}") as { email?: string };
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify(await startAdminSession(email)));
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
      return;
    }
    // ADR 034: the scheduled publisher's turn at a time the spec chooses (its clock), so a
    // spec never waits for a real minute to pass.
    if (req.url === "/news/publish-due") {
      let body = "";
      for await (const chunk of req) body += chunk;
      try {
        const { publishDueNews } = await import("../../app/domain/news/news-workflow.server.ts");
        const { now } = JSON.parse(body) as { now: string };
        const published = await publishDueNews({ now: new Date(now) });
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(published));
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
      return;
    }
    res.writeHead(404).end(`no probe route ${req.url}`);
  })
  .listen(port + 1, "127.0.0.1");
