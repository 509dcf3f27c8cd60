import { type ReactNode, useEffect, useLayoutEffect } from "react";
import type { ShouldRevalidateFunction } from "react-router";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigationType,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { DeferredConnectivity, useReloadWhenOffline } from "./components/connectivity/deferred.tsx";
import { clubColourStyle, useClub, useClubData } from "./components/site/use-club.ts";
import { useHydrated } from "./components/site/use-hydrated.ts";
import { useScriptMark } from "./components/ui/script-mark.ts";
import { iconHref } from "./domain/club/icons.ts";
import { clubPageData } from "./domain/club/page-data.server.ts";
import { CONSENT_KEY } from "./domain/site/consent.ts";
import { scrollBehaviourFor } from "./domain/site/navigation.ts";
import displayBold from "./fonts/barlow-condensed-latin-700-unhinted.woff2?url";
import displayExtraBold from "./fonts/barlow-condensed-latin-800-unhinted.woff2?url";
import { UNSAVED_PAGES_KEY } from "./service-worker/constants.ts";

export const links: Route.LinksFunction = () => [
  // The icons come with the club's details (ADR 037: <BrandIcons> in the head).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "stylesheet", href: stylesheet },
  // The display face's Latin files, fetched with the stylesheet rather than once it is read:
  // its text is drawn in them from the first paint instead of swapping in (ADR 008, "Fonts:
  // body text in the device's own face").
  ...[displayBold, displayExtraBold].map((href) => ({
    rel: "preload",
    as: "font",
    type: "font/woff2",
    href,
    crossOrigin: "anonymous" as const,
  })),
];

// Marks the document, when no cookie choice is stored (rules §4 Cookie consent), as waiting for
// one, so the server's cookie banner shows in the first paint instead of once the page's
// scripts have run (app.css, ADR 008). Nothing else is shown on the promise that scripts will
// run: a control the page shows works before they do (decisions 29, ADR 019).
// Until the banner's own code has hydrated it, a press on Accept or Decline is kept here: the
// choice is stored and the banner hidden at once, and the page's scripts read it as usual. The
// listener is the window's, in the capture phase: once React has hydrated the page it stops a
// click on a part whose code has not arrived at the document, before a document listener runs.
// The script's text is needed in the server's HTML only: it runs there once, before any of the
// page's scripts. The browser build leaves it out (rules §11: bytes every page downloads):
// React does not compare an element's given HTML while hydrating, and never sets it again
// since the value does not change.
// It also notes this page in the tab's list of pages the service worker has not saved yet when
// no worker controls the page (ADR 019): a visitor who moves on before the page's own scripts
// have registered the worker still finds the page saved, once a later page has.
const MARK_SCRIPTED = !import.meta.env.SSR
  ? ""
  : `(function(d,k,u){try{var c=localStorage.getItem(k);if(c!=='accepted'&&c!=='declined')d.classList.add('consent-pending')}catch(e){d.classList.add('consent-pending')}try{if(navigator.serviceWorker&&!navigator.serviceWorker.controller){var l=JSON.parse(sessionStorage.getItem(u)||'[]');if(Array.isArray(l)&&l.indexOf(location.href)<0&&l.length<50){l.push(location.href);sessionStorage.setItem(u,JSON.stringify(l))}}}catch(e){}addEventListener('click',function(e){var t=e.target,b=t.closest&&t.closest('[data-choice-pending] [data-consent-choice]');if(!b)return;try{localStorage.setItem(k,b.getAttribute('data-consent-choice'))}catch(x){}d.classList.remove('consent-pending')},!0)})(document.documentElement,${JSON.stringify(CONSENT_KEY)},${JSON.stringify(UNSAVED_PAGES_KEY)})`;

// ADR 013: the club's details and sponsors, from the database through the one cached accessor.
export function loader() {
  return clubPageData();
}

