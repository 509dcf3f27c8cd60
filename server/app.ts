import path from "node:path";
import compression from "compression";
import express from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import {
  createRequestHandler as createFetchHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import type { DatabaseHandle } from "../app/db/database.server.ts";
import { forgetKeptValues } from "../app/db/kept-until-change.server.ts";
import { screenForPath, uploadLimits } from "../app/domain/admin/screens.ts";
import { isLiveSession } from "../app/domain/auth/session.server.ts";
import { rememberedBackupState } from "../app/domain/backups/files.server.ts";
import { forgetClub, lastKnownClub } from "../app/domain/club/club.server.ts";
import { withTimeout } from "../app/domain/connectivity/with-timeout.ts";
import { IMPORT_UPLOAD_MAX_BYTES } from "../app/domain/import/rules.ts";
import { MEDIA_UPLOAD_MAX_BYTES } from "../app/domain/media/rules.ts";
import { redactTokens, setLogger } from "../app/logger.server.ts";
import { clientAddressContext } from "../app/request-context.server.ts";
import { mediaFiles } from "./media-files.ts";
import { PageCache } from "./page-cache.ts";
import { precompressedAssets } from "./precompressed.ts";
import { privateResponses } from "./private-responses.ts";
import { reactRouterHandler } from "./react-router-handler.ts";
import { concurrencyLimit, DEFAULT_RENDER_CONCURRENCY, gatedHandler } from "./render-gate.ts";
import { errorHandler, formBodies, validRequests } from "./requests.ts";
import { sameOriginWrites } from "./same-origin.ts";
import { securityHeaders } from "./security-headers.ts";
import { serviceWorkerFiles } from "./service-worker-files.ts";
import { signedInCheck } from "./signed-in.ts";

export interface AppOptions {
  database: DatabaseHandle;
  logger: Logger;
  /** Express's "trust proxy": false, a number of proxy hops, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Production: the built server bundle and the folder of built browser files. */
  build?: { server: ServerBuild; clientDir: string };
  /** Development: Vite's middleware and a loader of the live server bundle. */
  dev?: { middlewares: express.RequestHandler; load: () => Promise<ServerBuild> };
  /** Production: how long an anonymous public page is served from memory; 0 turns it off. */
  pageCacheSeconds?: number;
  /** Where the automatic backups are (BACKUP_DIR): /healthz reports the newest one's age. */
  backupDir?: string;
  /** The largest form body accepted, in bytes (FORM_BODY_LIMIT_KB). */
  formBodyLimitBytes?: number;
  /** ADR 040: page renders in progress at once (RENDER_CONCURRENCY). */
  renderConcurrency?: number;
}

/** Room for the largest real form: Manage Team with a bio at its limit (server/requests.test.ts). */
export const DEFAULT_FORM_BODY_LIMIT_BYTES = 3072 * 1024;

const HEALTH_TIMEOUT_MS = 2_000;

export interface Host {
  app: express.Express;
  /** Production with PAGE_CACHE_SECONDS > 0: the cache the fast path reads (server/fast-path.ts). */
  pageCache: PageCache | undefined;
}

/** The Express application alone (tests that need no fast path). */
export function createApp(options: AppOptions): express.Express {
  return createHost(options).app;
}

export function createHost(options: AppOptions): Host {
  setLogger(options.logger);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy);

  app.use(
    pinoHttp({
      logger: options.logger,
      // Bodies, cookies and query strings can carry personal data or passwords: log the path only.
      serializers: {
        req: (req: { method: string; url: string; id: unknown }) => ({
          id: req.id,
          method: req.method,
          // Without the token of a one-time link (app/logger.server.ts).
          path: redactTokens(req.url.split("?")[0] ?? ""),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" },
    }),
  );
  app.use(validRequests());
  app.use(securityHeaders());
  // Uploaded images: public and immutable whoever asks (before the private marking).
  app.use("/media", mediaFiles());
  // ADR 025: a session cookie counts once the database knows it (remembered for a few seconds).
  const signedIn = signedInCheck({ isLive: isLiveSession });
  // Not known yet (an admin page, which no one has checked): private, to be safe.
  app.use(privateResponses((cookie) => signedIn.known(cookie) !== false));
  // Admin pages and their data are personal and change with every edit: never cached.
  app.use("/admin", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  // ADR 040: one queue for every page render, kept or not.
  const renderGate = concurrencyLimit(options.renderConcurrency ?? DEFAULT_RENDER_CONCURRENCY);
  // Production: anonymous public pages from memory (ADR 007), before anything else touches them.
  const pageCache =
    options.build && options.pageCacheSeconds
      ? new PageCache({
          handler: gatedHandler(createFetchHandler(options.build.server, "production"), renderGate),
          getLoadContext,
          ttlMs: options.pageCacheSeconds * 1000,
          hasSession: signedIn.known,
          verifySession: signedIn.verify,
          // The address the club set in Club details (ADR 013), as last read.
          isKnownHost: (host) => siteHosts(lastKnownClub().details.url)(host),
        })
      : undefined;
  if (pageCache)
    app.use((req, res, next) =>
      // The cache forgets every page after an admin write (ADR 007); a post to a screen open
      // to anyone is none (ADR 024), else any visitor could empty the cache at will.
      isOpenScreenWrite(req) ? next() : pageCache.serve(req, res, next),
    );
  // ADR 013: the cached club details (and ADR 030: the answers kept until a change) are read
  // again after any admin write, once it has committed (the write's own forget may run inside its transaction, before the commit).
  app.use((req, res, next) => {
    if (
      req.method !== "GET" &&
      req.method !== "HEAD" &&
      /^\/admin(\/|$)/i.test(req.path) &&
      !isOpenScreenWrite(req)
    ) {
      res.on("close", () => {
        if (res.statusCode < 400) {
          forgetClub();
          forgetKeptValues();
        }
      });
    }
    next();
  });
  app.use(compression());
  app.use(sameOriginWrites());
  app.use(
    formBodies({
      limitBytes: options.formBodyLimitBytes ?? DEFAULT_FORM_BODY_LIMIT_BYTES,
      // The admin screens whose forms carry a file, from the registry (ADR 020): a photo or
      // logo (ADR 017) up to 15 MB plus the fields; the old site's export. Their actions check
      // the session and the permission, then read the body.
      uploads: uploadLimits({ media: MEDIA_UPLOAD_MAX_BYTES, import: IMPORT_UPLOAD_MAX_BYTES }),
    }),
  );

  app.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await withTimeout({
        promise: options.database.ping(),
        ms: HEALTH_TIMEOUT_MS,
        timeoutError: () => new Error(`timed out after ${HEALTH_TIMEOUT_MS} ms`),
      });
      res.json({
        status: "ok",
        database: options.database.kind,
        ...(options.backupDir ? { backup: await backupHealth(options.backupDir) } : {}),
      });
    } catch (error) {
      options.logger.error({ err: error }, "health check: database unreachable");
      res.status(503).json({ status: "unavailable", database: options.database.kind });
    }
  });

  if (options.build) {
    const { clientDir, server } = options.build;
    // Hashed file names change with their content: cache them for a year. Scripts and
    // stylesheets go out as the build's gzip copies where the browser accepts gzip (ADR 008).
    app.use("/assets", precompressedAssets(path.join(clientDir, "assets")));
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }),
    );
    app.use(serviceWorkerFiles(clientDir));
    app.use(express.static(clientDir, { maxAge: "1h" }));
    if (pageCache) app.use(pageCache.render);
    app.use(
      reactRouterHandler({ build: server, getLoadContext, mode: "production", gate: renderGate }),
    );
  } else if (options.dev) {
    app.use(options.dev.middlewares);
    app.use(reactRouterHandler({ build: options.dev.load, getLoadContext, mode: "development" }));
  }
  app.use(errorHandler(options.logger));
  return { app, pageCache };
}

