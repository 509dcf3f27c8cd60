import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { db } from "../../app/db/database.server.ts";
import { rowsOf } from "../../app/db/open.server.ts";
import { invalidatePageCaches } from "../../server/page-cache.ts";
import { E2E_ADMIN } from "./admin-credentials.ts";

// Starts the production server for the browser suite on a fresh data folder, seeded with
// the demo content.
//
// It also opens a test-only probe on E2E_PORT + 1 (loopback, this harness only, never part
// of the product): `POST /sql` with a statement as the body runs it on the server's own
// database and answers the rows as JSON, so specs can prepare data and check what a screen
// stored (the embedded database is locked by the server, so a spec cannot open it itself).
// Each statement also empties the server's public page cache, as an admin write would.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.resolve(`test-results/e2e-data-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  SEED_DEMO: "1",
  LOG_LEVEL: "warn",
  DATABASE_URL: "",
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  // A made-up GA4 id, so the consent specs can see analytics start after Accept (the
  // browser never reaches Google: the specs answer those requests themselves).
  ANALYTICS_ID: "G-E2ETEST000",
});
await import("../../server/index.ts");

http
  .createServer(async (req, res) => {
    let query = "";
    for await (const chunk of req) query += chunk;
    try {
      const rows = rowsOf(await db().execute(sql.raw(query)));
      // The probe writes behind the admin screens' back: public pages cached before are stale.
      invalidatePageCaches();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(rows));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  })
  .listen(port + 1, "127.0.0.1");
