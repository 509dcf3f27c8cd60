import { type MouseEvent, type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { type ServerIslands, useServerIsland } from "./server-islands.ts";

// ADR 028, ADR 044: parts of a page rendered on the server only. The browser keeps the server's
// HTML of them as it is (React does not look inside HTML it is given, also while hydrating),
// so their code is not in the scripts the page loads.

/**
 * The server's HTML of part `name`, read once from the document; undefined on the server, when
 * the document holds no such part of this `version` (another page's, still shown while a
 * client navigation renders this one: /news/a then /news/b), or once the part shows another
 * version than the one read (the route stays mounted from /news/a to /news/b).
 */
function useKept(name: string, version?: string): string | undefined {
  const [kept] = useState(() => {
    if (typeof document === "undefined") return undefined;
    const element = document.querySelector(`[data-kept-html="${name}"]`);
    if (!element) return undefined;
    return {
      html: element.innerHTML,
      version: element.getAttribute("data-kept-version") ?? undefined,
    };
  });
  return kept && kept.version === version ? kept.html : undefined;
}

function Kept({ name, html }: { name: string; html: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own HTML from our server (React escaped it there), read back from the document
    <div data-kept-html={name} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

type IslandForm = "SubscribeFormSection" | "ShortSubscribeForm";

/**
 * A server island kept as HTML (server-islands.ts: the browser build has no import of it): on
 * the server its component; in the browser the server's HTML, or, after a client navigation
 * with no server HTML to keep, `fallback`.
 */
export function KeptIsland({ name, fallback }: { name: IslandForm; fallback: ReactNode }) {
  const Server: ServerIslands[IslandForm] = useServerIsland(name);
  const kept = useKept(name);
  if (Server) {
    return (
      <div data-kept-html={name}>
        <Server />
      </div>
    );
  }
  return kept === undefined ? fallback : <Kept name={name} html={kept} />;
}

/**
 * A part kept as HTML whose code the browser loads only when it must render it: `content`
 * (a lazy component) renders on the server, and in the browser only when there is no server
 * HTML to keep (the page appears after a client navigation). No <Suspense> boundary of its
 * own: a navigation (a transition) then keeps the previous page until the part's code has
 * come, as React Router does for a route's own code, so the new page appears whole and its
 * heading takes the focus (ADR 011). The kept HTML's links to this site navigate in the page
 * (useKeptLinks).
 */
export function KeptPart({
  name,
  version,
  content,
}: {
  name: string;
  /** What the part shows (a news item's id) when a client navigation can change it. */
  version?: string;
  content: ReactNode;
}) {
  const kept = useKept(name, version);
  const followLink = useKeptLinks();
  if (typeof document === "undefined") {
    return (
      <div data-kept-html={name} data-kept-version={version}>
        {content}
      </div>
    );
  }
  if (kept === undefined) return <>{content}</>;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only a link's click (Enter on a focused link is one) is taken, to navigate in the page
    <div
      data-kept-html={name}
      data-kept-version={version}
      onClick={followLink}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own HTML from our server (React escaped it there), read back from the document
      dangerouslySetInnerHTML={{ __html: kept }}
    />
  );
}

/**
 * ADR 044: a click handler for an element holding kept HTML. Its links are plain <a> elements
 * (no React Router <Link> runs there), so a click on one to a page of this site navigates in
 * the page, as a <Link> would; a click with a modifier key, on a link to another site, a new
 * tab or a download, or one already handled, goes on as the browser does it.
 */
function useKeptLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a[href]");
    if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
    if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    // A link to a place on this page (#latest-news): the browser scrolls and moves focus.
    const here = window.location;
    if (url.hash && url.pathname === here.pathname && url.search === here.search) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };
}
