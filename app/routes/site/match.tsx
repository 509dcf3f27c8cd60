import { data } from "react-router";
import { MatchLive } from "../../components/site/live/match-live.tsx";
import { PageHero } from "../../components/site/page-hero.tsx";
import { pageMeta, pageTitle } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { matchPage } from "../../domain/live/match-page.server.ts";
import type { Route } from "./+types/match";

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const club = clubFromMatches(matches);
  if (!loaderData) {
    return [{ title: pageTitle(club, "Match not found") }, { name: "robots", content: "noindex" }];
  }
  return pageMeta({
    club,
    title: loaderData.title,
    description: `${loaderData.title}, ${loaderData.when}, ${loaderData.location}.`,
    path: `/fixtures/${params.id}`,
  });
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// rules §2 Match page: the page model (ADR 022), or a real 404.
export async function loader({ params }: Route.LoaderArgs) {
  const page = UUID.test(params.id) ? await matchPage({ id: params.id.toLowerCase() }) : null;
  if (!page) throw data(null, { status: 404 });
  return page;
}

export default function Match({ loaderData }: Route.ComponentProps) {
  const { id, title, when, location, type, score, live, serverNow } = loaderData;
  return (
    <article aria-labelledby="match-title">
      <PageHero kicker={type} title={title} titleId="match-title">
        <p>
          {when} · {location}
        </p>
        {score && !live ? <p className="mt-3 font-display text-3xl font-bold">{score}</p> : null}
      </PageHero>
      <div className="mx-auto max-w-6xl px-5 pb-16 sm:px-8">
        {live ? (
          <MatchLive fixtureId={id} initial={live} serverNow={serverNow} />
        ) : (
          <p className="mt-8 text-slate-700">
            {score ? `Result: ${score}.` : "This match has not started."}
          </p>
        )}
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
