import { useConnectionState } from "../../browser/connection.ts";
import { ADMIN_OFFLINE_WARNING } from "../../domain/connectivity/outbox.ts";
import { CloudOffIcon } from "../connectivity/offline-notice.tsx";

/**
 * The admin's offline notice (decisions 22): a clear banner. It is its own live region,
 * present from the first render and empty while online, so a screen reader hears it once when
 * the page goes offline, not on every failed request (the state changes only when the
 * connection does).
 */
export function AdminOfflineNotice() {
  const offline = useConnectionState() === "offline";
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
