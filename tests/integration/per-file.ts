import { vi } from "vitest";
import { forgetProcessValues, processConstant } from "../../app/config/process-wide.ts";
import { setDatabase } from "../../app/db/database.server.ts";

// Runs before every integration test file (vitest.config.ts `setupFiles`). The integration
// project shares modules between the files a worker runs (`isolate: false`: the production
// build, Drizzle and PGlite are imported once per worker, not once per file), so each file
// starts here from what a new process would have: the environment as the worker started,
// no open database, and none of the process values (config/process-wide.ts: the checked
// environment, the club's details, the logger, the page caches, whatever is added there).

// The first file of the worker records the clean state (a process constant: kept).
const start = processConstant("integration.start", () => ({ env: { ...process.env } }));

for (const name of Object.keys(process.env)) if (!(name in start.env)) delete process.env[name];
Object.assign(process.env, start.env);

setDatabase(undefined);
forgetProcessValues();

vi.useRealTimers();
vi.restoreAllMocks();
