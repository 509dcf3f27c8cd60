import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { type Database, type DatabaseHandle, setDatabase } from "../app/db/database.server.ts";
import { openDatabase, pgliteHandle } from "../app/db/open.server.ts";

// Real databases for integration tests: a fresh PGlite cloned from a migrated template,
// and, when a server is available, a fresh PostgreSQL database made from a template.

const POSTGRES_TEMPLATE = "clubsite_test_template";

export type DriverName = "pglite" | "postgres";

export function availableDrivers(): DriverName[] {
  return inject("postgresUrl") ? ["pglite", "postgres"] : ["pglite"];
}

export async function openTestDatabase(driver: DriverName): Promise<DatabaseHandle> {
  if (driver === "pglite") {
    const tar = fs.readFileSync(inject("pgliteTemplate"));
    const client = await PGlite.create({ loadDataDir: new Blob([tar]) });
    return pgliteHandle(client, "memory", false);
  }
  const baseUrl = inject("postgresUrl");
  const name = `clubsite_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), migrate: false });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * Runs `body` once per available driver, each in a describe block named after it, with
 * a fresh database that is also the one `db()` returns inside the domain modules.
 */
export function describeWithDatabases(
  title: string,
  body: (context: { db: () => Database; driver: DriverName }) => void,
): void {
  for (const driver of availableDrivers()) {
    describe(`${title} [${driver}]`, () => {
      let handle: DatabaseHandle | undefined;
      beforeAll(async () => {
        handle = await openTestDatabase(driver);
        setDatabase(handle);
      });
      afterAll(async () => {
        setDatabase(undefined);
        await handle?.close();
      });
      body({
        driver,
        db: () => {
          if (!handle) throw new Error("database not open yet");
          return handle.db;
        },
      });
    });
  }
}
