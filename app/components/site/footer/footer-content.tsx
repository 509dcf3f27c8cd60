import { Link, useRouteLoaderData } from "react-router";
import { clubSite as clubDefaults } from "../../../config/club-site.ts";
import { SOCIAL_NETWORKS } from "../../../domain/club/rules.ts";
import { ClubCrest } from "../club-crest.tsx";
import { ExternalLink } from "../external-link.tsx";
import { PartnerLogo } from "../partner-logo.tsx";
import { SocialIcon, socialNetworks } from "../social-icons.tsx";
import { FooterSubscribe } from "../subscribe/subscribe-section.tsx";
import { useClubData } from "../use-club.ts";

// The footer's content (rules §2 Footer): Governing Bodies, Official Sponsors, the social links
// the club has set, the subscribe form and the copyright line, from Club details and Sponsors in
// the admin (ADR 013); the Official Sponsor tier, in its order. Rendered on the server and kept
// in the browser as the server's HTML (ADR 044, site-footer.tsx): this code comes to the browser
// only when the layout appears after a client navigation (from the admin to the site).

/** The footer's main part: the club, Get involved, Follow us, the form and the logos. */
export function FooterMain() {
  const { club, sponsors } = useClubData();
  const official = sponsors.filter((sponsor) => sponsor.tier === "Official Sponsor");
  return (
    <div className="mx-auto grid max-w-6xl gap-12 px-5 py-14 sm:px-8 lg:grid-cols-[1.1fr_2fr] lg:gap-16">
      <div>
        <Link to="/" className="inline-flex min-h-11 items-center gap-3 rounded-md">
          <ClubCrest size={56} className="size-14" />
          <span className="font-display text-2xl font-extrabold uppercase leading-none text-white">
            {club.shortName}
            <span className="sr-only">, home</span>
          </span>
        </Link>
        <p className="mt-4 max-w-sm text-slate-300">{club.tagline}</p>
        <nav aria-label="Get involved" className="mt-6">
          <ul className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <li>
              <Link to="/come-and-try" className="footer-link">
                Come and try
              </Link>
            </li>
            <li>
              <Link to="/events" className="footer-link">
                Club calendar
              </Link>
            </li>
          </ul>
        </nav>
        {/* decisions 35: a new club without social links shows no empty "Follow us". */}
        {SOCIAL_NETWORKS.some((network) => club.social[network]) ? (
          <>
            <h2 className="mt-8 font-display text-lg font-bold uppercase tracking-[0.15em] text-white">
              Follow us
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {SOCIAL_NETWORKS.map((network) => {
                const href = club.social[network];
                if (!href) return null;
                const { label } = socialNetworks[network];
                return (
                  <li key={network}>
                    <ExternalLink
                      href={href}
                      label={label}
                      className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-accent hover:text-accent-contrast"
                    >
                      <SocialIcon network={network} className="size-5" />
                    </ExternalLink>
                  </li>
                );
              })}
            </ul>
          </>
        ) : null}
        <FooterSubscribe />
      </div>

      <div className="grid gap-10 sm:grid-cols-2">
        {club.governingBodies.length > 0 ? (
          <LogoSection title="Governing Bodies" links={club.governingBodies} />
        ) : null}
        {official.length > 0 ? <LogoSection title="Official Sponsors" links={official} /> : null}
      </div>
    </div>
  );
}

/** The copyright line, with the year the layout's loader gave. */
export function FooterCredit() {
  const { club } = useClubData();
  const layout = useRouteLoaderData("routes/site/layout") as { year?: number } | undefined;
  return (
    <p>
      © {layout?.year ?? new Date().getFullYear()} {club.name}. All rights reserved. Website by{" "}
      <ExternalLink
        href={clubDefaults.developerCredit.href}
        className="font-semibold text-white underline decoration-accent underline-offset-4 hover:text-accent"
      >
        {clubDefaults.developerCredit.name}
      </ExternalLink>
      .
    </p>
  );
}

function LogoSection({
  title,
  links,
}: {
  title: string;
  links: readonly { name: string; href: string; logo?: string | null | undefined }[];
}) {
  const id = `footer-${title.replace(/\s+/g, "-").toLowerCase()}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-display text-lg font-bold uppercase tracking-[0.15em] text-white">
        {title}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3">
        {links.map((link) => (
          <li key={`${link.name} ${link.href}`}>
            <ExternalLink
              href={link.href}
              className="flex h-20 items-center justify-center rounded-lg bg-white p-3 text-center text-sm font-semibold text-slate-900 ring-accent transition hover:ring-4"
            >
              <PartnerLogo name={link.name} logo={link.logo} width={200} height={80} lazy />
            </ExternalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
