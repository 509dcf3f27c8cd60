import { isCacheablePublicPath } from "../domain/connectivity/rules.ts";
import { SERVICE_WORKER_PATH, UNSAVED_PAGES_KEY } from "../service-worker/constants.ts";

function unsavedPages(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(UNSAVED_PAGES_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((url) => typeof url === "string") : [];
  } catch {
    return [];
  }
}

function keepUnsavedPages(urls: string[]): void {
  try {
    if (urls.length) sessionStorage.setItem(UNSAVED_PAGES_KEY, JSON.stringify(urls));
    else sessionStorage.removeItem(UNSAVED_PAGES_KEY);
  } catch {
    // No session storage (private mode, full): only this page is saved.
  }
}

/**
 * Registers the service worker (decisions 22, ADR 006): in production builds only, and only
 * where JavaScript runs (this is called from an effect). Development never has one.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // This page may have been loaded before the worker controlled it (also when the worker took
  // control while it loaded), so it is saved again through the worker. The visitor may move on
  // before the worker is ready (it is installing: ADR 019, every public route's code), so the
  // page is remembered for this tab and saved with the others once it is.
  const { pathname, href } = window.location;
  if (isCacheablePublicPath(pathname)) keepUnsavedPages([...new Set([...unsavedPages(), href])]);
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: "/" });
    const registration = await navigator.serviceWorker.ready;
    // Saved through the worker's own rules (Workbox's router handles CACHE_URLS).
    // Public pages only: the head script notes every page, the admin's too (root.tsx).
    const urlsToCache = unsavedPages().filter((url) => {
      try {
        const address = new URL(url);
        return address.origin === window.location.origin && isCacheablePublicPath(address.pathname);
      } catch {
        return false;
      }
    });
    if (urlsToCache.length && registration.active) {
      registration.active.postMessage({ type: "CACHE_URLS", payload: { urlsToCache } });
      keepUnsavedPages([]);
    }
  } catch (error) {
    console.warn("The service worker could not be registered", error);
  }
}
