// Pure rules of the public site's navigation (no I/O): the header links, where the admin
// starts, the person icon, scrolling and focus on a page change, loading texts.

export interface NavLinkItem {
  label: string;
  to: string;
}

/** rules §2 Header: the seven links, labels and routes exactly as specified. */
export const HEADER_LINKS: readonly NavLinkItem[] = [
  { label: "Home", to: "/" },
  { label: "About", to: "/about" },
  { label: "Team", to: "/team" },
  { label: "Fixtures", to: "/fixtures" },
  { label: "News", to: "/news" },
  { label: "Sponsors", to: "/sponsors" },
  { label: "Contact", to: "/contact" },
];

/** rules §2 Global behaviour: the header and footer are hidden on every path under /admin. */
export function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}

/** rules §2 Header: the person icon goes to /admin when signed in, /admin/login when not. */
export function personLinkFor(signedIn: boolean): { to: string; label: string } {
  return signedIn
    ? { to: "/admin", label: "Administrator dashboard" }
    : { to: "/admin/login", label: "Administrator login" };
}

/**
 * rules §2 Global behaviour, decisions 20: a new page scrolls to the top smoothly unless the
 * visitor prefers reduced motion; back and forward ('POP') restore the previous position
 * at once.
 */
export function scrollBehaviourFor({
  navigationType,
  reducedMotion,
}: {
  navigationType: "POP" | "PUSH" | "REPLACE";
  reducedMotion: boolean;
}): "smooth" | "auto" {
  return navigationType !== "POP" && !reducedMotion ? "smooth" : "auto";
}

/**
 * ADR 011 (WCAG 2.4.3, 4.1.3): a client-side navigation to another page (a new path or
 * query) moves focus to that page's heading and announces it; one that keeps the visitor's
 * place on the page (preventScrollReset: a match-centre tab, "Show more", the map) does not.
 */
export function isNewPage({
  from,
  to,
  preventScrollReset,
}: {
  from: { pathname: string; search: string };
  to: { pathname: string; search: string };
  preventScrollReset: boolean;
}): boolean {
  if (preventScrollReset) return false;
  return from.pathname !== to.pathname || from.search !== to.search;
}

/**
 * rules §2 News list and News detail ('Loading news...', 'Loading...'): the text a public page
 * shows while a client-side navigation fetches it (decisions 16: only then, never forever).
 * Screens with their own loading text add it here; null means none.
 */
export function loadingTextFor(pathname: string): string | null {
  if (pathname === "/news") return "Loading news...";
  if (/^\/news\/[^/]+$/.test(pathname)) return "Loading...";
  return null;
}

/** rules §10 Feeds: the news feed's stable address, linked from every public page's head. */
export const NEWS_FEED_PATH = "/news/rss.xml";
