import { lazy } from "react";
import { KeptPart } from "../../components/site/kept-html.tsx";
import { LiveBannersIsland } from "../../components/site/live/live-banners-island.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { ShortVideos, SocialLinks } from "../../components/site/short-videos.tsx";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches, useClub } from "../../components/site/use-club.ts";
import { liveBanners } from "../../domain/live/match-page.server.ts";
import { homePage } from "../../domain/site/home-page.server.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const club = clubFromMatches(matches);
  return pageMeta({ club, description: club.tagline, path: "/" });
};

// rules §2 Home: the page model (ADR 022), and any match under way (rules §2 Following live).
export async function loader() {
  const [page, live] = await Promise.all([homePage(), liveBanners()]);
  return { ...page, live };
}

// ADR 044: what the page only shows is kept as the server's HTML; its code comes to the browser
// only when a visitor comes here by a link within the site.
const HomeContent = lazy(() =>
  import("../../components/site/home/home-content.tsx").then((m) => ({ default: m.HomeContent })),
);

export default function Home({ loaderData }: Route.ComponentProps) {
  const club = useClub();
  return (
    <>
      <LiveBannersIsland matches={loaderData.live.matches} serverNow={loaderData.live.serverNow} />
      <KeptPart name="home" content={<HomeContent data={loaderData} />} />
      {/* decisions 35: a new club without social links or videos shows no empty section. */}
      {Object.values(club.social).some(Boolean) || club.shortVideos.length > 0 ? (
        <section aria-labelledby="social-title" className="bg-slate-950 text-white">
          <div className="mx-auto max-w-6xl px-5 py-16 sm:px-8 sm:py-24">
            <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
              <div>
                <p className="kicker text-accent">Social</p>
                <h2 id="social-title" className="section-title mt-2">
                  Follow {club.shortName}
                </h2>
                <p className="mt-4 max-w-xl text-lg text-slate-300">
                  Goals, training drills and matchday moments, straight from the squad.
                </p>
              </div>
              <SocialLinks />
            </div>
            <ShortVideos />
          </div>
        </section>
      ) : null}
    </>
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
