import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import type { ServerBuild } from "react-router";
import type { DatabaseHandle } from "../app/db/database.server.ts";
import { type ChangeListener, listenForChanges } from "../app/db/notify.server.ts";
import { createLogger } from "../app/logger.server.ts";
import { createHost } from "../server/app.ts";
import type { RequestTimeouts } from "../server/connections.ts";
import { createHttpServer, type FastPath } from "../server/fast-path.ts";
import { invalidatePageCaches } from "../server/page-cache.ts";

// The whole host (server/app.ts with the production build) in this process, on a test
// database: real HTTP, real headers and guard, and the database directly at hand.

const root = path.resolve(import.meta.dirname, "..");

export async function loadServerBuild(): Promise<ServerBuild> {
  const file = path.join(root, "build/server/index.js");
  if (!fs.existsSync(file))
    throw new Error("No production build: run `npm run build` first (npm test does).");
  return (await import(file)) as ServerBuild;
}

export interface TestApp {
  url: string;
  /** The log lines the app wrote (JSON), for tests that read the log. */
  log: () => string;
  /** With the page cache on: the fast path in front of Express (server/fast-path.ts). */
  fastPath: FastPath | undefined;
  close: () => Promise<void>;
}

/**
 * `pageCacheSeconds` turns on the public page cache (off by default: most suites change the
 * database directly between requests, which the cache cannot see).
 */
export async function startTestApp(
  database: DatabaseHandle,
  {
    pageCacheSeconds = 0,
    trustProxy = false,
    timeouts,
    before,
    listen = false,
    backupDir,
  }: {
    pageCacheSeconds?: number;
    trustProxy?: false | number | string[];
    /** Short request timeouts, for a test of a slow client (server/connections.ts). */
    timeouts?: RequestTimeouts;
    /** A test-only handler in front of the whole app (e.g. an event stream to pass a proxy). */
    before?: express.RequestHandler;
    /**
     * Listen for the database's change notices as server/index.ts does (ADR 010): page caches
     * emptied, live matches' followers told (ADR 036). The triggers must be installed.
     */
    listen?: boolean;
    /** The backups' folder, as server/index.ts gives it: /healthz reports the newest's age. */
    backupDir?: string;
  } = {},
): Promise<TestApp> {
  let log = "";
  // The server's own logger (redaction, error serializer), writing into this string.
  const logger = createLogger({
    level: "trace",
    destination: {
      write(line: string) {
        log += line;
      },
    },
  });
  const host = createHost({
    database,
    logger,
    trustProxy,
    pageCacheSeconds,
    backupDir,
    build: { server: await loadServerBuild(), clientDir: path.join(root, "build/client") },
  });
  if (before) {
    const outer = express();
    outer.set("trust proxy", trustProxy);
    outer.use(before, host.app);
    host.app = outer;
  }
  // The same stack as server/index.ts: the fast path in front of Express.
  const { server, fastPath, liveStreams } = createHttpServer({ host, logger, timeouts });
  const listener: ChangeListener | undefined = listen
    ? await listenForChanges({
        handle: database,
        logger,
        onChange: (change) => {
          invalidatePageCaches();
          liveStreams.onChange(change);
        },
      })
    : undefined;
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => log,
    fastPath,
    close: async () => {
      liveStreams.close();
      await listener?.close();
      await new Promise<void>((resolve) => {
        fastPath?.close();
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

/** Signs in through the real login form; returns the session cookie ("name=value"). */
export async function signIn({
  app,
  email,
  password,
}: {
  app: TestApp;
  email: string;
  password: string;
}): Promise<string> {
  const response = await fetch(`${app.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: app.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}
