import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { OPEN_COOKIE_SETTINGS_EVENT, saveConsent, useConsent } from "../../browser/consent.ts";
import { type Consent, shouldShowBanner } from "../../domain/site/consent.ts";

// The cookie banner (rules §2 Cookie banner, §4 Cookie consent): at the bottom of the screen
// while no choice is stored, or when the footer's Cookie Settings reopens it. While it shows,
// the page reserves its height (--consent-banner-height) so it never covers the focused
// element or the end of the page (WCAG 2.4.11). It never takes more than half the screen: at
// 400 % zoom or with larger text spacing it scrolls within itself, from its start, and the
// page (with its header) stays usable beside it (WCAG 1.4.10, 1.4.12). Its title is a
// label, not a heading: the page's own h1 comes first in the outline.

export function CookieBanner() {
  const consent = useConsent();
  const [reopened, setReopened] = useState(false);
  const bannerRef = useRef<HTMLElement>(null);
  const titleRef = useRef<HTMLParagraphElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const visible = shouldShowBanner({ consent, reopened });

  useEffect(() => {
    const onOpen = () => {
      returnFocusTo.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setReopened(true);
      // Reopened on request: take the visitor to the choice.
      requestAnimationFrame(() => titleRef.current?.focus());
    };
    window.addEventListener(OPEN_COOKIE_SETTINGS_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_COOKIE_SETTINGS_EVENT, onOpen);
  }, []);

  useEffect(() => {
    const banner = bannerRef.current;
    const root = document.documentElement;
    if (!visible || !banner) {
      root.style.removeProperty("--consent-banner-height");
      return;
    }
    const update = () =>
      root.style.setProperty("--consent-banner-height", `${banner.offsetHeight}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--consent-banner-height");
    };
  }, [visible]);

  function choose(value: Consent) {
    saveConsent(value);
    setReopened(false);
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (target?.isConnected) target.focus();
  }

  // On the server and while the page hydrates the choice is not known yet: the banner is
  // rendered all the same, marked as waiting, and app.css shows it only when the head script
  // found no stored choice (html.consent-pending). So it is in the first paint, and without
  // JavaScript (no choice to make: nothing optional ever loads) it stays hidden.
  const waiting = consent === undefined;
  if (!visible && !waiting) return null;
  return (
    <section
      ref={bannerRef}
      data-cookie-banner=""
      data-choice-pending={waiting ? "" : undefined}
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-50 max-h-[50vh] overflow-y-auto overscroll-contain border-t-4 border-accent bg-white text-slate-900 shadow-[0_-12px_32px_-8px_rgb(0_0_0/0.35)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-5 py-4 sm:px-8 md:flex-row md:items-center md:gap-8 md:py-5 [@media(max-height:30rem)]:gap-2 [@media(max-height:30rem)]:py-2">
        <div className="md:flex-1">
          <p
            id="cookie-banner-title"
            ref={titleRef}
            tabIndex={-1}
            className="font-display text-xl font-extrabold uppercase tracking-wide text-club [@media(max-height:30rem)]:text-lg"
          >
            Cookies on this site
          </p>
          <p className="mt-1 text-sm text-slate-700 sm:text-base">
            With your permission we use analytics cookies to learn which pages help our fans, and
            show videos and maps from other services, which set their own cookies. Nothing optional
            loads until you accept. Read our{" "}
            <Link
              to="/privacy-policy"
              className="font-semibold text-club underline underline-offset-4 hover:no-underline"
            >
              Privacy Policy
            </Link>
            .
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-3">
          <button
            type="button"
            onClick={() => choose("accepted")}
            data-consent-choice="accepted"
            className="button-primary flex-1 md:flex-none"
          >
            Accept
          </button>
          <button
            type="button"
            onClick={() => choose("declined")}
            data-consent-choice="declined"
            className="button-secondary flex-1 md:flex-none"
          >
            Decline
          </button>
        </div>
      </div>
    </section>
  );
}
