import {
  getConnectionState,
  installConnectionMonitor,
  useConnectionState,
} from "../../browser/connection.ts";
import { registerServiceWorker } from "../../browser/service-worker.ts";
import { ADMIN_OFFLINE_WARNING, PUBLIC_OFFLINE_NOTICE } from "../../domain/connectivity/rules.ts";

/** Starts the connection monitor and the service worker, once, when JavaScript runs. */
export function startConnectivity(): void {
  installConnectionMonitor();
  void registerServiceWorker();
}

/** Whether the monitor has found the server unreachable (for error boundaries). */
export function isOffline(): boolean {
  return getConnectionState() === "offline";
}

/**
 * The offline notice (decisions 22): a small polite line on public pages, a clear banner in
 * the admin. It is its own live region, present from the first render and empty while
 * online, so a screen reader hears it once when the page goes offline, not on every failed
 * request (the state changes only when the connection does).
 */
export function OfflineNotice({ variant }: { variant: "public" | "admin" }) {
  const offline = useConnectionState() === "offline";
  if (variant === "admin") {
    return (
      <div role="status" aria-live="polite">
        {offline ? (
          <div className="border-b border-amber-300 bg-amber-50">
            <p className="mx-auto flex max-w-5xl items-start gap-3 px-4 py-3 text-sm font-medium text-amber-950">
              <CloudOffIcon />
              <span>{ADMIN_OFFLINE_WARNING}</span>
            </p>
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite">
      <PublicOfflineLine />
    </div>
  );
}

/** The public notice's words, inside its live region (see DeferredOfflineNotice). */
export function PublicOfflineLine() {
  const offline = useConnectionState() === "offline";
  return offline ? (
    <p className="flex items-center justify-center gap-2 bg-slate-900 px-4 py-2 text-center text-sm font-medium text-white">
      <CloudOffIcon />
      <span>{PUBLIC_OFFLINE_NOTICE}</span>
    </p>
  ) : null;
}

function CloudOffIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="shrink-0"
    >
      <path d="M2 2l20 20" />
      <path d="M5.8 8.1A6 6 0 0 0 6.5 20H17" />
      <path d="M21.4 16.6A4.5 4.5 0 0 0 17.5 10h-1.3A8 8 0 0 0 9.1 4.6" />
    </svg>
  );
}
