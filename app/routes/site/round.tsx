import { data, Link } from "react-router";
import { ExternalLink } from "../../components/site/external-link.tsx";
import { RoundFacts, RoundMatches } from "../../components/site/match-centre/round-parts.tsx";
import { PageHero } from "../../components/site/page-hero.tsx";
import { pageMeta, pageTitle } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { VenueLinksProvider, VenueName } from "../../components/site/venue-link.tsx";
import { JsonLd } from "../../components/ui/json-ld.tsx";
import { roundPage } from "../../domain/fixtures/round-page.server.ts";
import type { Route } from "./+types/round";

// A round day's page (rules §2 Rounds, ADR 035): its schedule in kick-off order, the venue
// (linked to its access guide), the arrival time, the notes, and each result as it is entered.
// Server-rendered text and links: no code of its own in the browser (ADR 008).

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const club = clubFromMatches(matches);
  if (!loaderData) {
    return [{ title: pageTitle(club, "Round not found") }, { name: "robots", content: "noindex" }];
  }
  const { facts } = loaderData;
  const where = facts.venue ? ` at ${facts.venue}` : "";
  return pageMeta({
    club,
    title: loaderData.name,
    description: `${loaderData.name}: ${loaderData.matches.length} matches on ${facts.dayText}${where}. Kick-off times, the venue's access guide and the results.`,
    path: `/fixtures/rounds/${params.slug}`,
  });
};

export async function loader({ params }: Route.LoaderArgs) {
  const page = await roundPage({ slug: params.slug });
  if (!page) throw data(null, { status: 404 });
  return page;
}

export default function Round({ loaderData }: Route.ComponentProps) {
  const page = loaderData;
  return (
    <VenueLinksProvider value={page.venueLinks}>
      <article aria-labelledby="round-title" className="wrap-anywhere">
        <JsonLd data={page.jsonLd} />
        <PageHero kicker="Round day" title={page.name} titleId="round-title">
          <RoundFacts facts={page.facts} tone="dark" />
        </PageHero>
        <div className="bg-slate-100">
          <div className="mx-auto max-w-4xl space-y-10 px-5 py-12 sm:px-8 sm:py-16">
            <section
              aria-labelledby="schedule-title"
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
            >
              <h2 id="schedule-title" className="kicker text-club">
                Schedule and results
              </h2>
              <div className="mt-4">
                {page.matches.length > 0 ? (
                  <RoundMatches matches={page.matches} level={3} />
                ) : (
                  <p className="text-slate-700">The matches are not known yet.</p>
                )}
              </div>
            </section>
            {page.notes ? (
              <section aria-labelledby="notes-title">
                <h2 id="notes-title" className="kicker text-club">
                  Notes
                </h2>
                <p className="mt-3 whitespace-pre-line text-lg leading-relaxed text-slate-900">
                  {page.notes}
                </p>
              </section>
            ) : null}
            {page.facts.venue ? (
              <section aria-labelledby="venue-title">
                <h2 id="venue-title" className="kicker text-club">
                  Venue
                </h2>
                <p className="mt-3 text-lg text-slate-900">
                  <VenueName name={page.facts.venue} />
                </p>
                {page.address ? (
                  <p className="mt-1 whitespace-pre-line text-slate-700">{page.address}</p>
                ) : null}
                {page.mapUrl ? (
                  <p className="mt-4">
                    <ExternalLink href={page.mapUrl} className="button-secondary">
                      Open in a map<span className="sr-only"> ({page.facts.venue})</span>
                    </ExternalLink>
                  </p>
                ) : null}
              </section>
            ) : null}
            <p>
              <Link
                to="/fixtures"
                className="inline-flex min-h-11 items-center font-semibold text-club underline underline-offset-4"
              >
                All fixtures and results
              </Link>
            </p>
          </div>
        </div>
      </article>
    </VenueLinksProvider>
  );
}

export function ErrorBoundary() {
  return (
    <SiteErrorBoundary
      notFoundCopy={{
        title: "Round not found",
        message:
          "We couldn't find that round day. It may have been renamed, or the address may be mistyped.",
        backTo: { to: "/fixtures", label: "Back to Fixtures" },
      }}
    />
  );
}
