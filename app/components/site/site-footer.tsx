import { lazy } from "react";
import { Link } from "react-router";
import { openCookieSettings } from "../../browser/consent.ts";
import { KeptPart } from "./kept-html.tsx";
import { useHydrated } from "./use-hydrated.ts";

// The footer (rules §2 Footer). Its content changes only when the club edits it in the admin
// (and every page is then rendered again), so the browser keeps the server's HTML of it
// (ADR 044): its code (footer/footer-content.tsx: the logos, the social marks, the links) is
// not in the scripts every page loads. Its links to this site navigate in the page, as a
// <Link> would (kept-html.tsx). What must run in the browser stays here: the legal links and
// the Cookie Settings button.

const lazyPart = (name: "FooterMain" | "FooterCredit") =>
  lazy(() => import("./footer/footer-content.tsx").then((m) => ({ default: m[name] })));
// Rendered on the server; in the browser only after a client navigation into the site (from
// the admin), with no server HTML to keep.
const FooterMain = lazyPart("FooterMain");
const FooterCredit = lazyPart("FooterCredit");

export function SiteFooter() {
  return (
    <footer className="bg-[#051d2c] text-slate-200">
      <div aria-hidden="true" className="h-1.5 bg-accent" />
      <KeptPart name="FooterMain" content={<FooterMain />} />
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-5 py-6 text-sm text-slate-300 sm:px-8 lg:flex-row lg:items-center lg:justify-between">
          <KeptPart name="FooterCredit" content={<FooterCredit />} />
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
