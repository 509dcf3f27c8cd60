import { useSyncExternalStore } from "react";
import {
  CONNECTION_TIMEOUT_MS,
  type ConnectionEvent,
  type ConnectionState,
  isServerAnswer,
  nextConnectionState,
  tellsAboutServer,
} from "../domain/connectivity/rules.ts";
import {
  OFFLINE_COPY_ATTRIBUTE,
  OFFLINE_COPY_HEADER,
  OFFLINE_COPY_NOTICE_ATTRIBUTE,
} from "../service-worker/constants.ts";

// The page's view of the connection (rules §4 Data-store connectivity): Unknown until the
// first answer, Offline when a request to our server fails or gets no answer within
// 10 seconds (or the browser says it is offline, or the service worker answered with a saved
// copy), Online again on the next answer. One store for the whole page; React reads it with
// useConnectionState().

let state: ConnectionState = "unknown";
const listeners = new Set<() => void>();

export function getConnectionState(): ConnectionState {
  return state;
}

/** Records what a request taught us; listeners hear only real changes of state. */
export function reportConnection(event: ConnectionEvent): void {
  const next = nextConnectionState({
    state,
    event,
    browserOnline: typeof navigator === "undefined" || navigator.onLine,
  });
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(subscribeConnection, getConnectionState, () => "unknown");
}

/** True for the errors `fetch` gives when the request was cancelled on purpose. */
function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

/** Asks the server whether it answers (no cache: the service worker lets it through). */
async function probeConnection(): Promise<void> {
  try {
    await fetch("/healthz", { cache: "no-store" });
  } catch {
    // Already reported by the monitor.
  }
}

let installed = false;

/**
 * Watches every request the page makes to our own server (React Router's page data and
 * form posts go through `fetch`). Installed once, in the browser only.
 */
export function installConnectionMonitor(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.origin !== window.location.origin || !tellsAboutServer(url.pathname)) {
      return originalFetch(input, init);
    }
    const silence = setTimeout(() => reportConnection("timeout"), CONNECTION_TIMEOUT_MS);
    try {
      const response = await originalFetch(input, init);
      const savedCopy = response.headers.has(OFFLINE_COPY_HEADER);
      reportConnection(!savedCopy && isServerAnswer(response.status) ? "success" : "failure");
      return response;
    } catch (error) {
      if (!isCancelled(error)) reportConnection("failure");
      throw error;
    } finally {
      clearTimeout(silence);
    }
  };

  window.addEventListener("offline", () => reportConnection("browser-offline"));
  window.addEventListener("online", () => void probeConnection());
  // While offline, ask again now and then, so the page learns when the server is back.
  setInterval(() => {
    if (state === "offline" && document.visibilityState === "visible") void probeConnection();
  }, CONNECTION_TIMEOUT_MS);

  if (document.documentElement.hasAttribute(OFFLINE_COPY_ATTRIBUTE)) {
    reportConnection("failure");
    // The page's own notice takes over from the one the service worker put in the HTML.
    document.querySelector(`[${OFFLINE_COPY_NOTICE_ATTRIBUTE}]`)?.remove();
  } else if (!navigator.onLine) reportConnection("browser-offline");
}
