import { useSyncExternalStore } from "react";
import type { UploadProgress } from "../domain/admin/saving.ts";

// ADR 039: how much of a form's photo has been sent. React Router posts a form with fetch,
// which reports nothing while a request body goes out; XMLHttpRequest does. For the one save
// that carries a file, `withUploadProgress` lets the browser send that request (and only that
// one: the same address's single-fetch POST with a form body) with XMLHttpRequest, and hands
// React Router an ordinary Response, so everything React Router does with the answer (its
// redirect, its decoding, its errors) is unchanged. Every other request goes to fetch as before.

let current: UploadProgress | null = null;
const listeners = new Set<() => void>();

function setProgress(next: UploadProgress | null) {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The upload of the save in progress (null when none is being sent). */
export function useUploadProgress(): UploadProgress | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** The address React Router's single fetch posts a route's action to (`/admin/team.data`). */
export function singleFetchPath(pageUrl: string): string {
  const { pathname } = new URL(pageUrl, "http://x");
  return pathname.endsWith("/") ? `${pathname}_.data` : `${pathname}.data`;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** fetch's contract (a Response, a TypeError without one, an AbortError) over XMLHttpRequest. */
function sendWithProgress(
  url: string,
  init: RequestInit,
  onProgress: (progress: UploadProgress) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const abortError = () => new DOMException("The operation was aborted.", "AbortError");
    if (init.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? "POST", url);
    xhr.responseType = "blob";
    for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      resolve(
        new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as Blob), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: responseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError("Failed to fetch"));
    xhr.ontimeout = () => reject(new TypeError("Failed to fetch"));
    xhr.onabort = () => reject(abortError());
    init.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}

/**
 * Runs `send` (the route's server action) with this page's single-fetch POST sent by
 * XMLHttpRequest, reporting its upload progress to `useUploadProgress` until it answers.
 */
export async function withUploadProgress<T>(pageUrl: string, send: () => Promise<T>): Promise<T> {
  // Outside a browser (the unit tests' Node) there is no page to report to.
  if (typeof window === "undefined" || typeof XMLHttpRequest === "undefined") return send();
  const target = singleFetchPath(pageUrl);
  const original = window.fetch;
  const viaXhr: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (init?.method === "POST" && init.body instanceof FormData && url.pathname === target) {
      return sendWithProgress(url.href, init, setProgress);
    }
    return original.call(window, input, init);
  };
  window.fetch = viaXhr;
  setProgress({ loaded: 0, total: 0 });
  try {
    return await send();
  } finally {
    if (window.fetch === viaXhr) window.fetch = original;
    setProgress(null);
  }
}
