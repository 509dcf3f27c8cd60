import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { durablePgliteOptions } from "./durable-fs.server.ts";

// ADR 029: a new data folder starts as a copy of an empty PostgreSQL folder that
// `npm run build` made (scripts/build/pglite-template.ts), not with initdb at the first start.
// PGlite's initdb runs a second PostgreSQL beside the first and copies its whole memory: the
// first start of a fresh installation peaked 200 MB higher for it; the build pays that
// instead. The folder is named after PGlite's version, so one a build made with another
// PGlite is never used (the new folder is then made by initdb, as before).

const root = fileURLToPath(new URL("../..", import.meta.url));

function pgliteVersion(): string {
  const manifest = path.join(root, "node_modules/@electric-sql/pglite/package.json");
  return (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version;
}

/** Where the build keeps the empty folder. */
export function pgliteTemplateDir(): string {
  return path.join(root, "build", `pglite-${pgliteVersion()}-empty`);
}

const holdsDatabase = (dir: string) => fs.existsSync(path.join(dir, "PG_VERSION"));

/**
 * Fills `pgdata` with a copy of the empty folder when it holds no database yet and the build
 * made one; true when it did. The copy is made beside it and renamed into place, so a start
 * stopped half-way leaves no half a database. (open.server.ts syncs the folder after.)
 */
export function startFromTemplate(pgdata: string, template = pgliteTemplateDir()): boolean {
  if (holdsDatabase(pgdata) || !holdsDatabase(template)) return false;
  // Only an empty folder is replaced: anything else in it is not ours to remove.
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) return false;
  const partial = `${pgdata}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(template, partial, { recursive: true });
  fs.rmSync(pgdata, { recursive: true, force: true });
  fs.renameSync(partial, pgdata);
  return true;
}

/** Runs initdb into `dir` (with ADR 029's settings) and shuts PostgreSQL down cleanly. */
export async function writePgliteTemplate(dir = pgliteTemplateDir()): Promise<void> {
  const partial = `${dir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  const client = await PGlite.create(durablePgliteOptions(partial));
  await client.close();
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(partial, dir);
}
