import type { RequestHandler } from "express";
import { SESSION_COOKIE } from "../app/domain/auth/session.server.ts";

// decisions 22, ADR 006: the service worker keeps copies of public pages, and shared caches
// (a CDN, a proxy) may too. An answer to a signed-in administrator, or one that sets a
// cookie, is for that browser alone: it is marked `private, no-store`, which the service
// worker (and every cache) honours. The service worker cannot see cookies itself.
const PRIVATE = "private, no-store";

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * `isSignedIn`: by default any session cookie; the host passes the check that asks the
 * database (server/signed-in.ts, ADR 025), so a made-up cookie gets the public page's headers.
 */
export function privateResponses(
  isSignedIn: (cookieHeader: string | undefined) => boolean = hasSessionCookie,
): RequestHandler {
  return (req, res, next) => {
    const writeHead = res.writeHead;
    // Checked when the headers go out, after the route has set its own (and the page cache
    // has checked the session).
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      const alreadyNotStored = /no-store/.test(String(res.getHeader("Cache-Control") ?? ""));
      if ((isSignedIn(req.headers.cookie) || res.hasHeader("Set-Cookie")) && !alreadyNotStored) {
        res.setHeader("Cache-Control", PRIVATE);
      }
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
