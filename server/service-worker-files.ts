import path from "node:path";
import express from "express";
import { OFFLINE_PAGE_PATH, SERVICE_WORKER_PATH } from "../app/service-worker/constants.ts";

// The service worker script and its offline page (ADR 006), from the production build. The
// browser must see a new deploy's worker at once: `no-cache` (always revalidated).
export function serviceWorkerFiles(clientDir: string): express.Router {
  const router = express.Router();
  for (const file of [SERVICE_WORKER_PATH, OFFLINE_PAGE_PATH]) {
    router.get(file, (_req, res, next) => {
      res.sendFile(
        path.join(clientDir, file),
        { cacheControl: false, headers: { "Cache-Control": "no-cache" } },
        (error) => {
          if (error) next();
        },
      );
    });
  }
  return router;
}
