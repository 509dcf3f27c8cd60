import { Readable } from "node:stream";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { Logger } from "pino";

// What the host accepts before any route sees a request (rules §12, §7, §12): known
// methods, a well-formed Host, form posts of a bounded size in a form content type. Anything
// else gets a short plain 4xx answer; whatever still fails is a 500 with a plain page, and
// its details go to the log only.

/** The methods the site answers; TRACE, CONNECT and the rest get 405. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** A host name or IP literal, and an optional port: what a URL's authority may hold. */
const VALID_HOST = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function isValidHost(host: string | undefined): host is string {
  return host !== undefined && host.length <= 255 && VALID_HOST.test(host);
}

function plain(res: express.Response, status: number, message: string) {
  res.status(status).type("text/plain; charset=utf-8").send(message);
}

/** Unknown methods and malformed Host headers are refused before anything reads them. */
export function validRequests(): RequestHandler {
  return (req, res, next) => {
    if (!ALLOWED_METHODS.includes(req.method)) {
      res.setHeader("Allow", ALLOWED_METHODS.join(", "));
      return plain(res, 405, "This method is not allowed.");
    }
    // req.host is the Host header, or X-Forwarded-Host from a trusted proxy.
    if (!isValidHost(req.host)) return plain(res, 400, "Bad request: the Host header is invalid.");
    next();
  };
}

/** Express keeps a form body it read here; the React Router handler passes it on. */
export function bufferedBody(req: express.Request): Buffer | undefined {
  return Buffer.isBuffer(req.body) ? (req.body as Buffer) : undefined;
}

/**
 * A route that takes one large upload (the import of the old site's export): its body is not
 * read here. The route's action checks the session first and only then reads the body, from
 * a stream that stops at `limitBytes` (`streamedBody`).
 */
export interface UploadRoute {
  path: string;
  limitBytes: number;
}

/**
 * The route address a request is for, as React Router matches it: a form posted with
 * JavaScript goes to the route's single-fetch address (`/admin/news.data`, and
 * `/admin/news/_.data` from an address with a trailing slash), without it to the route
 * itself; a trailing slash, the query (`?index`, `?page=2`) and the letters' case change
 * nothing. So an upload route's limit applies to both ways of posting its form (ADR 017).
 */
export function routePathOf(path: string): string {
  let pathname = path.toLowerCase();
  if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"_.data".length);
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  if (pathname.length > 1 && pathname.endsWith("/")) pathname = pathname.slice(0, -1);
  return pathname;
}

const STREAMED = Symbol("streamed upload limit");

/** The body of an upload route as a stream that errors past its limit, or undefined. */
export function streamedBody(req: express.Request): ReadableStream<Uint8Array> | undefined {
  const limit = (req as { [STREAMED]?: number })[STREAMED];
  if (limit === undefined) return undefined;
  let seen = 0;
  return (Readable.toWeb(req) as ReadableStream<Uint8Array>).pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          controller.error(new Error(BODY_TOO_LARGE_MESSAGE));
          req.destroy();
        } else controller.enqueue(chunk);
      },
    }),
  );
}

const BODY_TOO_LARGE_MESSAGE =
  "This form is too large to send. Nothing was saved: make it shorter and try again.";

/**
 * Every request that may carry a body: a form content type (else 415), at most `limitBytes` (else 413,
 * without reading past the limit; a Content-Length above it is refused before reading), and a
 * multipart body that parses (else 400). The body is kept for the React Router handler.
 */
export function formBodies({
  limitBytes,
  uploads = [],
}: {
  limitBytes: number;
  /** Routes whose body the action streams itself, each with its own limit. */
  uploads?: UploadRoute[];
}): RequestHandler[] {
  const read = express.raw({ type: () => true, limit: limitBytes });
  return [
    (req, res, next) => {
      if (!BODY_METHODS.has(req.method)) return next();
      // Actions read every request with a method like these as a form, body or not.
      if (!req.headers["content-type"] || !req.is(FORM_TYPES)) {
        return plain(
          res,
          415,
          "Forms must be sent as application/x-www-form-urlencoded or multipart/form-data.",
        );
      }
      const path = routePathOf(req.path);
      const upload = uploads.find((route) => routePathOf(route.path) === path);
      const limit = upload?.limitBytes ?? limitBytes;
      // A declared length over the limit is refused before a byte of the body is read.
      if (Number(req.headers["content-length"] ?? 0) > limit) {
        return plain(res, 413, BODY_TOO_LARGE_MESSAGE);
      }
      if (upload) {
        (req as { [STREAMED]?: number })[STREAMED] = upload.limitBytes;
        return next();
      }
      if (hasBody(req)) return read(req, res, next);
      req.body = Buffer.alloc(0);
      next();
    },
    async (req, res, next) => {
      const body = bufferedBody(req);
      if (!body || !req.is("multipart/form-data")) return next();
      try {
        const type = req.get("content-type") ?? "";
        await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
      } catch {
        return plain(res, 400, "Bad request: the form could not be read.");
      }
      next();
    },
  ];
}

function hasBody(req: express.Request): boolean {
  return (
    req.headers["transfer-encoding"] !== undefined ||
    (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0")
  );
}

const SERVER_ERROR_PAGE = `<!doctype html>
<html lang="en-GB">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Something went wrong</title>
<main style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1>Something went wrong</h1>
<p>The page could not be loaded. Please try again in a moment.</p>
<p><a href="/">Go to the home page</a></p>
</main>
</html>
`;

/**
 * The host's one error handler: a client's mistake (a 4xx from Express or the body reader:
 * a malformed address, a body too large or unreadable) gets its status and a short plain
 * message; anything else a plain 500 page. Details go to the log, never to the visitor.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = Number((error as { status?: unknown; statusCode?: unknown }).status ?? 0);
    if (status >= 400 && status < 500) {
      if (status === 413) {
        // Do not read the rest of a body that is too large: close the connection instead.
        res.setHeader("Connection", "close");
        return plain(res, 413, BODY_TOO_LARGE_MESSAGE);
      }
      return plain(res, status, "Bad request.");
    }
    (req.log ?? logger).error({ err: error }, "request failed");
    res.status(500).type("text/html; charset=utf-8").send(SERVER_ERROR_PAGE);
  };
}
