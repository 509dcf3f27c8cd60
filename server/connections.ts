import http, { type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";

// What the HTTP server itself does before the fast path and Express see a request (rules §12):
// how long a client may take to send it, and the form of its target.

/**
 * How long a client may take (ADR 024). Node's defaults keep a connection that sends its body
 * a byte at a time for 300 s; a few thousand of them hold the server's sockets. The headers
 * come in one packet from any real browser. The largest real upload is a photo (15 MB plus
 * the form): at 1.5 Mbit/s, a slow home upload, it takes 90 s. The import of the old site's
 * export may be larger: a file that cannot be sent within this time is imported from the
 * command line (`npm run import`). A per-client connection limit belongs at the proxy (README).
 */
const REQUEST_TIMEOUTS = {
  /** From the connection's first byte to the end of the request headers. */
  headersMs: 20_000,
  /** From the first byte to the end of the body: the whole request. */
  requestMs: 120_000,
  /** How often Node checks the two (its default, 30 s, would let a request run 30 s over). */
  checkEveryMs: 5_000,
  /**
   * How long a connection may wait idle for its next request (Node's default: 5 s). Longer
   * than a proxy in front keeps its idle connections to us (Caddy: 2 minutes; nginx's
   * upstream keepalive: 60 s): otherwise the proxy now and then sends a request into a
   * connection this server is closing that moment, and the visitor gets a 502 (a proxy may
   * retry a GET, never a form's POST). An idle connection costs a file descriptor and a few KB.
   */
  keepAliveMs: 125_000,
} as const;

export type RequestTimeouts = { [K in keyof typeof REQUEST_TIMEOUTS]: number };

/** Node's HTTP server with these limits (tests pass short ones). */
export function createNodeServer(
  listener: RequestListener,
  timeouts: RequestTimeouts = REQUEST_TIMEOUTS,
): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    requestTargets(listener),
  );
  server.keepAliveTimeout = timeouts.keepAliveMs;
  return server;
}

const ABSOLUTE_FORM = /^https?:\/\//i;

/**
 * RFC 9112 §3.2: a server accepts a target in absolute form (`GET http://host/about`), as a
 * proxy sends it, and then uses its authority as the Host. Everything after this reads
 * `req.url` as a path (origin form), so it becomes one here. `*` (asterisk form, only for a
 * server-wide OPTIONS) and anything else that is not a path get a plain 400, without an error
 * in the log.
 */
function requestTargets(next: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "GET" && req.method !== "HEAD") dropUnreadBody(req, res);
    const target = req.url ?? "";
    if (target.startsWith("/")) return next(req, res);
    if (ABSOLUTE_FORM.test(target)) {
      let url: URL | undefined;
      try {
        url = new URL(target);
      } catch {
        url = undefined;
      }
      if (url?.host) {
        req.url = `${url.pathname}${url.search}`;
        req.headers.host = url.host;
        return next(req, res);
      }
    }
    const body = "Bad request: the request target must be a path.";
    res.writeHead(400, {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "no-store",
      Connection: "close",
    });
    res.end(body);
  };
}

/**
 * ADR 050: a request answered before its body was all read (an upload refused for want of a
 * session, a body over its limit) has the rest read and dropped once the answer is sent, as
 * Node does itself when nothing began reading it. Otherwise the upload's reader (a web stream,
 * server/requests.ts) holds the connection paused, and the sender, still sending, stalls
 * until the connection times out (two minutes) before it sees the answer. Reading the rest is
 * bounded by the request's own time limit (120 s). A body that says it is larger than any the
 * site takes (MAX_DROPPED_BYTES) is not read: its connection is closed, and the sender may see
 * a dropped connection rather than the answer.
 */
function dropUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    if (Number(req.headers["content-length"]) > MAX_DROPPED_BYTES) {
      req.socket.destroy();
      return;
    }
    req.removeAllListeners("data");
    req.resume();
  });
}

/** Above the largest body the site accepts (an import file of 50 MB, ADR 048) with room to spare. */
const MAX_DROPPED_BYTES = 64 * 1024 * 1024;
