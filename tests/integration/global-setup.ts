import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, pgliteHandle } from "../../app/db/open.server.ts";
import { findPostgresBin, startThrowawayPostgres, type ThrowawayPostgres } from "../postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data folder, cloned by every test file. */
    pgliteTemplate: string;
    /** A migrated, empty DATA_DIR (no content, no administrator), copied for real servers. */
    dataDirTemplate: string;
    /** NODE_COMPILE_CACHE for the processes the tests start (tests/server-process.ts). */
    compileCache: string;
    /** A PostgreSQL server URL with a migrated template database, or "" when none. */
    postgresUrl: string;
  }
}

export const POSTGRES_TEMPLATE = "clubsite_test_template";

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-test-"));

  // PGlite: migrate once, dump, and let each file load the dump (initdb costs ~2.5 s).
  const client = await PGlite.create();
  const handle = await pgliteHandle(client, "memory", true);
  const dump = await client.dumpDataDir("none");
  await handle.close();
  // The same database as a data folder, as the server keeps it: real server processes start
  // on a copy of it (tests/server-process.ts) and skip initdb and the migrations.
  const dataDirTemplate = path.join(dir, "data");
  fs.mkdirSync(dataDirTemplate);
  await (await PGlite.create(path.join(dataDirTemplate, "pglite"), { loadDataDir: dump })).close();
  project.provide("dataDirTemplate", dataDirTemplate);
  project.provide("compileCache", path.join(dir, "node-compile-cache"));
  const templateFile = path.join(dir, "pglite-template.tar");
  fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", templateFile);

  // PostgreSQL: the server CI gives us, or a throwaway one when the binaries are here.
  let server: ThrowawayPostgres | undefined;
  let baseUrl = process.env.TEST_DATABASE_URL ?? "";
  if (!baseUrl) {
    const bin = findPostgresBin();
    if (bin) {
      server = await startThrowawayPostgres(bin);
      baseUrl = server.url;
      console.log(`integration: started a throwaway ${server.version} on ${baseUrl}`);
    } else {
      console.log(
        "integration: no PostgreSQL (set TEST_DATABASE_URL or install postgresql): PGlite only",
      );
    }
  }
  if (baseUrl) {
    await recreateTemplate(baseUrl);
    console.log(`integration: database suites run on PGlite and on PostgreSQL (${baseUrl})`);
  }
  project.provide("postgresUrl", baseUrl);

  return async () => {
    server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

async function recreateTemplate(baseUrl: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
    await admin.query(`create database ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${POSTGRES_TEMPLATE}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.close();
}
