import { Link } from "react-router";
import { openCookieSettings } from "../../browser/consent.ts";
import { clubSite as clubDefaults } from "../../config/club-site.ts";
import { SOCIAL_NETWORKS } from "../../domain/club/rules.ts";
import { ClubCrest } from "./club-crest.tsx";
import { ExternalLink } from "./external-link.tsx";
import { SocialIcon, socialNetworks } from "./icons.tsx";
import { PartnerLogo } from "./partner-logo.tsx";
import { FooterSubscribe } from "./subscribe/subscribe-section.tsx";
import { useClubData } from "./use-club.ts";
import { useHydrated } from "./use-hydrated.ts";

// The footer (rules §2 Footer): legal links, Cookie Settings, Governing Bodies, Official
// Sponsors, the social links the club has set and the copyright line: from Club details and
// Sponsors in the admin (ADR 013); the footer shows the Official Sponsor tier, in its order.

export function SiteFooter({ year, mailEnabled }: { year: number; mailEnabled: boolean }) {
  const { club, sponsors } = useClubData();
  const official = sponsors.filter((sponsor) => sponsor.tier === "Official Sponsor");
  return (
    <footer className="bg-[#051d2c] text-slate-200">
      <div aria-hidden="true" className="h-1.5 bg-accent" />
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
          {mailEnabled ? <FooterSubscribe /> : null}
        </div>

        <div className="grid gap-10 sm:grid-cols-2">
          {club.governingBodies.length > 0 ? (
            <LogoSection title="Governing Bodies" links={club.governingBodies} />
          ) : null}
          {official.length > 0 ? <LogoSection title="Official Sponsors" links={official} /> : null}
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-5 py-6 text-sm text-slate-300 sm:px-8 lg:flex-row lg:items-center lg:justify-between">
          <p>
            © {year} {club.name}. All rights reserved. Website by{" "}
            <ExternalLink
              href={clubDefaults.developerCredit.href}
              className="font-semibold text-white underline decoration-accent underline-offset-4 hover:text-accent"
            >
              {clubDefaults.developerCredit.name}
            </ExternalLink>
            .
          </p>
          <nav aria-label="Legal" className="lg:shrink-0">
            <ul className="flex flex-wrap items-center gap-x-2 gap-y-1 lg:flex-nowrap">
              <li>
                <Link to="/privacy-policy" className="footer-link">
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link to="/terms-conditions" className="footer-link">
                  Terms &amp; Conditions
                </Link>
              </li>
              <li>
                <CookieSettingsButton />
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}

function LogoSection({
  title,
  links,
}: {
  title: string;
  links: readonly { name: string; href: string; logo?: string | null | undefined }[];
}) {
  return (
    <section aria-labelledby={`footer-${title.replace(/\s+/g, "-").toLowerCase()}`}>
      <h2
        id={`footer-${title.replace(/\s+/g, "-").toLowerCase()}`}
        className="font-display text-lg font-bold uppercase tracking-[0.15em] text-white"
      >
        {title}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3">
        {links.map((link) => {
          return (
            <li key={`${link.name} ${link.href}`}>
              <ExternalLink
                href={link.href}
                className="flex h-20 items-center justify-center rounded-lg bg-white p-3 text-center text-sm font-semibold text-slate-900 ring-accent transition hover:ring-4"
              >
                <PartnerLogo name={link.name} logo={link.logo} width={200} height={80} lazy />
              </ExternalLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

// The button fires the page-wide event that reopens the cookie banner (rules §2 Footer).
// Without JavaScript there is nothing to consent to, so it leads to the policy instead.
function CookieSettingsButton() {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <Link to="/privacy-policy#cookies" className="footer-link">
        Cookie Settings
      </Link>
    );
  }
  return (
    <button type="button" onClick={openCookieSettings} className="footer-link">
      Cookie Settings
    </button>
  );
}
