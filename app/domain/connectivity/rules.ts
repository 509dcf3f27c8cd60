// The data-store connectivity rules (rules §4 "Data-store connectivity", §8 Offline reads and
// Backend unreachable; decisions 22). Pure functions: shared by the page, the admin outbox,
// the service worker and the server. What only the admin uses is in outbox.ts: public pages
// fetch this module (in their `site-later` chunk, ADR 019), and a chunk takes a module whole.

/** rules §4: the backend is taken as unreachable when it does not answer within 10 seconds. */
export const CONNECTION_TIMEOUT_MS = 10_000;

export type ConnectionState = "unknown" | "online" | "offline";

export type ConnectionEvent = "success" | "failure" | "timeout" | "browser-offline";

/**
 * rules §4: Unknown → Online on a success; Offline on a failure or a 10-second silence. While
 * the browser itself says it is offline, an answer can only have come from a cache, so it
 * does not count as a success.
 */
export function nextConnectionState({
  state,
  event,
  browserOnline,
}: {
  state: ConnectionState;
  event: ConnectionEvent;
  browserOnline: boolean;
}): ConnectionState {
  if (event !== "success") return "offline";
  return browserOnline ? "online" : state;
}

/**
 * rules §4: the requests whose outcome says whether the server answers. React Router's route
 * manifest (`/__manifest?version=…`) is kept by the browser's own cache for a year: its
 * answer proves nothing.
 */
export function tellsAboutServer(pathname: string): boolean {
  return pathname !== "/__manifest";
}

/** rules §8 Offline reads: a page that was never saved cannot be read offline. */
export const OFFLINE_PAGE_MESSAGE = "Failed to get document because the client is offline.";

/** decisions 22: public pages say when they show a saved copy. */
export const PUBLIC_OFFLINE_NOTICE = "You are offline. Showing the last saved copy.";

/** Status codes that mean a proxy or the server could not reach the backend. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/** rules §4: any answer from the server means Online, except "the backend is unreachable". */
export function isServerAnswer(status: number): boolean {
  return status !== 0 && !UNREACHABLE_STATUSES.has(status);
}

/** decisions 22 (never cache admin pages): the public paths the service worker may keep. */
export function isCacheablePublicPath(pathname: string): boolean {
  const page = pathname.replace(/\.data$/, "");
  if (page === "/admin" || page.startsWith("/admin/")) return false;
  if (page === "/healthz" || page === "/__manifest" || page.startsWith("/assets/")) return false;
  // ADR 034: a news preview link is never kept (its answers are private, no-store as well).
  if (page.startsWith("/news/preview/")) return false;
  // React Router's single-fetch URL of the home page.
  if (pathname === "/_root.data") return true;
  // Pages and their data only: files (feeds, images, the service worker) have an extension.
  return pathname.endsWith(".data") || !/\.[a-z0-9]+$/i.test(pathname);
}
