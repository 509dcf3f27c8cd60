import type { RequestHandler } from "express";
import { readVariant } from "../app/domain/media/media.server.ts";
import { parseVariantName } from "../app/domain/media/rules.ts";

// Uploaded images (decisions 23, ADR 017) from the database, so every server process serves
// every upload. A name holds the upload's content hash: the bytes behind it never change, so
// browsers and CDNs keep it for a year without asking again. Only images are ever stored here,
// so every answer is an image shown inline; the host's nosniff header stays on.

const IMMUTABLE = "public, max-age=31536000, immutable";

export function mediaFiles(): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.startsWith("/") ? req.path.slice(1) : req.path;
    const wanted = parseVariantName(name);
    try {
      const file = wanted ? await readVariant(wanted) : null;
      if (!file) {
        res.status(404).setHeader("Cache-Control", "no-store");
        res.type("text/plain; charset=utf-8").send("Not found.");
        return;
      }
      const etag = `"${name}"`;
      res.setHeader("Content-Type", file.contentType);
      res.setHeader("Content-Disposition", "inline");
      res.setHeader("Cache-Control", IMMUTABLE);
      res.setHeader("ETag", etag);
      // Images are loaded from this site's own pages only (decisions 23).
      res.setHeader("Cross-Origin-Resource-Policy", "same-site");
      if (req.headers["if-none-match"] === etag) {
        res.status(304).end();
        return;
      }
      res.setHeader("Content-Length", String(file.bytes.byteLength));
      if (req.method === "HEAD") return void res.end();
      res.end(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    } catch (error) {
      next(error);
    }
  };
}
