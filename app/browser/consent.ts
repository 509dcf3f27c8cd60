import { useSyncExternalStore } from "react";
import { CONSENT_KEY, type Consent, parseConsent } from "../domain/site/consent.ts";

// The visitor's cookie choice (rules §4 Cookie consent), kept in localStorage under
// 'cookieConsent'. Components read it with useConsent(): undefined on the server and during
// hydration (not known yet), then 'accepted', 'declined' or null (no choice yet).

const CHANGE_EVENT = "clubsite:consent-change";

/** The page-wide event the footer's Cookie Settings button fires to reopen the banner. */
export const OPEN_COOKIE_SETTINGS_EVENT = "clubsite:open-cookie-settings";

// Used when storage is unavailable (some private modes): the choice lasts for this page.
let inMemory: Consent | null = null;

function read(): Consent | null {
  try {
    return parseConsent(window.localStorage.getItem(CONSENT_KEY));
  } catch {
    return inMemory;
  }
}

function subscribe(onChange: () => void): () => void {
  // 'storage' fires when another tab changes the choice.
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

export function useConsent(): Consent | null | undefined {
  return useSyncExternalStore<Consent | null | undefined>(subscribe, read, () => undefined);
}

export function saveConsent(value: Consent): void {
  inMemory = value;
  try {
    window.localStorage.setItem(CONSENT_KEY, value);
  } catch {
    // Storage refused: the in-memory choice applies until the page is left.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function openCookieSettings(): void {
  window.dispatchEvent(new CustomEvent(OPEN_COOKIE_SETTINGS_EVENT));
}
