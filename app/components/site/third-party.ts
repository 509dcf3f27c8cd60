// Loading third-party scripts under the Content-Security-Policy: their origins are allowed
// in config/csp.server.ts.

/**
 * Adds a script to the page. With `rerun`, a script already added is replaced so it runs
 * again (embed scripts scan the page for new placeholders only when they run).
 */
export function addScript({
  id,
  src,
  rerun = false,
}: {
  id: string;
  src: string;
  rerun?: boolean;
}) {
  const existing = document.getElementById(id);
  if (existing && !rerun) return;
  existing?.remove();
  const script = document.createElement("script");
  script.id = id;
  script.src = src;
  script.async = true;
  document.head.append(script);
}