// The club's details change only through Club details and Sponsors: after any other form
// (an admin save, or one kept in the offline outbox with no server to ask) the root keeps
// what it has instead of asking the server again.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  formAction,
  defaultShouldRevalidate,
}) => {
  if (formMethod && !/^\/admin\/(club|sponsors)\b/.test(formAction ?? "")) return false;
  return defaultShouldRevalidate;
};

/**
 * ADR 037: the browser's icons: made from the club's crest (/brand/…) once it has one; the
 * bundled neutral crest (an SVG, sharp at any size) until then.
 */
function BrandIcons({ crest }: { crest: string | undefined }) {
  if (!crest) {
    return (
      <>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      </>
    );
  }
  return (
    <>
      <link rel="icon" href={iconHref("favicon-32.png")} type="image/png" sizes="32x32" />
      <link rel="icon" href={iconHref("favicon-48.png")} type="image/png" sizes="48x48" />
      <link rel="apple-touch-icon" href={iconHref("apple-touch-icon.png")} sizes="180x180" />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const mark = useScriptMark();
  const clubData = useClubData();
  return (
    <html lang="en-GB" style={clubColourStyle(clubData)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <script
          nonce={mark}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, allowed by its hash
          dangerouslySetInnerHTML={{ __html: MARK_SCRIPTED }}
        />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={clubData.club.colours.primary} />
        <BrandIcons crest={clubData.club.crest} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <DeferredConnectivity />
        <ScrollBehaviour />
        <HydrationMark />
        <ScrollRestoration nonce={mark} />
        <Scripts nonce={mark} />
      </body>
    </html>
  );
}

// rules §2 Global behaviour, decisions 20: React Router's ScrollRestoration moves a new page
// to the top and restores the position on back/forward; this runs just before it and makes
// the move to the top smooth unless the visitor prefers reduced motion.
function ScrollBehaviour() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for every new location
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.style.scrollBehavior = scrollBehaviourFor({
      navigationType,
      reducedMotion: window.matchMedia("(prefers-reduced-motion: reduce)").matches,
    });
    // Browsers read the style when ScrollRestoration scrolls: make sure it is applied.
    void getComputedStyle(root).scrollBehavior;
    // Only this scroll: in-page scrolling afterwards keeps the default.
    const reset = setTimeout(() => root.style.removeProperty("scroll-behavior"), 0);
    return () => clearTimeout(reset);
  }, [location.key]);
  return null;
}

// Marks the document once React has hydrated it and the controls that need JavaScript have
// replaced their fallbacks (useHydrated's switch, in the same transition as theirs): from then
// on a click is handled by the client router and those controls. The browser suite waits for
// this attribute before it interacts (tests/e2e/fixtures.ts); nothing in the product reads it.
function HydrationMark() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "";
  }, [hydrated]);
  return null;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  useReloadWhenOffline(error);
  const club = useClub();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page not found" : "Something went wrong";
  const message = notFound
    ? "We couldn't find the page you were looking for. It may have moved, or the address may be mistyped."
    : "The page could not be loaded. Please try again in a moment.";
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[70vh] max-w-2xl flex-col justify-center px-6 py-16"
    >
      <title>{`${title} | ${club.shortName}`}</title>
      <p className="font-display text-sm font-bold uppercase tracking-[0.2em] text-club">
        {notFound ? "Error 404" : "Error"}
      </p>
      <h1 className="mt-3 font-display text-4xl font-extrabold uppercase text-slate-900 sm:text-5xl">
        {title}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{message}</p>
      <p className="mt-8 flex flex-wrap gap-4">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center rounded-md bg-club px-5 font-semibold text-club-contrast hover:opacity-90"
        >
          Go to the home page
        </Link>
        {notFound ? null : (
          <Link
            to={`${location.pathname}${location.search}`}
            reloadDocument
            className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-5 font-semibold text-slate-900 hover:bg-slate-50"
          >
            Try again
          </Link>
        )}
      </p>
    </main>
  );
}
