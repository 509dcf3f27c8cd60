import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type express from "express";
import type { RouterContextProvider } from "react-router";
import { processValue } from "../app/config/process-wide.ts";

// The cache of anonymous public pages (ADR 007). A page is rendered once per URL and kept,
// compressed, until an administrator changes anything or the time-to-live runs out (which
// bounds what depends on the clock: relative dates, upcoming versus past). Visitors get an
// ETag, so a browser that has the page already gets a 304 instead of the HTML.
//
// When the time-to-live alone has run out, the first GET that reaches Express renders the
// page again, and while it does the others still get the kept copy (stale-while-revalidate,
// marked STALE), rather than all waiting on the render. Never after a change (the
// generation), and never once the copy is twice the time-to-live old.
//
// Bypassed entirely for requests with a live session (the page shows the signed-in state),
// for anything but GET and HEAD, and for the admin and the health check.
//
// ADR 025: an anonymous client cannot bypass or flush it. The key holds only the query
// parameters pages read (PAGE_QUERY_PARAMETERS, in a fixed order) and not the Host (pages take
// their addresses from the club's URL, rules §12; an unknown Host is not kept at all); a
// session cookie counts only once the database knows it; and addresses that are not a plain
// lower-case path (a query string, capitals, a trailing slash) share a small quota of their
// own, so junk addresses can never evict the site's own pages. Only 200s are kept.

const gzipAsync = promisify(gzip);

