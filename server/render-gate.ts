import type { RouterContextProvider } from "react-router";

// ADR 040: at most a few page renders at once. A render holds its loaders' rows, React's
// tree and the whole document (entry.server.tsx sends it whole) until it is sent: fifty
// uncached requests at once were fifty of them in V8's heap, which then grew by 100 MB and
// more and kept it. Renders share one thread, so running more than a few at once only
// interleaves them: each finishes later, none sooner. The others wait their turn, first come
// first served. Only GET and HEAD queue: a form's action may be reading a slow upload.

/** Renders in progress at once, per process (RENDER_CONCURRENCY). */
export const DEFAULT_RENDER_CONCURRENCY = 4;

/** A first-come, first-served limit on tasks in progress at once. */
export function concurrencyLimit(limit: number) {
  if (!(Number.isInteger(limit) && limit >= 1)) throw new Error(`limit must be 1 or more`);
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limit) running++;
      // A finishing task hands its place straight to the next (running stays the same).
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    /** For tests and the memory report: in progress, and waiting. */
    get counts() {
      return { running, waiting: waiting.length };
    },
  };
}

type Handler = (request: Request, context: RouterContextProvider) => Promise<Response>;

/** The handler with its GET and HEAD requests through `gate`. */
export function gatedHandler(handler: Handler, gate: ReturnType<typeof concurrencyLimit>): Handler {
  return (request, context) =>
    request.method === "GET" || request.method === "HEAD"
      ? gate.run(() =>
          // A visitor who left while waiting costs no render.
          request.signal.aborted
            ? Promise.resolve(new Response(null, { status: 499 }))
            : handler(request, context),
        )
      : handler(request, context);
}
