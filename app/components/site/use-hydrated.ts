import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

// True once the page's first components have switched (below): a component mounted after
// that, on a client-side navigation, starts true.
let settled = false;
const subscribe = () => () => {};
const inBrowser = () => settled;
const onServer = () => false;

/**
 * False on the server and while the page hydrates, true once React runs in the browser.
 * Controls that need JavaScript render their no-JavaScript fallback until then.
 *
 * The switch to true is a transition (ADR 008): React renders it in slices of a few
 * milliseconds, in tasks of their own, after hydration. A `useSyncExternalStore` whose
 * browser value is already true when the page hydrates (the usual way) makes React render
 * again synchronously inside the task that runs hydration's effects: one long task on every
 * page. Here the store only says whether the page has settled: React reads its server value
 * in any hydration render (also a `<Suspense>` island hydrating later, which so matches the
 * server's HTML), and its browser value, false until the switch, agrees after hydration.
 */
export function useHydrated(): boolean {
  const mountedAfterSettling = useSyncExternalStore(subscribe, inBrowser, onServer);
  const [switched, setSwitched] = useState(false);
  useEffect(() => {
    if (!mountedAfterSettling) startTransition(() => setSwitched(true));
  }, [mountedAfterSettling]);
  useEffect(() => {
    if (switched) settled = true;
  }, [switched]);
  return mountedAfterSettling || switched;
}
