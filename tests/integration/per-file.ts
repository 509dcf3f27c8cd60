import { vi } from "vitest";
import { setDatabase } from "../../app/db/database.server.ts";
import { forgetClub } from "../../app/domain/club/club.server.ts";

// Runs before every integration test file (vitest.config.ts `setupFiles`). The integration
// project shares modules between the files a worker runs (`isolate: false`: the production
// build, Drizzle and PGlite are imported once per worker, not once per file), so each file
// starts here from what a new process would have: the environment as the worker started,
// no open database, and none of the process-wide values the app keeps on globalThis (the
// checked environment, the club's details, the installed logger and error monitor).

type Shared = {
  __integrationStart?: { env: NodeJS.ProcessEnv; keys: Set<string | symbol> };
  __clubsiteClub?: { last?: unknown };
  [key: string | symbol]: unknown;
};
const shared = globalThis as Shared;
// The first file of the worker records the clean state.
shared.__integrationStart ??= {
  env: { ...process.env },
  keys: new Set(Reflect.ownKeys(globalThis)),
};
const start = shared.__integrationStart;

for (const name of Object.keys(process.env)) if (!(name in start.env)) delete process.env[name];
Object.assign(process.env, start.env);

setDatabase(undefined);
forgetClub();
if (shared.__clubsiteClub) shared.__clubsiteClub.last = undefined;
for (const key of ["__clubsiteEnv", "__clubsiteLogger", "__clubsiteErrorMonitor"])
  if (!start.keys.has(key)) delete shared[key];

vi.useRealTimers();
vi.restoreAllMocks();
