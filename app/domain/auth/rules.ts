import { COMMON_PASSWORDS } from "./common-passwords.ts";

// Pure rules of administrator access (no I/O).

/** SPEC §8 'Any admin login failure': the one message for every failed sign-in. */
export const LOGIN_ERROR = "Invalid credentials. Please try again.";

/** Issue 4 §3: added to LOGIN_ERROR while sign-in is refused after repeated failures. */
export const LOCKOUT_NOTE = "Too many attempts. Please wait 15 minutes before trying again.";

/** Issue 4 §3: brute force is refused after this many failures within the window. */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perEmail: 5,
  perAddress: 20,
} as const;

/** DECISIONS 7, issue 4 §2: sessions last 30 days and slide while used. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** A session's expiry is pushed forward at most this often (one write a day, not per request). */
export const SESSION_REFRESH_MS = 24 * 3600 * 1000;

export const MIN_PASSWORD_LENGTH = 12;

/** Issue 4 §1: why a new password is too weak, or null when it is acceptable. */
export function passwordProblem({
  password,
  email,
}: {
  password: string;
  email?: string;
}): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  }
  const lowered = password.toLowerCase();
  if (
    COMMON_PASSWORDS.has(lowered) ||
    COMMON_PASSWORDS.has(lowered.replace(/[\d!@#$%^&*.?]+$/, ""))
  ) {
    return "This password is too common and easy to guess. Choose a less predictable one, such as a few unrelated words.";
  }
  if (/^(.)\1+$/.test(password)) {
    return "The password must not be one character repeated.";
  }
  const localPart = email?.split("@")[0]?.toLowerCase();
  if (localPart && localPart.length >= 4 && lowered.includes(localPart)) {
    return "The password must not contain the e-mail address.";
  }
  return null;
}

/** E-mail addresses are compared and stored lower-cased and trimmed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * DECISIONS 8: where to go after sign-in. Only a path on this site under /admin (never
 * another host, never the login page itself); anything else becomes /admin.
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== "string") return "/admin";
  if (!value.startsWith("/admin") || value.startsWith("//") || value.includes("\\"))
    return "/admin";
  try {
    const url = new URL(value, "http://site.invalid");
    if (url.host !== "site.invalid") return "/admin";
    if (url.pathname === "/admin/login" || !/^\/admin(\/|$)/.test(url.pathname)) return "/admin";
    return `${url.pathname}${url.search}`;
  } catch {
    return "/admin";
  }
}
