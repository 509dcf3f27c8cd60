// Shared by the service worker, its build and the page (ADR 006).

/** Where the service worker is served from (the root, so it controls every page). */
export const SERVICE_WORKER_PATH = "/sw.js";

/** The offline page, precached, shown for a page that was never saved (rules §8). */
export const OFFLINE_PAGE_PATH = "/offline.html";

/** Every cache the service worker owns starts with this; a new build clears the old ones. */
export const SERVICE_WORKER_CACHE_PREFIX = "clubsite-";

/** The service worker marks a saved copy it serves: a header on data, an attribute on pages. */
export const OFFLINE_COPY_HEADER = "X-Clubsite-Offline-Copy";
export const OFFLINE_COPY_ATTRIBUTE = "data-offline-copy";

/**
 * The notice a saved copy carries in its own HTML (ADR 019), so it shows before the page's
 * scripts run and when they cannot load; the page's connection monitor replaces it with its
 * own live notice once it runs.
 */
export const OFFLINE_COPY_NOTICE_ATTRIBUTE = "data-offline-copy-notice";

/**
 * ADR 019: this tab's pages loaded before the worker controlled them, not saved yet (session
 * storage, a JSON list of addresses). The document's head script adds each page as it starts,
 * before the page's own scripts; registerServiceWorker saves the public ones once it is ready.
 */
export const UNSAVED_PAGES_KEY = "clubsite-unsaved-pages";
