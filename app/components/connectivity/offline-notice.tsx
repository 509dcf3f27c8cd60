import {
  getConnectionState,
  installConnectionMonitor,
  useConnectionState,
} from "../../browser/connection.ts";
import { registerServiceWorker } from "../../browser/service-worker.ts";
import { PUBLIC_OFFLINE_NOTICE } from "../../domain/connectivity/rules.ts";

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
 * The public notice's words, inside its live region (see DeferredOfflineNotice). The admin's
 * banner is in components/admin/admin-offline-notice.tsx: every public page fetches this module
 * (ADR 019), so it holds nothing only the admin shows.
 */
export function PublicOfflineLine() {
  const offline = useConnectionState() === "offline";
  return offline ? (
    <p className="flex items-center justify-center gap-2 bg-slate-900 px-4 py-2 text-center text-sm font-medium text-white">
      <CloudOffIcon />
      <span>{PUBLIC_OFFLINE_NOTICE}</span>
    </p>
  ) : null;
}

export function CloudOffIcon() {
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
