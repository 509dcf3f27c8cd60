import { useContext, useEffect, useRef, useState } from "react";
import { UNSAFE_DataRouterStateContext, useLocation, useNavigation } from "react-router";
import { isNewPage, loadingTextFor } from "../../domain/site/navigation.ts";

// The public site's one polite live region. While a client-side navigation fetches a page
// that has a loading text in the spec ('Loading news...', 'Loading...'), a notice says so
// under the header; it never shows on the server or on a first visit (the page arrives
// complete), and it goes as soon as the page is there.
//
// ADR 011 (WCAG 2.4.3, 4.1.3): once a client-side navigation has shown a new page, focus
// moves to its heading (or the main content) and the region announces the page's title, as
// a page load would. Scrolling is left to ScrollRestoration (root.tsx): focus never scrolls.

export function NavigationStatus() {
  const navigation = useNavigation();
  const location = useLocation();
  // The router's own record of whether this navigation keeps the scroll position (tabs,
  // "Show more", the map): ScrollRestoration reads the same flag.
  const preventScrollReset = useContext(UNSAFE_DataRouterStateContext)?.preventScrollReset;
  const previous = useRef(location);
  const [announcement, setAnnouncement] = useState<{ key: string; text: string } | null>(null);

  useEffect(() => {
    const from = previous.current;
    previous.current = location;
    if (from.key === location.key) return;
    if (!isNewPage({ from, to: location, preventScrollReset: preventScrollReset ?? false })) {
      return;
    }
    const main = document.getElementById("main");
    const target = main?.querySelector<HTMLElement>("h1") ?? main;
    if (target) {
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
    setAnnouncement({ key: location.key, text: document.title });
  }, [location, preventScrollReset]);

  const text =
    navigation.state === "loading" && navigation.location
      ? loadingTextFor(navigation.location.pathname)
      : null;
  return (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4 lg:top-24"
    >
      {text ? (
        <p className="navigation-status flex items-center gap-3 rounded-full bg-slate-900 px-5 py-2.5 font-semibold text-white shadow-lg">
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-white/30 border-t-accent"
          />
          {text}
        </p>
      ) : announcement ? (
        // A new node for every page, so the same title twice is announced twice.
        <p key={announcement.key} className="sr-only">
          {announcement.text}
        </p>
      ) : null}
    </div>
  );
}
