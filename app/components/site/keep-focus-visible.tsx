import { useEffect } from "react";

// WCAG 2.4.11 Focus Not Obscured: when keyboard focus lands on an element hidden under the
// sticky header or the cookie banner, scroll just enough to show it. CSS scroll-padding
// covers most cases; this catches the ones browsers leave partly covered.

const MARGIN = 12;

export function KeepFocusVisible() {
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target === document.body) return;
      const header = document.querySelector<HTMLElement>("[data-site-header]");
      const banner = document.querySelector<HTMLElement>("[data-cookie-banner]");
      if (header?.contains(target) || banner?.contains(target)) return;
      const rect = target.getBoundingClientRect();
      const headerBottom =
        header && getComputedStyle(header).position === "sticky"
          ? header.getBoundingClientRect().bottom
          : 0;
      const bannerTop = banner ? banner.getBoundingClientRect().top : window.innerHeight;
      if (rect.top < headerBottom) {
        window.scrollBy({ top: rect.top - headerBottom - MARGIN, behavior: "instant" });
      } else if (rect.bottom > bannerTop) {
        window.scrollBy({ top: rect.bottom - bannerTop + MARGIN, behavior: "instant" });
      }
    };
    document.addEventListener("focusin", onFocusIn);
    return () => document.removeEventListener("focusin", onFocusIn);
  }, []);
  return null;
}
