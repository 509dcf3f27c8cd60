import type { RequestHandler } from "express";

// Headers for every response. The document CSP (with its script hashes) is set by
// app/entry.server.tsx, which renders the HTML; this adds what applies to everything.
export function securityHeaders(): RequestHandler {
  return (req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    );
    // HSTS only over HTTPS (directly, or behind a proxy trusted with TRUST_PROXY=1).
    if (req.secure) {
      res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    }
    next();
  };
}
