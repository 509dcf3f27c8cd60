// First: NODE_ENV must be set before React, React Router and Express load.
import "./environment.ts";
import cluster from "node:cluster";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import { loadEnv } from "../app/config/env.server.ts";
import { type DatabaseHandle, setDatabase } from "../app/db/database.server.ts";
import { forgetKeptValues, keepUntilChange } from "../app/db/kept-until-change.server.ts";
import { DataDirLockedError } from "../app/db/lock.server.ts";
import { type Change, installChangeNoticesOn, listenForChanges } from "../app/db/notify.server.ts";
import { openDatabase } from "../app/db/open.server.ts";
import { NewerDatabaseError } from "../app/db/upgrade.server.ts";
import {
  AdministratorError,
  ensureAdministrator,
  listAdministrators,
} from "../app/domain/auth/administrators.server.ts";
import { backupSettingsFrom, rememberedBackupState } from "../app/domain/backups/files.server.ts";
import { forgetClub, loadClubDefaultsIfEmpty } from "../app/domain/club/club.server.ts";
import { createLogger, setLogger } from "../app/logger.server.ts";
import { seedDemoAdministrator, seedDemoContentIfEmpty } from "../scripts/demo-content.ts";
import { type AppOptions, createHost } from "./app.ts";
import { startBackupSchedule } from "./backup-schedule.ts";
import { startBackupSocket } from "./backup-socket.ts";
import { doesStartWork, planConcurrency, superviseWorkers } from "./cluster.ts";
import { answerEventLoopQuestions } from "./event-loop.ts";
import { createHttpServer } from "./fast-path.ts";
import { startMailWorker } from "./mail-worker.ts";
import { reportMemoryOnSignal } from "./memory-report.ts";
import { startNewsSchedule } from "./news-schedule.ts";
import { missingNodeFlags } from "./node-flags.ts";
import { invalidatePageCaches } from "./page-cache.ts";
import { retentionJobs, scheduleRetention } from "./retention.ts";
import { startMessage } from "./start-message.ts";

// The host: one stateless Node process serving the whole product (docs/architecture.md).

// The project's folder: one up from server/index.ts, two up from its compiled copy in
// build/host/ (ADR 041), which `npm start` runs.
const root = fileURLToPath(
  new URL(import.meta.url.includes("/build/host/") ? "../.." : "..", import.meta.url),
);
const env = loadEnv();
// Logs are written asynchronously: a request never waits for a write to standard output;
// lines are buffered while a write is in flight and flushed at shutdown.
const logDestination = pino.destination({ dest: 1, sync: false });
const logger = createLogger({
  level: env.LOG_LEVEL,
  base: cluster.worker ? { worker: cluster.worker.id } : {},
  destination: logDestination,
});
// The app's server code (handleError, loaders) logs through the same logger.
setLogger(logger);
const development = env.NODE_ENV === "development";

// WEB_CONCURRENCY: the primary of several processes only supervises them (server/cluster.ts).
const concurrency = planConcurrency({
  requested: env.WEB_CONCURRENCY,
  databaseUrl: env.DATABASE_URL,
  cores: os.availableParallelism(),
  development,
});
if (cluster.isPrimary && concurrency.warning) logger.warn(concurrency.warning);
// ADR 029: without these, a start peaks near 1 GB (npm start and the systemd unit pass them).
const missingFlags = missingNodeFlags();
if (cluster.isPrimary && !development && missingFlags.length > 0) {
  logger.warn(
    `Node runs without ${missingFlags.join(" ")}: the server will use about twice the memory (npm start passes them).`,
  );
}
if (cluster.isPrimary && env.PASSWORD_HASH_COST < 15) {
  logger.warn(
    `PASSWORD_HASH_COST=${env.PASSWORD_HASH_COST}: new passwords are hashed more cheaply than the default 15, so they are easier to guess if the database leaks. Meant for test suites only.`,
  );
}
if (cluster.isPrimary && concurrency.processes > 1) {
  process.exit(await superviseWorkers({ processes: concurrency.processes, logger }));
}

let database: DatabaseHandle;
try {
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
} catch (error) {
  if (error instanceof DataDirLockedError || error instanceof NewerDatabaseError) {
    logger.fatal(error.message);
    logDestination.flushSync();
    process.exit(1);
  }
  throw error;
}
setDatabase(database);
if (database.upgrade?.backup)
  logger.info(
    { migrations: database.upgrade.applied, backup: database.upgrade.backup },
    "database upgraded; the backup taken before is the way back (README, Upgrading)",
  );
logger.info({ database: database.kind, location: database.location }, "database ready");

if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD && doesStartWork()) {
  try {
    const outcome = await ensureAdministrator({
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      resetPassword: env.ADMIN_RESET_PASSWORD,
    });
    logger.info({ email: env.ADMIN_EMAIL, outcome }, "administrator from ADMIN_EMAIL");
  } catch (error) {
    if (!(error instanceof AdministratorError)) throw error;
    logger.fatal(`ADMIN_EMAIL/ADMIN_PASSWORD: ${error.message}`);
    await database.close();
    process.exit(1);
  }
}

