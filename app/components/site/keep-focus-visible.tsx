import { useEffect } from "react";

// WCAG 2.4.11 Focus Not Obscured: when keyboard focus lands on an element hidden under the
// sticky header or the cookie banner, scroll just enough to show it. CSS scroll-padding
// covers most cases; this catches the ones browsers leave partly covered.

const MARGIN = 12;

export function KeepFocusVisible() {
  useEffect(() => {
    let frame = 0;
    const reveal = (target: HTMLElement) => {
      const header = document.querySelector<HTMLElement>("[data-site-header]");
      const banner = document.querySelector<HTMLElement>("[data-cookie-banner]");
      if (header?.contains(target) || banner?.contains(target)) return;
      if (getComputedStyle(target).position === "fixed") return;
      const rect = target.getBoundingClientRect();
      const top =
        header && getComputedStyle(header).position === "sticky"
          ? header.getBoundingClientRect().bottom
          : 0;
      const bottom = banner ? banner.getBoundingClientRect().top : window.innerHeight;
      // Too tall to show whole: show it from its top edge.
      if (rect.top < top || rect.height > bottom - top) {
        window.scrollBy({ top: rect.top - top - MARGIN, behavior: "instant" });
      } else if (rect.bottom > bottom) {
        window.scrollBy({ top: rect.bottom - bottom + MARGIN, behavior: "instant" });
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target === document.body) return;
      // Focus a script gives to a page's heading or main content after a navigation: the
      // page's scrolling (to the top, or back to where the visitor was) is left alone.
      if (target.getAttribute("tabindex") === "-1") return;
      // After the browser's own scrolling to the focused element.
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => reveal(target));
    };
    document.addEventListener("focusin", onFocusIn);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, []);
  return null;
}
