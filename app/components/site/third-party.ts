// Loading third-party scripts under the Content-Security-Policy: each script gets the page's
// nonce (read from a script React Router rendered; browsers hide it from the attribute but
// keep it on the property) and its origin is allowed in config/csp.server.ts.

function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

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
  const nonce = pageNonce();
  if (nonce) script.nonce = nonce;
  document.head.append(script);
}
