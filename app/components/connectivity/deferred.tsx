import { lazy, Suspense, useEffect } from "react";
import { isRouteErrorResponse } from "react-router";
import { useHydrated } from "../site/use-hydrated.ts";

// ADR 008: the connection monitor, the service worker and the offline line do nothing on the
// server or while the page hydrates, so a public page fetches their code once it has started
// instead of on its first load. The admin keeps importing offline-notice.tsx directly.

const loadConnectivity = () => import("./offline-notice.tsx");

const PublicOfflineLine = lazy(() =>
  loadConnectivity().then((m) => ({ default: m.PublicOfflineLine })),
);

/**
 * Starts the connection monitor and the service worker once the page has started, in a task
 * of its own: not inside the one that runs hydration's effects (ADR 008, long tasks).
 */
export function DeferredConnectivity() {
  useEffect(() => {
    const start = setTimeout(() => {
      void loadConnectivity().then((m) => m.startConnectivity());
    }, 0);
    return () => clearTimeout(start);
  }, []);
  return null;
}

/**
 * The public offline notice (decisions 22): the live region is in the page from the first
 * render, empty while online; what fills it when the page goes offline is loaded after
 * hydration.
 */
export function DeferredOfflineNotice() {
  const hydrated = useHydrated();
  return (
    <div role="status" aria-live="polite">
      {hydrated ? (
        <Suspense fallback={null}>
          <PublicOfflineLine />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * For error boundaries (decisions 22): offline, a page's data could not be fetched, so load
 * the whole page instead; the service worker answers with its saved copy or the offline page.
 * The monitor is already running by the time a navigation fails; the import is then cached.
 */
export function useReloadWhenOffline(error: unknown): void {
  useEffect(() => {
    if (isRouteErrorResponse(error)) return;
    let current = true;
    void loadConnectivity().then((m) => {
      if (current && m.isOffline()) window.location.reload();
    });
    return () => {
      current = false;
    };
  }, [error]);
}
