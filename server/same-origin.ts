import type { RequestHandler } from "express";

// Cross-site request protection (rules §6 Cross-site protection), for every request that can change something:
// besides SameSite=Lax session cookies, such a request must come from a page of this site.
// Browsers send Origin with every POST; a request without one is not from a browser, so it
// carries no visitor's cookies and still meets every other check (the session, Zod).
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// RFC 8058 one-click unsubscribe: mail providers POST to the List-Unsubscribe address from
// their own servers or the reader's mail page. The key in the address is the permission, and
// a cross-site POST can only unsubscribe the address whose key it already has.
const ONE_CLICK_UNSUBSCRIBE = /^\/subscribe\/unsubscribe\/[A-Za-z0-9_-]+$/;

/** RFC 8058, ADR 032: a POST to a List-Unsubscribe address is let through from anywhere. */
export const isOneClickUnsubscribe = ({ method, path }: { method: string; path: string }) =>
  method === "POST" && ONE_CLICK_UNSUBSCRIBE.test(path);

export function isSameOrigin({
  origin,
  protocol,
  host,
}: {
  origin: string | undefined;
  protocol: string;
  host: string | undefined;
}): boolean {
  if (origin === undefined) return true;
  return host !== undefined && origin === `${protocol}://${host}`;
}

export function sameOriginWrites(): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (isOneClickUnsubscribe({ method: req.method, path: req.path })) {
      // React Router refuses an action whose Origin is another site's; this one is meant to
      // come from elsewhere, so its Origin is dropped before React Router sees the request.
      delete req.headers.origin;
      return next();
    }
    if (isSameOrigin({ origin: req.get("origin"), protocol: req.protocol, host: req.host })) {
      return next();
    }
    res
      .status(403)
      .type("text/plain")
      .send("This form was sent from another site and has been refused. Nothing was changed.");
  };
}
