import { isCacheablePublicPath } from "../domain/connectivity/rules.ts";
import { SERVICE_WORKER_PATH } from "../service-worker/constants.ts";

/**
 * Registers the service worker (decisions 22, ADR 006): in production builds only, and only
 * where JavaScript runs (this is called from an effect). Development never has one.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: "/" });
    const registration = await navigator.serviceWorker.ready;
    // The page that installed the worker was loaded before it: save that page too, through
    // the worker's own rules (Workbox's router handles CACHE_URLS).
    const { pathname, href } = window.location;
    if (isCacheablePublicPath(pathname)) {
      registration.active?.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: [href] } });
    }
  } catch (error) {
    console.warn("The service worker could not be registered", error);
  }
}