/**
 * A post to an admin screen anyone may use without a session (Log in, Forgot password, Choose
 * your password: `permission: "open"` in the registry, ADR 020): it changes no content, so it
 * is not an admin write for the page cache or the club details.
 */
function isOpenScreenWrite(req: express.Request): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false;
  if (!/^\/admin(\/|$)/i.test(req.path)) return false;
  return screenForPath(req.path)?.permission === "open";
}

/**
 * ADR 027: the newest backup's age in seconds (null: none) and what to warn of; no path, no
 * command, no error text (the endpoint is public).
 */
async function backupHealth(dir: string) {
  const state = await rememberedBackupState(dir).catch(() => undefined);
  if (!state) return { ageSeconds: null, warning: "failed" };
  return {
    ageSeconds: state.newest
      ? Math.round((Date.now() - state.newest.createdAt.getTime()) / 1000)
      : null,
    warning: state.warning,
  };
}

/**
 * The hosts whose pages the cache keeps: the site's own (club.url) and the machine's own
 * loopback names (a health check, a local test). Any other Host is served, not kept.
 */
function siteHost(siteUrl: string): (host: string) => boolean {
  const site = new URL(siteUrl).host.toLowerCase();
  return (host) => {
    const lower = host.toLowerCase();
    return lower === site || LOOPBACK_HOST.test(lower);
  };
}

const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * siteHost for the club's address as last read, made again only when the address changes: the
 * fast path asks for every kept page, and parsing the URL each time cost about 2 % of its CPU.
 */
const siteHosts = (() => {
  let last: { url: string; isSite: (host: string) => boolean } | undefined;
  return (siteUrl: string) => {
    if (last?.url !== siteUrl) last = { url: siteUrl, isSite: siteHost(siteUrl) };
    return last.isSite;
  };
})();

function getLoadContext(req: express.Request) {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, req.ip ?? "unknown");
  return context;
}
