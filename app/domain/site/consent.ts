// Pure rules of cookie consent and third-party embeds (no I/O): what is stored, when the
// banner shows, when analytics and embeds may load.

import { isMeasurementId } from "../../config/measurement-id.ts";

/** rules §9 Cookie consent key: stored in localStorage under this name. */
export const CONSENT_KEY = "cookieConsent";

export type Consent = "accepted" | "declined";

/** rules §4/§9 Cookie consent: only 'accepted' and 'declined' count; anything else is no choice. */
export function parseConsent(value: string | null | undefined): Consent | null {
  return value === "accepted" || value === "declined" ? value : null;
}

/**
 * rules §4 Cookie consent: the banner shows when no choice is stored, or when the visitor
 * reopens it from the footer. `consent` is undefined while it is not yet known (on the
 * server and before hydration): the banner is not shown by this rule then, but the server's
 * copy is, by the head script and app.css, when no choice is stored (ADR 008).
 */
export function shouldShowBanner({
  consent,
  reopened,
}: {
  consent: Consent | null | undefined;
  reopened: boolean;
}): boolean {
  if (consent === undefined) return false;
  return consent === null || reopened;
}

/** rules §4 Cookie consent: analytics starts only after Accept, and only with an id configured. */
export function mayRunAnalytics({
  consent,
  measurementId,
}: {
  consent: Consent | null | undefined;
  measurementId: string;
}): boolean {
  return consent === "accepted" && isMeasurementId(measurementId);
}

/** decisions 19: a third-party embed loads only when asked for, or after Accept. */
export function mayLoadEmbed({
  consent,
  requested,
}: {
  consent: Consent | null | undefined;
  requested: boolean;
}): boolean {
  return requested || consent === "accepted";
}
