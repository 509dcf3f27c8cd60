import { Link } from "react-router";
import crest from "../../assets/crest.svg";
import { openCookieSettings } from "../../browser/consent.ts";
import { type ExternalLink as ClubLink, club, type SocialNetwork } from "../../config/club.ts";
import { partnerLogo } from "./assets.ts";
import { ExternalLink } from "./external-link.tsx";
import { socialNetworks } from "./icons.tsx";
import { useHydrated } from "./use-hydrated.ts";

// The footer (rules §2 Footer): legal links, Cookie Settings, Governing Bodies, Official
// Sponsors, the four social links and the copyright line, all from config/club.ts.

const SOCIAL_ORDER: SocialNetwork[] = ["facebook", "instagram", "youtube", "tiktok"];

export function SiteFooter({ year }: { year: number }) {
  return (
    <footer className="bg-[#051d2c] text-slate-200">
      <div aria-hidden="true" className="h-1.5 bg-accent" />
      <div className="mx-auto grid max-w-6xl gap-12 px-5 py-14 sm:px-8 lg:grid-cols-[1.1fr_2fr] lg:gap-16">
        <div>
          <Link to="/" className="inline-flex min-h-11 items-center gap-3 rounded-md">
            <img src={crest} alt="" width={56} height={56} className="size-14" />
            <span className="font-display text-2xl font-extrabold uppercase leading-none text-white">
              {club.shortName}
              <span className="sr-only">, home</span>
            </span>
          </Link>
          <p className="mt-4 max-w-sm text-slate-300">{club.tagline}</p>
          <h2 className="mt-8 font-display text-lg font-bold uppercase tracking-[0.15em] text-white">
            Follow us
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {SOCIAL_ORDER.map((network) => {
              const { label, Icon } = socialNetworks[network];
              return (
                <li key={network}>
                  <ExternalLink
                    href={club.social[network]}
                    label={label}
                    className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-accent hover:text-accent-contrast"
                  >
                    <Icon className="size-5" />
                  </ExternalLink>
                </li>
              );
            })}
          </ul>
        </div>

        <div className="grid gap-10 sm:grid-cols-2">
          <LogoSection title="Governing Bodies" links={club.governingBodies} />
          <LogoSection title="Official Sponsors" links={club.officialSponsors} />
        </div>
      </div>

      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-5 py-6 text-sm text-slate-300 sm:px-8 lg:flex-row lg:items-center lg:justify-between">
          <p>
            © {year} {club.name}. All rights reserved. Website by{" "}
            <ExternalLink
              href={club.developerCredit.href}
              className="font-semibold text-white underline decoration-accent underline-offset-4 hover:text-accent"
            >
              {club.developerCredit.name}
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

function LogoSection({ title, links }: { title: string; links: readonly ClubLink[] }) {
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
          const logo = partnerLogo(link.logo);
          return (
            <li key={link.href}>
              <ExternalLink
                href={link.href}
                className="flex h-20 items-center justify-center rounded-lg bg-white p-3 text-center text-sm font-semibold text-slate-900 ring-accent transition hover:ring-4"
              >
                {logo ? (
                  <img
                    src={logo}
                    alt={link.name}
                    width={200}
                    height={80}
                    loading="lazy"
                    decoding="async"
                    className="max-h-full w-auto"
                  />
                ) : (
                  link.name
                )}
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
