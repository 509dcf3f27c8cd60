import fs from "node:fs";
import { fileURLToPath } from "node:url";

// Where this version's database migrations are, and which version of the site this is: read
// by the start (app/db/upgrade.server.ts), backups and restores (app/db/backup.server.ts).

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** The site's version (package.json), named when a database is too new for it (ADR 026). */
export const siteVersion: string = JSON.parse(
  fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
).version;
