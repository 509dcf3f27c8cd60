import { lazy, memo, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { DeferredOfflineNotice } from "../../components/connectivity/deferred.tsx";
import { NavigationStatus } from "../../components/site/navigation-status.tsx";
import { useServerIsland } from "../../components/site/server-islands.ts";
import { SiteFooter } from "../../components/site/site-footer.tsx";
import { SiteHeader } from "../../components/site/site-header.tsx";
import { useClub } from "../../components/site/use-club.ts";
import { useHydrated } from "../../components/site/use-hydrated.ts";
import { analyticsMeasurementId } from "../../config/analytics.server.ts";
import { getSignedInAdministrator } from "../../domain/auth/session.server.ts";
import { getClub } from "../../domain/club/club.server.ts";
import { mailConfigured } from "../../domain/mail/mail.server.ts";
import { isAdminPath, NEWS_FEED_PATH } from "../../domain/site/navigation.ts";
import { logger } from "../../logger.server.ts";
import type { Route } from "./+types/layout";

// The layout of every public page (rules §2 Global behaviour, Header, Footer, Cookie banner):
// skip link, cookie banner, sticky header, the page, footer, and analytics after consent.

// ADR 008: code for what is not needed to hydrate the page is fetched once the page has
// started rather than on its first load: the cookie banner (the server renders it: see
// CookieBannerIsland below), and analytics, which renders nothing on the server or while the
// page hydrates (the visitor's choice is only known in the browser), only with a measurement id.
const CookieBanner = lazy(() =>
  import("../../components/site/cookie-banner.tsx").then((m) => ({ default: m.CookieBanner })),
);
const Analytics = lazy(() =>
  import("../../components/site/analytics.tsx").then((m) => ({ default: m.Analytics })),
);
// The same for what the layout does from effects only (sign-in changes, focus kept visible).
const SiteBehaviours = lazy(() =>
  import("../../components/site/site-behaviours.tsx").then((m) => ({
    default: m.SiteBehaviours,
  })),
);

export async function loader({ request }: Route.LoaderArgs) {
  return {
    signedIn: await isSignedIn(request),
    analyticsId: analyticsMeasurementId((await getClub()).details.analyticsId),
    year: new Date().getFullYear(),
    // rules §2 Following by e-mail: the subscribe forms show only when the site sends e-mail.
    mailEnabled: mailConfigured(),
  };
}

// The person icon only: a failed session read shows the visitor as signed out, never an error.
async function isSignedIn(request: Request): Promise<boolean> {
  try {
    return (await getSignedInAdministrator(request)) !== null;
  } catch (error) {
    logger().error({ err: error }, "site layout: could not read the session");
    return false;
  }
}

// The cookie banner is in the server's HTML (the first paint shows it when no choice is
// stored: root.tsx, app.css) but not in the first load's scripts: the server renders it through
// its island (components/site/server-islands.ts), the browser loads its chunk once the page has
// started, and React hydrates the server's banner in this <Suspense> boundary then. memo()
// keeps the boundary still until then (it has no props).
const CookieBannerIsland = memo(function CookieBannerIsland() {
  const Banner = useServerIsland("CookieBanner") ?? CookieBanner;
  return (
    <Suspense fallback={null}>
      <Banner />
    </Suspense>
  );
});

// What starts once the page has hydrated: analytics (with a measurement id) and the layout's
// behaviours. A component of its own, so that the update when hydration ends re-renders it
// alone, not the whole layout (ADR 008: that re-render was a long task on every page).
function AfterHydration({ analyticsId }: { analyticsId: string | null }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <>
      {analyticsId ? (
        <Suspense fallback={null}>
          <Analytics measurementId={analyticsId} />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <SiteBehaviours />
      </Suspense>
    </>
  );
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const club = useClub();
  const { pathname } = useLocation();

  // Unknown addresses under /admin reach the not-found page here: without header and footer.
  if (isAdminPath(pathname)) {
    return (
      <main id="main">
        <Outlet />
        <AfterHydration analyticsId={null} />
      </main>
    );
  }

  return (
    <>
      {/* rules §10 Feeds: feed readers find the news feed from any public page (React puts it in the head). */}
      <link
        rel="alternate"
        type="application/rss+xml"
        title={`${club.shortName} news`}
        href={NEWS_FEED_PATH}
      />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <CookieBannerIsland />
      <SiteHeader signedIn={loaderData.signedIn} />
      <DeferredOfflineNotice />
      <NavigationStatus />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <AfterHydration analyticsId={loaderData.analyticsId} />
    </>
  );
}
