import type http from "node:http";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import accepts from "accepts";
import type { Logger } from "pino";
import type { Host } from "./app.ts";
import { createNodeServer, type RequestTimeouts } from "./connections.ts";
import { createLiveStreams, type LiveStreams } from "./live-streams.ts";
import { cachedPageAnswer, matchesEtag, type PageCache, type Rendered } from "./page-cache.ts";
import { securityHeaderList } from "./security-headers.ts";

// The fast path (ADR 007): a kept anonymous page is answered by a plain node:http handler
// in front of Express, before its middleware and the per-request log line. It answers only
// what the page cache would answer from memory in Express (same key, same freshness: HIT, or
// STALE while the page renders again), with the same headers: the security headers come from
// the same list (security-headers.ts), the rest from the same function (cachedPageAnswer in page-cache.ts); tests/integration/fast-path.test.ts
// compares both paths header by header. Everything else (a miss, a write, the admin, a
// session, static files) goes on to Express unchanged.
//
// The access log: a kept page costs no log write of its own. The fast path counts what it
// served and writes one line per interval (and one when it stops), with the cache's size;
// Express still logs every other request one by one (admin actions, errors, misses).

/** Express's compiled "trust proxy" setting: is the hop at this index a trusted proxy? */
type TrustProxy = (address: string | undefined, hop: number) => boolean;

export interface FastPathOptions {
  pageCache: PageCache;
  trust: TrustProxy;
  logger: Logger;
  /** How often the counts of pages served by the fast path are logged. */
  logIntervalMs?: number;
}

export interface FastPath {
  /** Answers the request when it is a kept page; false hands it on. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** A request listener: the fast path, then `next` (the Express application). */
  listener(next: RequestListener): RequestListener;
  /** Pages answered so far (including 304s). */
  served(): number;
  /** Logs the last counts and stops the timer. */
  close(): void;
}

const MAX_LOGGED_PATHS = 100;
const MAX_REMEMBERED_ENCODINGS = 64;

interface Prepared {
  status: number;
  /** Header names and values in one flat list, as writeHead takes them. */
  headers: string[];
  body: Buffer | undefined;
}