// decisions 15, 35: an empty database starts with a new club's details (config/club.ts);
// without the demo content, with none of the demo club's venues and competitions either.
if (doesStartWork() && (await loadClubDefaultsIfEmpty(database.db, { demo: env.SEED_DEMO }))) {
  logger.info("empty database: a new club's details loaded from app/config/club.ts");
}

// decisions 35: with the demo content, a demo administrator when there is none (shown once).
let demoAdministrator: { email: string; password: string } | null = null;
if (env.SEED_DEMO && doesStartWork()) {
  const seeded = await seedDemoContentIfEmpty(database.db);
  if (seeded) {
    logger.info(seeded, "empty database: demo content loaded");
    demoAdministrator = await seedDemoAdministrator();
  }
}

// ADR 021, ADR 051: Activity older than ACTIVITY_DAYS and contact messages older than the
// privacy policy's 12 months are removed now and once a day (by one process).
const retention = doesStartWork()
  ? scheduleRetention({ jobs: retentionJobs({ activityDays: env.ACTIVITY_DAYS }), logger })
  : undefined;

// Page caches of every process and machine are emptied by PostgreSQL's change notices (ADR 010).
if (doesStartWork()) await installChangeNoticesOn(database);
// ADR 036: the same notices tell the live matches' fan-out that an event was recorded.
let onLiveChange: (change: Change | null) => void = () => {};
const changeListener = await listenForChanges({
  handle: database,
  logger,
  onChange: (change) => {
    forgetClub();
    forgetKeptValues();
    invalidatePageCaches();
    onLiveChange(change);
  },
});
// ADR 030: every change now reaches this process, so answers can be kept until one comes.
keepUntilChange();
// `npm run backup` on the embedded database asks the running server (it holds the folder).
const backupSocket =
  database.kind === "pglite"
    ? await startBackupSocket({ dataDir: env.DATA_DIR, database, logger })
    : undefined;

// Automatic backups (ADR 027): at start when the newest is more than a day old, then daily.
// One process per machine plans them (the others of node:cluster do not); on PostgreSQL an
// advisory lock lets one process of all machines take each.
const backupSettings = backupSettingsFrom(env);
// /healthz answers the backups' age from a state it keeps (ADR 033): read it now, not when the
// first health check comes (perhaps during an import).
void rememberedBackupState(backupSettings.dir).catch(() => {});
const backupSchedule = doesStartWork()
  ? startBackupSchedule({ database, settings: backupSettings, logger })
  : undefined;

// The supporters' e-mails (ADR 032): queued mail sent at MAIL_PER_MINUTE, one sender at a time.
const mailWorker = doesStartWork()
  ? startMailWorker({ database, logger, perMinute: env.MAIL_PER_MINUTE })
  : undefined;

// Scheduled news (ADR 034): published at its time by whichever process looks first, and at
// start when the server was down at that time.
const newsSchedule = doesStartWork() ? startNewsSchedule({ logger }) : undefined;

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
    logger.fatal("No production build found: run `npm run build` (npm start does it for you).");
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
  formBodyLimitBytes: env.FORM_BODY_LIMIT_KB * 1024,
  pageCacheSeconds: env.PAGE_CACHE_SECONDS,
  renderConcurrency: env.RENDER_CONCURRENCY,
  backupDir: backupSettings.dir,
  ...appOptions,
});
// ADR 030: the bench's slow-CPU line asks how long the loop was held, over its IPC channel only.
const stopEventLoopAnswers = answerEventLoopQuestions();
// Kept anonymous pages are answered before Express (server/fast-path.ts).
const { server, fastPath, liveStreams } = createHttpServer({ host, logger });
onLiveChange = (change) => liveStreams.onChange(change);
const stopMemoryReport = reportMemoryOnSignal({ database, pageCache: host.pageCache, logger });
const siteUrl = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`;
const hasAdministrator = doesStartWork() ? (await listAdministrators()).length > 0 : true;
server.listen(env.PORT, env.HOST, () => {
  logger.info(`listening on ${siteUrl}`);
  // decisions 35: the last thing a start says, in plain words, as plain lines after the JSON
  // logs (never through the logger: the demo administrator's password is not logged).
  // One process of several says it (the one that does the start's work).
  if (!doesStartWork()) return;
  const lines = startMessage({ siteUrl, hasAdministrator, demoAdministrator });
  demoAdministrator = null;
  try {
    logDestination.flushSync();
  } catch {
    // Not open yet: the lines may come before the last log lines, which is harmless.
  }
  process.stdout.write(`\n${lines.join("\n")}\n`);
});
server.on("error", async (error: NodeJS.ErrnoException) => {
  logger.fatal(
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
  // Followers' streams never finish by themselves: end them (browsers reconnect elsewhere).
  liveStreams.close();
  const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  force.unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  await backupSchedule?.close();
  await mailWorker?.close();
  await newsSchedule?.close();
  await backupSocket?.close();
  await retention?.close();
  stopMemoryReport();
  await changeListener.close();
  await database.close();
  fastPath?.close();
  stopEventLoopAnswers?.();
  logger.info("stopped");
  logDestination.flushSync();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled rejection"));
