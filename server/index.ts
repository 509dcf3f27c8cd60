import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import { loadEnv } from "../app/config/env.server.ts";
import { type DatabaseHandle, setDatabase } from "../app/db/database.server.ts";
import { DataDirLockedError } from "../app/db/lock.server.ts";
import { openDatabase } from "../app/db/open.server.ts";
import {
  AdministratorError,
  ensureAdministrator,
} from "../app/domain/auth/administrators.server.ts";
import { seedDemoContentIfEmpty } from "../scripts/demo-content.ts";
import { type AppOptions, createHost } from "./app.ts";
import { createHttpServer } from "./fast-path.ts";

// The host: one stateless Node process serving the whole product (ARCHITECTURE.md).

const root = fileURLToPath(new URL("..", import.meta.url));
const env = loadEnv();
// Logs are written asynchronously (issue 19 §2): a request never waits for a write to standard
// output; lines are buffered while a write is in flight and flushed at shutdown.
const logDestination = pino.destination({ dest: 1, sync: false });
const logger = pino({ level: env.LOG_LEVEL, base: { service: "clubsite" } }, logDestination);
const development = env.NODE_ENV === "development";

let database: DatabaseHandle;
try {
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
setDatabase(database);
logger.info({ database: database.kind, location: database.location }, "database ready");

if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
  try {
    const outcome = await ensureAdministrator({
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      resetPassword: env.ADMIN_RESET_PASSWORD,
    });
    logger.info({ email: env.ADMIN_EMAIL, outcome }, "administrator from ADMIN_EMAIL");
  } catch (error) {
    if (!(error instanceof AdministratorError)) throw error;
    console.error(`ADMIN_EMAIL/ADMIN_PASSWORD: ${error.message}`);
    await database.close();
    process.exit(1);
  }
}

if (env.SEED_DEMO) {
  const seeded = await seedDemoContentIfEmpty(database.db);
  if (seeded) logger.info(seeded, "empty database: demo content loaded");
}

let appOptions: Pick<AppOptions, "build" | "dev">;
if (development) {
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  appOptions = {
    dev: {
      middlewares: viteServer.middlewares,
      load: () =>
        viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    },
  };
} else {
  const serverBuild = path.join(root, "build/server/index.js");
  if (!fs.existsSync(serverBuild)) {
    console.error("No production build found: run `npm run build` (npm start does it for you).");
    process.exit(1);
  }
  appOptions = {
    build: {
      server: (await import(serverBuild)) as ServerBuild,
      clientDir: path.join(root, "build/client"),
    },
  };
}

const host = createHost({
  database,
  logger,
  trustProxy: env.TRUST_PROXY,
  pageCacheSeconds: env.PAGE_CACHE_SECONDS,
  ...appOptions,
});
// Kept anonymous pages are answered before Express (server/fast-path.ts).
const { server, fastPath } = createHttpServer({ host, trustProxy: env.TRUST_PROXY, logger });
server.listen(env.PORT, env.HOST, () => {
  logger.info(`listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`);
});
server.on("error", async (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === "EADDRINUSE"
      ? `Port ${env.PORT} is already in use: stop the other server or set PORT.`
      : error.message,
  );
  await database.close();
  process.exit(1);
});

// Graceful shutdown: stop accepting, let requests in flight finish, then close the database
// (which also releases the data-folder lock).
const SHUTDOWN_GRACE_MS = 10_000;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  force.unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  await database.close();
  fastPath?.close();
  logger.info("stopped");
  logDestination.flushSync();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection"));
