import fs from "node:fs";
import path from "node:path";
import accepts from "accepts";
import type { RequestHandler } from "express";

// The build's gzip copies of its scripts and stylesheets (ADR 008, scripts/build/precompress.ts):
// made once with Zopfli, about 3.5 % smaller than what the compression middleware makes on the
// fly, and no compression work per request. A browser that accepts gzip gets the copy; any
// other request (no gzip, no copy, another file) goes on to the static files unchanged.
// Mounted on /assets, where every name is hashed: cached for a year like the originals.

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

export function precompressedAssets(assetsDir: string): RequestHandler {
  // The copies are listed once: the build does not change under a running server.
  const copies = new Set(
    fs.existsSync(assetsDir)
      ? fs.readdirSync(assetsDir).filter((name) => name.endsWith(".gz"))
      : [],
  );
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // A plain file name: the assets folder is flat, so nothing else can name a copy.
    const name = req.path.slice(1);
    const type = TYPES[path.extname(name)];
    if (!type || name.includes("/") || !copies.has(`${name}.gz`)) return next();
    res.vary("Accept-Encoding");
    if (accepts(req).encoding(["gzip"]) !== "gzip") return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", "gzip");
    res.sendFile(path.join(assetsDir, `${name}.gz`), { immutable: true, maxAge: "1y" }, (error) => {
      if (error && !res.headersSent) {
        res.removeHeader("Content-Encoding");
        next();
      }
    });
  };
}
