import { startTransition, useEffect, useState } from "react";

// True once the page's first hydration has ended: a component mounted after that (on a
// client-side navigation) starts hydrated.
let hydratedBefore = false;

/**
 * False on the server and while the page hydrates, true once React runs in the browser.
 * Controls that need JavaScript render their no-JavaScript fallback until then.
 *
 * The switch to true is a transition (ADR 008): React renders it in slices of a few
 * milliseconds, in tasks of its own, after hydration. (`useSyncExternalStore` with a server
 * snapshot, the usual way, re-renders synchronously inside the task that runs hydration's
 * effects: one long task on every page.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(hydratedBefore);
  useEffect(() => {
    hydratedBefore = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