export function createFastPath({
  pageCache,
  trust,
  logger,
  logIntervalMs = 60_000,
}: FastPathOptions): FastPath {
  // Each page's answers, built once per variant (stale, secure, gzip, 304) and reused until the
  // page leaves the cache (the WeakMap lets them go with it).
  const prepared = new WeakMap<Rendered, Map<number, Prepared>>();
  // Accept-Encoding values seen, and whether gzip wins for each (Express's negotiation).
  const gzipFor = new Map<string, boolean>();
  let counts = newCounts();
  let served = 0;

  const acceptsGzip = (header: string | undefined): boolean => {
    const value = header ?? "";
    let gzip = gzipFor.get(value);
    if (gzip === undefined) {
      gzip =
        accepts({ headers: { "accept-encoding": value } } as IncomingMessage).encodings(
          "gzip",
          "identity",
        ) === "gzip";
      if (gzipFor.size >= MAX_REMEMBERED_ENCODINGS) gzipFor.clear();
      gzipFor.set(value, gzip);
    }
    return gzip;
  };

  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const url = req.url ?? "";
    // Only the usual origin-form target ("/path?query"); anything else goes to Express.
    if (url.charCodeAt(0) !== 47 /* "/" */) return false;
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const protocol = protocolOf(req, trust);
    const key = pageCache.keyFor({
      path,
      protocol,
      host: req.headers.host,
      url,
      cookie: req.headers.cookie,
    });
    if (!key) return false;
    const kept = pageCache.lookup(key);
    if (!kept) return false;
    const { page, state } = kept;
    const cached = page.cached;

    const secure = protocol === "https";
    const gzip = acceptsGzip(req.headers["accept-encoding"] as string | undefined);
    const notModified = matchesEtag(req.headers["if-none-match"], cached.etag);
    const variant =
      (state === "STALE" ? 8 : 0) | (secure ? 4 : 0) | (gzip ? 2 : 0) | (notModified ? 1 : 0);
    let answers = prepared.get(page);
    if (!answers) {
      answers = new Map();
      prepared.set(page, answers);
    }
    let answer = answers.get(variant);
    if (!answer) {
      const built = cachedPageAnswer({
        page,
        cached,
        state,
        ifNoneMatch: notModified ? cached.etag : undefined,
        gzip,
      });
      const headers: string[] = [];
      for (const [name, value] of securityHeaderList(secure)) headers.push(name, value);
      for (const [name, value] of built.headers) headers.push(name, value);
      answer = { status: built.status, headers, body: built.body };
      answers.set(variant, answer);
    }
    res.writeHead(answer.status, answer.headers);
    res.end(method === "HEAD" ? undefined : answer.body);

    served++;
    counts.requests++;
    if (answer.status === 304) counts.notModified++;
    const paths = counts.paths;
    const logged = paths.size < MAX_LOGGED_PATHS || paths.has(path) ? path : "(other)";
    paths.set(logged, (paths.get(logged) ?? 0) + 1);
    return true;
  };

  const flush = (final: boolean) => {
    if (counts.requests === 0 && !final) return;
    const { requests, notModified, paths } = counts;
    counts = newCounts();
    logger.info(
      {
        fastPath: {
          requests,
          notModified,
          paths: Object.fromEntries([...paths].sort((a, b) => b[1] - a[1])),
        },
        pageCache: { pages: pageCache.size, bytes: pageCache.bytes },
      },
      "page cache: pages served before Express",
    );
  };
  const timer = setInterval(() => flush(false), logIntervalMs);
  timer.unref();

  return {
    handle,
    listener: (next) => (req, res) => {
      if (!handle(req, res)) next(req, res);
    },
    served: () => served,
    close: () => {
      clearInterval(timer);
      flush(true);
    },
  };
}

function newCounts() {
  return { requests: 0, notModified: 0, paths: new Map<string, number>() };
}

// What Express's req.protocol says, with Express's own trust setting: the connection's, or
// when the connection comes from a trusted proxy the first X-Forwarded-Proto.
function protocolOf(req: IncomingMessage, trust: TrustProxy): string {
  const own = (req.socket as TLSSocket).encrypted ? "https" : "http";
  if (!trust(req.socket.remoteAddress, 0)) return own;
  const header = req.headers["x-forwarded-proto"];
  const value = (Array.isArray(header) ? header.join(",") : header) || own;
  const comma = value.indexOf(",");
  return (comma === -1 ? value : value.slice(0, comma)).trim();
}

/**
 * The HTTP server of the host: the fast path in front of Express when the page cache is on.
 * Used by server/index.ts and by the tests, so both run the same stack.
 */
export function createHttpServer({
  host,
  logger,
  timeouts,
}: {
  host: Host;
  logger: Logger;
  /** How long a client may take to send a request (server/connections.ts). */
  timeouts?: RequestTimeouts;
}): {
  server: http.Server;
  fastPath: FastPath | undefined;
  /** The followers' streams of live matches (ADR 036), answered before everything else. */
  liveStreams: LiveStreams;
} {
  // The proxies Express trusts (TRUST_PROXY), so both paths see the same protocol.
  const trust = host.app.get("trust proxy fn") as TrustProxy;
  const fastPath = host.pageCache
    ? createFastPath({ pageCache: host.pageCache, trust, logger })
    : undefined;
  const liveStreams = createLiveStreams({
    logger,
    isSecure: (req) => protocolOf(req, trust) === "https",
  });
  const next = fastPath ? fastPath.listener(host.app) : host.app;
  const server = createNodeServer((req, res) => {
    if (!liveStreams.handle(req, res)) next(req, res);
  }, timeouts);
  return { server, fastPath, liveStreams };
}
