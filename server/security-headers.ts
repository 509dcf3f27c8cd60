import type { RequestHandler } from "express";

// Headers for every response. The document CSP (with its script hashes) is set by
// app/entry.server.tsx, which renders the HTML; this adds what applies to everything.
const EVERY_RESPONSE: readonly (readonly [string, string])[] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  [
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  ],
];
// HSTS only over HTTPS (directly, or behind a proxy trusted with TRUST_PROXY=1).
const OVER_HTTPS: readonly (readonly [string, string])[] = [
  ...EVERY_RESPONSE,
  ["Strict-Transport-Security", "max-age=63072000; includeSubDomains"],
];

/** The security headers of a response; one list for Express and the fast path. */
export function securityHeaderList(secure: boolean): readonly (readonly [string, string])[] {
  return secure ? OVER_HTTPS : EVERY_RESPONSE;
}

export function securityHeaders(): RequestHandler {
  return (req, res, next) => {
    for (const [name, value] of securityHeaderList(req.secure)) res.setHeader(name, value);
    next();
  };
}
