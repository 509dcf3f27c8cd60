import { useEffect } from "react";
import { useLocation } from "react-router";
import { useConsent } from "../../browser/consent.ts";
import { mayRunAnalytics } from "../../domain/site/consent.ts";
import { addScript } from "./third-party.ts";

// Google Analytics 4 (rules §4 Cookie consent): nothing is loaded or sent before the visitor
// accepts cookies, or at all without a measurement id. After Accept it starts, sends a page
// view, and sends one on every later route change. Declining later switches it off.

type Gtag = (...args: unknown[]) => void;
interface AnalyticsWindow {
  dataLayer?: unknown[];
  gtag?: Gtag;
  [disableFlag: `ga-disable-${string}`]: boolean | undefined;
}

function start(measurementId: string): Gtag {
  const w = window as unknown as AnalyticsWindow;
  w[`ga-disable-${measurementId}`] = false;
  if (!w.gtag) {
    w.dataLayer = w.dataLayer ?? [];
    // gtag.js reads the arguments objects themselves from the data layer.
    w.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js requires the arguments object
      w.dataLayer?.push(arguments);
    };
    w.gtag("js", new Date());
    // Page views are sent by us on each route change, not by gtag.js on load.
    w.gtag("config", measurementId, { send_page_view: false });
    addScript({
      id: "ga4",
      src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`,
    });
  }
  return w.gtag;
}

function stop(measurementId: string) {
  const w = window as unknown as AnalyticsWindow;
  if (!w.gtag) return;
  w[`ga-disable-${measurementId}`] = true;
  // Remove the analytics cookies gtag.js set, on this host and its parent domains.
  const names = document.cookie
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => name === "_ga" || name.startsWith("_ga_"));
  const parts = window.location.hostname.split(".");
  const domains = parts.map((_, index) => parts.slice(index).join("."));
  // The Cookie Store API is not in every browser yet: expire the cookies the classic way.
  for (const name of names) {
    // biome-ignore lint/suspicious/noDocumentCookie: see above
    document.cookie = `${name}=; Max-Age=0; Path=/`;
    for (const domain of domains) {
      // biome-ignore lint/suspicious/noDocumentCookie: see above
      document.cookie = `${name}=; Max-Age=0; Path=/; Domain=${domain}`;
    }
  }
}

export function Analytics({ measurementId }: { measurementId: string }) {
  const consent = useConsent();
  const { pathname, search } = useLocation();
  const enabled = mayRunAnalytics({ consent, measurementId });

  useEffect(() => {
    if (!enabled && consent === "declined" && measurementId) stop(measurementId);
  }, [enabled, consent, measurementId]);

  useEffect(() => {
    if (!enabled) return;
    const gtag = start(measurementId);
    gtag("event", "page_view", {
      page_location: window.location.href,
      page_path: `${pathname}${search}`,
      page_title: document.title,
    });
  }, [enabled, measurementId, pathname, search]);

  return null;
}
