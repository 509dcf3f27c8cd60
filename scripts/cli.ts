import { loadEnv } from "../app/config/env.server.ts";
import { type DatabaseHandle, setDatabase } from "../app/db/database.server.ts";
import { DataDirLockedError } from "../app/db/lock.server.ts";
import { openDatabase } from "../app/db/open.server.ts";
import { NewerDatabaseError } from "../app/db/upgrade.server.ts";

// Shared by the command-line scripts: open the configured database (taking the data
// folder's lock, so a script never writes beside a running server), run, close.
export async function withDatabase(run: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  const env = loadEnv();
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof NewerDatabaseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  setDatabase(handle);
  try {
    await run(handle);
  } catch (error) {
    process.exitCode = 1;
    console.error(error instanceof Error ? error.message : error);
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}
