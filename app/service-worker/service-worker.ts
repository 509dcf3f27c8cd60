import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from "workbox-strategies";
import { CONNECTION_TIMEOUT_MS, isCacheablePublicPath } from "../domain/connectivity/rules.ts";
import {
  OFFLINE_COPY_ATTRIBUTE,
  OFFLINE_COPY_HEADER,
  OFFLINE_PAGE_PATH,
  SERVICE_WORKER_CACHE_PREFIX,
} from "./constants.ts";
import { withSavedCopyNotice } from "./saved-copy.ts";

// The service worker (decisions 22, ADR 006), built by scripts/build-service-worker.ts after
// `react-router build` into build/client/sw.js. Workbox does the caching; this file only
// says which requests get which strategy:
// - public pages and their React Router data (`*.data`): network first, the last saved copy
//   after 10 s without an answer or when the network fails; the offline page when nothing
//   was saved;
// - hashed files under /assets/: cache first; images: stale while revalidate;
// - never: admin pages, session-bearing answers (the server marks them private, no-store),
//   answers that set cookies, anything but GET (Workbox routes only GET).

interface WorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(
    type: "install" | "activate",
    listener: (event: Event & { waitUntil(promise: Promise<unknown>): void }) => void,
  ): void;
}

declare const __BUILD_VERSION__: string;
const worker = self as unknown as WorkerScope;

const PAGES_CACHE = `${SERVICE_WORKER_CACHE_PREFIX}pages-${__BUILD_VERSION__}`;
const ASSETS_CACHE = `${SERVICE_WORKER_CACHE_PREFIX}assets-${__BUILD_VERSION__}`;
const IMAGES_CACHE = `${SERVICE_WORKER_CACHE_PREFIX}images-${__BUILD_VERSION__}`;
const CURRENT_CACHES = new Set([PAGES_CACHE, ASSETS_CACHE, IMAGES_CACHE]);
const DAY_SECONDS = 24 * 60 * 60;

// A new build takes over at once; its activation clears the previous build's saved copies.
worker.addEventListener("install", () => {
  void worker.skipWaiting();
});
worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(SERVICE_WORKER_CACHE_PREFIX) && !CURRENT_CACHES.has(name)) {
          await caches.delete(name);
        }
      }
      await worker.clients.claim();
    })(),
  );
});

cleanupOutdatedCaches();
// Workbox replaces `self.__WB_MANIFEST` with the precache list at build time: keep it literal.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);

const sameOrigin = (url: URL) => url.origin === worker.location.origin;

/** Keeps only what anyone may see: a 200 that is neither private nor sets a cookie. */
const publicCopiesOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    if (response.status !== 200 || response.headers.has("Set-Cookie")) return null;
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    return /no-store|private/i.test(cacheControl) ? null : response;
  },
};

/**
 * A saved copy tells the page it is one, and says so itself (ADR 019): "You are offline…" is in
 * its HTML, so the visitor sees it even when the page's scripts cannot run.
 */
const markSavedCopies = {
  cachedResponseWillBeUsed: async ({
    cachedResponse,
  }: {
    cachedResponse?: Response;
  }): Promise<Response | null> => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_COPY_HEADER, "1");
    let body: BodyInit | null = cachedResponse.body;
    if ((headers.get("Content-Type") ?? "").startsWith("text/html")) {
      const html = await cachedResponse.text();
      body = withSavedCopyNotice(
        html.replace(/<html(\s|>)/i, `<html ${OFFLINE_COPY_ATTRIBUTE}=""$1`),
      );
      headers.delete("Content-Length");
    }
    return new Response(body, {
      status: cachedResponse.status,
      statusText: cachedResponse.statusText,
      headers,
    });
  },
};

// Pages (navigations, and the page that installed the worker, sent by CACHE_URLS) and their
// `*.data` requests: every GET of a public path without a file extension.
registerRoute(
  ({ url }) => sameOrigin(url) && isCacheablePublicPath(url.pathname),
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: CONNECTION_TIMEOUT_MS / 1000,
    plugins: [
      publicCopiesOnly,
      markSavedCopies,
      new ExpirationPlugin({
        maxEntries: 80,
        maxAgeSeconds: 14 * DAY_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Admin pages (and anything else navigated to) always go to the network; when it fails the
// offline page says so rather than the browser's error.
registerRoute(({ request }) => request.mode === "navigate", new NetworkOnly());

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith("/assets/"),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [
      publicCopiesOnly,
      new ExpirationPlugin({
        maxEntries: 150,
        maxAgeSeconds: 60 * DAY_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

registerRoute(
  ({ request, url }) =>
    sameOrigin(url) && request.destination === "image" && !url.pathname.startsWith("/admin"),
  new StaleWhileRevalidate({
    cacheName: IMAGES_CACHE,
    plugins: [
      publicCopiesOnly,
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY_SECONDS }),
    ],
  }),
);

setCatchHandler(async ({ request }) => {
  if (request.mode === "navigate") {
    return (await matchPrecache(OFFLINE_PAGE_PATH)) ?? Response.error();
  }
  return Response.error();
});