/** A Web-standard request handler (React Router's `createRequestHandler` from "react-router"). */
export type FetchHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export interface PageCacheOptions {
  handler: FetchHandler;
  getLoadContext: (req: express.Request) => RouterContextProvider;
  /** How long a page may be served without being rendered again. */
  ttlMs: number;
  /**
   * Whether a request's Cookie header carries a live session (such a request bypasses the
   * cache): undefined when not known without asking `verifySession`.
   */
  hasSession: (cookieHeader: string | undefined) => boolean | undefined;
  /** Asks (the database) whether the session is live; `hasSession` knows the answer after. */
  verifySession?: (cookieHeader: string | undefined) => Promise<boolean>;
  /** rules §12: pages asked for under another Host are rendered, never kept. */
  isKnownHost?: (host: string) => boolean;
  maxEntries?: number;
  /** Of maxEntries, how many may be addresses other than a plain path (isPlainAddress). */
  maxOtherEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

export interface Rendered {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** Set when the page may be kept and shared. */
  cached?: { etag: string; gzipped: Buffer; generation: number; storedAt: number };
}

/** How a kept page is served: fresh, or expired but served while its next render runs. */
export type CacheState = "HIT" | "STALE";

/** A kept page that may be served now (PageCache.lookup). */
export interface Kept {
  page: Rendered & { cached: NonNullable<Rendered["cached"]> };
  state: CacheState;
}

/** For browsers: always ask (a 304 costs one round trip); for CDNs: a short life, refreshed behind. */
const CACHED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=30, must-revalidate";
const CACHED_PAGE_CDN_CACHE_CONTROL = "public, max-age=30, stale-while-revalidate=60";

/** The cache's bound (ADR 007): pages kept, and their bytes (HTML plus gzip). */
export const PAGE_CACHE_MAX_PAGES = 500;
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** ADR 025: pages under an address with a query string or another spelling of a path. */
const PAGE_CACHE_MAX_OTHER_PAGES = 100;

/**
 * ADR 025: the query parameters public pages read (scripts/page-query.test.ts checks the
 * routes against this list), and React Router's own (`_routes` of a data request, `index`).
 * Any other parameter is left out of the cache key and of the render.
 */
export const PAGE_QUERY_PARAMETERS = [
  "_routes",
  // /subscribe?email= (the footer's short form) and /subscribe/preferences/…?saved=1: never
  // kept (private, no-store), but read, so listed like every parameter a page reads.
  "email",
  "index",
  "map",
  "page",
  "results",
  "saved",
  "season",
  "sent",
  "tab",
  "upcoming",
];

const ROUTE_DISCOVERY_PATH = "/__manifest";

const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** How long an expired page's copy is served on the word of a request that set off to render it. */
const REFRESH_CLAIM_MS = 5_000;
const MAX_KEY_LENGTH = 2048;

// Every cache of the process: the test harness's database probe writes behind the admin's
// back and invalidates through this (a process value survives a second copy of this module).
const registry = () => processValue("page-caches", () => new Set<PageCache>());

/** Drops every cached page of this process. */
export function invalidatePageCaches(): void {
  for (const cache of registry()) cache.invalidate();
}

export class PageCache {
  readonly #options: Required<PageCacheOptions>;
  readonly #entries = new Map<string, Rendered>();
  // The kept keys that are not plain addresses, least recently used first (their own quota).
  readonly #others = new Set<string>();
  readonly #inFlight = new Map<string, Promise<Rendered>>();
  // Expired pages a request has set off to render again (serve, below), and when: between
  // there and the render (the static files' lookup) the others get the copy too.
  readonly #refreshing = new Map<string, number>();
  #generation = 0;
  #bytes = 0;

  constructor(options: PageCacheOptions) {
    this.#options = {
      maxEntries: PAGE_CACHE_MAX_PAGES,
      maxOtherEntries: PAGE_CACHE_MAX_OTHER_PAGES,
      verifySession: async (cookie) => options.hasSession(cookie) === true,
      maxBytes: PAGE_CACHE_MAX_BYTES,
      isKnownHost: () => true,
      now: Date.now,
      ...options,
    };
    registry().add(this);
  }

  /** Forgets every page: the next request for each renders it afresh. */
  invalidate(): void {
    this.#generation++;
    this.#entries.clear();
    this.#others.clear();
    this.#refreshing.clear();
    this.#bytes = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  close(): void {
    registry().delete(this);
  }

  /** Bytes kept (pages and their gzip), for the access log and the bench's memory report. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * The cache key of a request this cache may answer, or null: anonymous, outside the admin
   * and the health check. Shared by the Express path and the fast path (server/fast-path.ts).
   */
  keyFor(request: RequestParts): string | null {
    return this.#addressOf(request)?.key ?? null;
  }

  // The key, and the address the page is rendered for (the same path and kept parameters).
  #addressOf({ path, protocol, host, url, cookie }: RequestParts): Address | null {
    // React Router's route discovery (`/__manifest?p=…&version=…`) reads its own parameters:
    // kept without them it answers a version mismatch, and the browser reloads the page.
    if (isAdminPath(path) || path === "/healthz" || path === ROUTE_DISCOVERY_PATH) return null;
    // A signed-in administrator's page is theirs alone (server/private-responses.ts marks it);
    // not known yet (undefined): not from memory, Express asks first (serve).
    if (this.#options.hasSession(cookie) !== false) return null;
    // Pages are kept only for the site's own host names: any other Host makes no entry.
    if (!this.#options.isKnownHost(host ?? "")) return null;
    const queryAt = url.indexOf("?");
    const query = queryAt === -1 ? "" : keptQuery(url.slice(queryAt + 1));
    const target = `${path}${query}`;
    if (target.length > MAX_KEY_LENGTH) return null;
    return {
      key: `${protocol}:${target}`,
      url: `${protocol}://${host ?? ""}${target}`,
      plain: query === "" && isPlainPath(path),
    };
  }

  /**
   * A kept page that may be served now (fresh, or stale while it renders again), or undefined:
   * the request then goes on to Express, whose `serve` may set it off to render the page.
   */
  lookup(key: string): Kept | undefined {
    return this.#lookup(key, false);
  }

  /**
   * Serves kept pages (and registers admin writes). Mounted early, before the static files
   * and compression: a kept page is already compressed, and needs no file system lookup.
   */
  readonly serve: express.RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // Any change an administrator makes can show on any public page: forget them all once
      // it has been made. A page whose render overlapped the change is not kept either (it
      // started under the old generation). Refused requests (400 and up) changed nothing, so
      // they cannot be used to empty the cache.
      if (isAdminPath(req.path)) {
        res.on("close", () => {
          if (res.statusCode < 400) this.invalidate();
        });
      }
      next();
      return;
    }
    const answer = () => {
      const key = this.#addressOf(partsOf(req))?.key;
      // A GET goes on to `render` (a HEAD is rendered on its own): it may claim the refresh.
      const kept = key ? this.#lookup(key, req.method === "GET") : undefined;
      if (kept) send({ req, res, page: kept.page, state: kept.state });
      else next();
    };
    // A session cookie nobody has checked lately: ask the database, then go on.
    if (this.#options.hasSession(req.headers.cookie) === undefined) {
      this.#options.verifySession(req.headers.cookie).then(answer, next);
    } else answer();
  };

  /** Renders a page that is not kept (after the static files), keeping it when it may be shared. */
  readonly render: express.RequestHandler = (req, res, next) => {
    if (req.method !== "GET") {
      next();
      return;
    }
    const address = this.#addressOf(partsOf(req));
    if (!address) {
      next();
      return;
    }
    this.#render({ address, req }).then(
      (page) => send({ req, res, page, state: "MISS" }),
      (error: unknown) => next(error),
    );
  };

  /** `claim`: an expired page nobody is rendering yet is this request's to render again. */
  #lookup(key: string, claim: boolean): Kept | undefined {
    const page = this.#entries.get(key);
    if (!isKept(page)) return undefined;
    if (page.cached.generation !== this.#generation) {
      this.#forget(key);
      return undefined;
    }
    const now = this.#options.now();
    const age = now - page.cached.storedAt;
    if (age >= this.#options.ttlMs) {
      // Expired by time alone: the copy is served while a request renders the page again, up
      // to twice the time-to-live.
      if (age >= 2 * this.#options.ttlMs) {
        this.#forget(key);
        return undefined;
      }
      const claimed = this.#refreshing.get(key);
      if (this.#inFlight.has(key) || (claimed !== undefined && now - claimed < REFRESH_CLAIM_MS)) {
        return { page, state: "STALE" };
      }
      if (claim) this.#refreshing.set(key, now);
      return undefined;
    }
    // Least recently used goes first: move this one to the end.
    this.#entries.delete(key);
    this.#entries.set(key, page);
    if (this.#others.delete(key)) this.#others.add(key);
    return { page, state: "HIT" };
  }

  // Concurrent requests for the same page share one render (no stampede after a change).
  // Only a shareable page is shared: anything else is rendered for each visitor.
  async #render({ address, req }: { address: Address; req: express.Request }): Promise<Rendered> {
    const { key } = address;
    const pending = this.#inFlight.get(key);
    if (pending) {
      const page = await pending;
      return page.cached ? page : this.#renderOnce({ address, req });
    }
    const rendering = this.#renderOnce({ address, req }).finally(() => {
      this.#inFlight.delete(key);
      this.#refreshing.delete(key);
    });
    this.#inFlight.set(key, rendering);
    return rendering;
  }

  async #renderOnce({
    address,
    req,
  }: {
    address: Address;
    req: express.Request;
  }): Promise<Rendered> {
    const { key } = address;
    const generation = this.#generation;
    const storedAt = this.#options.now();
    const response = await this.#options.handler(
      toWebRequest(req, address.url),
      this.#options.getLoadContext(req),
    );
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers].filter(([name]) => !SENT_BY_US.has(name));
    const page: Rendered = { status: response.status, headers, body };
    if (!isShareable(response, body)) {
      // The page can no longer be kept (an error, a redirect): its old copy is not served either.
      if (generation === this.#generation) this.#forget(key);
      return page;
    }
    page.cached = {
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`,
      gzipped: await gzipAsync(body),
      generation,
      storedAt,
    };
    // A change made while this page rendered has already moved the generation on: still send
    // the page to this visitor, but do not keep it.
    if (generation === this.#generation) this.#store(address, page);
    return page;
  }

  #store({ key, plain }: Address, page: Rendered): void {
    this.#forget(key);
    this.#entries.set(key, page);
    this.#bytes += sizeOf(page);
    if (!plain) this.#others.add(key);
    const full = () =>
      this.#entries.size > this.#options.maxEntries || this.#bytes > this.#options.maxBytes;
    // Other addresses make room first, and among themselves within their quota: they never
    // evict a plain one (ADR 025).
    for (const oldest of this.#others) {
      if (this.#others.size <= this.#options.maxOtherEntries && !full()) break;
      this.#forget(oldest);
    }
    for (const [oldest] of this.#entries) {
      if (!full()) break;
      this.#forget(oldest);
    }
  }

  #forget(key: string): void {
    this.#refreshing.delete(key);
    const page = this.#entries.get(key);
    if (!page) return;
    this.#entries.delete(key);
    this.#others.delete(key);
    this.#bytes -= sizeOf(page);
  }
}

interface RequestParts {
  /** The URL's path, without the query. */
  path: string;
  protocol: string;
  host: string | undefined;
  /** The request target as sent: path and query. */
  url: string;
  cookie: string | undefined;
}

interface Address {
  key: string;
  /** What the page is rendered for: this host, the path and the kept parameters. */
  url: string;
  /** A plain path without a query: the site's own addresses (ADR 025). */
  plain: boolean;
}

const partsOf = (req: express.Request): RequestParts => ({
  path: req.path,
  protocol: req.protocol,
  host: req.get("host"),
  url: req.originalUrl,
  cookie: req.headers.cookie,
});

const KEPT_PARAMETERS = new Set(PAGE_QUERY_PARAMETERS);

// The query parameters a page reads, in a fixed order, the first of each name: "?a=1&b=2",
// or "" when none is left.
function keptQuery(query: string): string {
  const kept = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(query)) {
    if (KEPT_PARAMETERS.has(name) && !kept.has(name)) kept.set(name, value);
  }
  if (kept.size === 0) return "";
  const sorted = [...kept].sort(([a], [b]) => (a < b ? -1 : 1));
  return `?${new URLSearchParams(sorted).toString()}`;
}

// How the site writes its own addresses: lower case, no trailing slash, nothing encoded.
function isPlainPath(path: string): boolean {
  return path === "/" || /^(\/[a-z0-9][a-z0-9._-]*)+$/.test(path);
}

const isKept = (page: Rendered | undefined): page is Kept["page"] => Boolean(page?.cached);

// Headers this cache sets itself (or that no longer apply to the body it sends).
const SENT_BY_US = new Set(["content-length", "content-encoding", "etag", "transfer-encoding"]);

const sizeOf = (page: Rendered) => page.body.length + (page.cached?.gzipped.length ?? 0);

// Case-insensitive, like the routes themselves: a write to /Admin/news reaches the admin
// and must empty the cache too (rules §12).
function isAdminPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === "/admin" || lower.startsWith("/admin/") || lower.startsWith("/admin.");
}

// Only a complete, successful page that is the same for every anonymous visitor.
function isShareable(response: Response, body: Buffer): boolean {
  if (response.status !== 200) return false;
  if (response.headers.has("set-cookie")) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  // no-cache asks caches to check with the server before reuse: this cache is the server,
  // and it hears of every change (the feeds use it so readers always ask again).
  if (/no-store|private/.test(cacheControl)) return false;
  return body.length <= MAX_BODY_BYTES;
}

function toWebRequest(req: express.Request, url: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // Not tied to this visitor's connection: the render may be shared with others waiting for it.
  return new Request(url, { method: req.method, headers });
}

function send({
  req,
  res,
  page,
  state,
}: {
  req: express.Request;
  res: express.Response;
  page: Rendered;
  state: CacheState | "MISS";
}): void {
  if (!page.cached) {
    res.status(page.status);
    for (const [name, value] of page.headers) {
      if (name === "set-cookie") res.append(name, value);
      else res.setHeader(name, value);
    }
    res.end(req.method === "HEAD" ? undefined : page.body);
    return;
  }
  const answer = cachedPageAnswer({
    page,
    cached: page.cached,
    state,
    ifNoneMatch: req.headers["if-none-match"],
    gzip: req.acceptsEncodings("gzip", "identity") === "gzip",
  });
  res.status(answer.status);
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.end(req.method === "HEAD" ? undefined : answer.body);
}

export interface CachedPageAnswer {
  status: number;
  /** Every header of the answer that the cache sets (the host adds its security headers). */
  headers: [string, string][];
  body: Buffer | undefined;
}

/**
 * The answer to a request for a kept page: one function for the Express path and the fast
 * path (server/fast-path.ts), so both send the same headers and bytes.
 */
export function cachedPageAnswer({
  page,
  cached,
  state,
  ifNoneMatch,
  gzip,
}: {
  page: Rendered;
  /** The page's `cached` part (a kept page has one). */
  cached: NonNullable<Rendered["cached"]>;
  state: CacheState | "MISS";
  ifNoneMatch: string | undefined;
  /** Whether the request accepts gzip (before identity). */
  gzip: boolean;
}): CachedPageAnswer {
  const headers: [string, string][] = [];
  let vary: string | undefined;
  for (const [name, value] of page.headers) {
    if (name === "vary") vary = value;
    else headers.push([name, value]);
  }
  headers.push(["X-Page-Cache", state], ["ETag", cached.etag]);
  if (!page.headers.some(([name]) => name === "cache-control")) {
    headers.push(
      ["Cache-Control", CACHED_PAGE_CACHE_CONTROL],
      ["CDN-Cache-Control", CACHED_PAGE_CDN_CACHE_CONTROL],
    );
  }
  headers.push(["Vary", appendVary(vary, ["Accept-Encoding", "Cookie"])]);
  if (matchesEtag(ifNoneMatch, cached.etag)) return { status: 304, headers, body: undefined };
  const body = gzip ? cached.gzipped : page.body;
  if (gzip) headers.push(["Content-Encoding", "gzip"]);
  headers.push(["Content-Length", String(body.length)]);
  return { status: page.status, headers, body };
}

// What Express's res.vary does: add each field the header does not name yet ("*" covers all).
function appendVary(header: string | undefined, fields: string[]): string {
  const present = (header ?? "")
    .split(",")
    .map((field) => field.trim())
    .filter(Boolean);
  if (present.includes("*")) return "*";
  const lower = new Set(present.map((field) => field.toLowerCase()));
  for (const field of fields) {
    if (!lower.has(field.toLowerCase())) {
      present.push(field);
      lower.add(field.toLowerCase());
    }
  }
  return present.join(", ");
}

export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
