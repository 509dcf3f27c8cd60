import { data, Link } from "react-router";
import { ExternalLink } from "../../components/site/external-link.tsx";
import { PageHero } from "../../components/site/page-hero.tsx";
import { MapPinIcon } from "../../components/site/page-icons/map-pin.tsx";
import { pageMeta, pageTitle } from "../../components/site/page-meta.ts";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches } from "../../components/site/use-club.ts";
import { AccessPhotos, AccessSections } from "../../components/site/venue/access-sections.tsx";
import { JsonLd } from "../../components/ui/json-ld.tsx";
import { venuePage } from "../../domain/venues/venue-page.server.ts";
import type { Route } from "./+types/venue";

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const club = clubFromMatches(matches);
  if (!loaderData) {
    return [{ title: pageTitle(club, "Venue not found") }, { name: "robots", content: "noindex" }];
  }
  return pageMeta({
    club,
    title: `${loaderData.name}: access guide`,
    description: loaderData.summary.slice(0, 3).join(" "),
    path: `/venues/${params.slug}`,
  });
};

// rules §2 Venue page, ADR 031: the venue's page model (ADR 022), or a real 404.
export async function loader({ params }: Route.LoaderArgs) {
  const page = await venuePage({ slug: params.slug });
  if (!page) throw data(null, { status: 404 });
  return page;
}

export default function Venue({ loaderData }: Route.ComponentProps) {
  const { name, address, mapUrl, summary, sections, photos, checkedOn, jsonLd } = loaderData;
  return (
    <article aria-labelledby="venue-title" className="wrap-anywhere">
      <JsonLd data={jsonLd} />
      <PageHero kicker="Venue and access guide" title={name} titleId="venue-title">
        {address ? (
          <p className="flex items-start gap-2">
            <MapPinIcon className="mt-1 size-5 shrink-0 text-accent" />
            <span className="whitespace-pre-line">{address}</span>
          </p>
        ) : null}
        {mapUrl ? (
          <p className="mt-5">
            <ExternalLink href={mapUrl} className="button-accent">
              Open in a map<span className="sr-only"> ({name})</span>
            </ExternalLink>
          </p>
        ) : null}
      </PageHero>

      <div className="bg-slate-100">
        <div className="mx-auto max-w-6xl px-5 py-12 sm:px-8 sm:py-16">
          <section
            aria-labelledby="summary-title"
            className="rounded-2xl border-l-8 border-accent bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
          >
            <h2 id="summary-title" className="kicker text-club">
              In short
            </h2>
            <div className="mt-3 space-y-2 text-xl leading-relaxed text-slate-900">
              {summary.map((sentence) => (
                <p key={sentence}>{sentence}</p>
              ))}
            </div>
          </section>

          <div className="mt-10">
            <AccessSections sections={sections} />
          </div>
          <AccessPhotos photos={photos} />

          <p className="mt-10 text-slate-700">
            {checkedOn ? `Access guide last checked on ${checkedOn}. ` : ""}
            Something changed, or a question before you travel?{" "}
            <Link to="/contact" className="font-semibold text-club underline underline-offset-4">
              Contact the club
            </Link>
            .
          </p>
        </div>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <SiteErrorBoundary
      notFoundCopy={{
        title: "Venue not found",
        message:
          "We couldn't find that venue. It may have been renamed, or the address may be mistyped.",
        backTo: { to: "/fixtures", label: "Back to Fixtures" },
      }}
    />
  );
}
