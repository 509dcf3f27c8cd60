import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// An empty, migrated embedded database to start the browser suite's servers on (ADR 004): made
// once per PGlite version and set of migrations (test-results/pglite-template-<key>) and copied
// for each server. Creating a PGlite database runs its initdb and the migrations, about 3 of
// the ~6.6 CPU-seconds of a server start on these cores; a copy costs a tenth of a second. A
// server started on a copy still does its first-start work (the administrator from the
// environment, the club's defaults, the demo content when asked): the database is as empty as
// a new one. No Playwright import here: tests/e2e/server.ts uses it before the server starts.

/** A new data folder (under the system's temporary folder unless `dataDir` is given) holding a copy of the template. */
export async function emptyDataDir(
  name: string,
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `clubsite-${name}-`)),
): Promise<string> {
  const template = await emptyDatabaseTemplate();
  fs.cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function emptyDatabaseTemplate(): Promise<string> {
  const { openDatabase } = await import("../../app/db/open.server.ts");
  const { migrationsFolder } = await import("../../app/db/migrations.server.ts");
  const { LOCK_FILE } = await import("../../app/db/lock.server.ts");
  const key = createHash("sha256");
  key.update(fs.readFileSync("node_modules/@electric-sql/pglite/package.json"));
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) key.update(file).update(fs.readFileSync(full));
  }
  const template = path.resolve(`test-results/pglite-template-${key.digest("hex").slice(0, 16)}`);
  fs.mkdirSync(path.dirname(template), { recursive: true });
  // The suite's servers start at the same moment: one makes the template, the others wait for
  // it rather than each paying for an initdb. A lock older than two minutes was left by a
  // process that died while making it.
  const lock = `${template}.lock`;
  for (;;) {
    if (fs.existsSync(template)) return template;
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age > 120_000) fs.rmSync(lock, { recursive: true, force: true });
      else await sleep(100);
    }
  }
  try {
    if (fs.existsSync(template)) return template;
    // Made aside and renamed into place whole, so a template that exists is complete.
    const making = fs.mkdtempSync(`${template}.making-`);
    const database = await openDatabase({ dataDir: making });
    await database.close();
    fs.rmSync(path.join(making, LOCK_FILE), { force: true });
    fs.renameSync(making, template);
    return template;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
