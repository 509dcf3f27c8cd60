import { Link } from "react-router";
import { ExternalLink } from "../../components/site/external-link.tsx";
import { PageHero } from "../../components/site/page-hero.tsx";
import { ArrowRightIcon } from "../../components/site/page-icons/arrow-right.tsx";
import { EyeIcon } from "../../components/site/page-icons/eye.tsx";
import { HeartHandIcon } from "../../components/site/page-icons/heart-hand.tsx";
import { PuzzleIcon } from "../../components/site/page-icons/puzzle.tsx";
import { pageMeta } from "../../components/site/page-meta.ts";
import { PartnerLogo } from "../../components/site/partner-logo.tsx";
import { SiteErrorBoundary } from "../../components/site/site-error-boundary.tsx";
import { clubFromMatches, useClubData } from "../../components/site/use-club.ts";
import { paragraphs, placeName, sponsorsByTier, tierHeading } from "../../domain/club/rules.ts";
import type { Route } from "./+types/sponsors";

export const meta: Route.MetaFunction = ({ matches }) => {
  const club = clubFromMatches(matches);
  return pageMeta({
    club,
    title: "Sponsors",
    description: `The sponsors of ${club.name}, and how your business can support powerchair football${placeName(club.address) ? ` in ${placeName(club.address)}` : ""}.`,
    path: "/sponsors",
  });
};

// rules §2 Sponsors: the three benefit blocks, labels exactly as specified.
const benefits = [
  {
    title: "Brand Visibility",
    Icon: EyeIcon,
    text: "Your logo on our kit, banners and website, in front of supporters at every home game and across our social channels.",
  },
  {
    title: "Community Impact",
    Icon: HeartHandIcon,
    text: "Your support pays for chair maintenance, travel to away fixtures and sessions for young players trying the sport for the first time.",
  },
  {
    title: "Custom Packages",
    Icon: PuzzleIcon,
    text: "From matchday sponsorship to a season-long partnership or staff volunteering, we build a package that fits your goals and budget.",
  },
];

// ADR 013: by tier, then in the order set in the admin; the last paragraph is editable.
const tierId = (tier: string) => tier.toLowerCase().replace(/\s+/g, "-");

export default function Sponsors() {
  const { club, sponsors } = useClubData();
  const groups = sponsorsByTier(sponsors);
  return (
    <>
      <PageHero kicker="Partners" title="Our Sponsors">
        <p>
          Every game we play is made possible by businesses and organisations that believe in
          powerchair football. Thank you.
        </p>
      </PageHero>

      <section aria-labelledby="official-title" className="bg-white">
        <div className="mx-auto max-w-6xl px-5 py-16 sm:px-8 sm:py-20">
          <h2 id="official-title" className="section-title text-slate-900">
            Proudly supported by
          </h2>
          {groups.length === 0 ? (
            <p className="mt-6 text-lg text-slate-700">
              Our sponsors will be listed here. Could the first be you?
            </p>
          ) : null}
          {groups.map((group) => (
            <div key={group.tier} className="mt-10">
              <h3
                id={`tier-${tierId(group.tier)}`}
                className="font-display text-2xl font-bold uppercase text-slate-900"
              >
                {tierHeading(group.tier)}
              </h3>
              <ul className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {group.sponsors.map((sponsor) => (
                  <li key={sponsor.id} className="flex flex-col gap-3">
                    <ExternalLink
                      href={sponsor.href}
                      className="flex h-40 items-center justify-center rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200 transition hover:shadow-xl hover:ring-accent"
                    >
                      <PartnerLogo
                        name={sponsor.name}
                        logo={sponsor.logo}
                        width={300}
                        height={120}
                      />
                    </ExternalLink>
                    {sponsor.text ? <p className="text-slate-700">{sponsor.text}</p> : null}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="benefits-title" className="bg-slate-100">
        <div className="mx-auto max-w-6xl px-5 py-16 sm:px-8 sm:py-24">
          <p className="kicker text-club">Why sponsor {club.shortName}</p>
          <h2 id="benefits-title" className="section-title mt-2 max-w-3xl text-slate-900">
            Back a team that gives everyone a game
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {benefits.map(({ title, Icon, text }) => (
              <li key={title} className="rounded-xl bg-white p-7 shadow-sm ring-1 ring-slate-200">
                <span className="flex size-14 items-center justify-center rounded-lg bg-club text-accent">
                  <Icon className="size-7" />
                </span>
                <h3 className="mt-5 font-display text-2xl font-bold uppercase text-slate-900">
                  {title}
                </h3>
                <p className="mt-3 text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-title" className="relative overflow-hidden bg-club text-white">
        <div aria-hidden="true" className="hero-stripes absolute inset-0" />
        <div className="relative mx-auto flex max-w-6xl flex-col items-start gap-6 px-5 py-16 sm:px-8 lg:flex-row lg:items-center lg:justify-between">
          <div>
            <h2 id="cta-title" className="section-title">
              Let's talk
            </h2>
            {paragraphs(club.sponsorPitch).map((paragraph) => (
              <p key={paragraph} className="mt-3 max-w-xl text-lg text-white/90">
                {paragraph}
              </p>
            ))}
          </div>
          <Link to="/contact" className="button-accent shrink-0">
            Become a Sponsor
            <ArrowRightIcon className="size-5" />
          </Link>
        </div>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <SiteErrorBoundary />;
}
