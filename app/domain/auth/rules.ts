import { COMMON_PASSWORDS } from "./common-passwords.ts";

// Pure rules of administrator access (no I/O).

/** rules §8 'Any admin login failure': the one message for every failed sign-in. */
export const LOGIN_ERROR = "Invalid credentials. Please try again.";

/** rules §4 Sign-in limits: added to LOGIN_ERROR while sign-in is refused after repeated failures. */
export const LOCKOUT_NOTE = "Too many attempts. Please wait 15 minutes before trying again.";

/**
 * rules §4 Sign-in limits, §12, ADR 012: guessing is refused per e-mail *and* address (5 failures
 * in 15 minutes) and per address (20, whatever the e-mails), and slowed, never refused, per
 * e-mail: so nobody can lock the owner out from elsewhere.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perEmailAndAddress: 5,
  perAddress: 20,
  /** From this many failures for an e-mail (from anywhere), its guessers are slowed. */
  slowAfterEmailFailures: 5,
  slowStepMs: 1000,
  slowMaxMs: 10_000,
} as const;

/**
 * ADR 012: how long a sign-in waits before its password is checked. An address with no recent
 * failure for this e-mail (the owner, at home) is never slowed; an address that has failed
 * for an e-mail that is under attack waits a second more for each failure past the 4th, up
 * to 10 seconds.
 */
export function loginDelayMs({
  emailFailures,
  pairFailures,
}: {
  emailFailures: number;
  pairFailures: number;
}): number {
  const L = LOGIN_LIMITS;
  if (pairFailures === 0 || emailFailures < L.slowAfterEmailFailures) return 0;
  return Math.min((emailFailures - L.slowAfterEmailFailures + 1) * L.slowStepMs, L.slowMaxMs);
}

/** decisions 7, rules §4 Authentication: sessions last 30 days and slide while used. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** A session's expiry is pushed forward at most this often (one write a day, not per request). */
export const SESSION_REFRESH_MS = 24 * 3600 * 1000;

const MIN_PASSWORD_LENGTH = 12;

/** rules §5 Administrator passwords: why a new password is too weak, or null when it is acceptable. */
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
 * decisions 8: where to go after sign-in. Only a path on this site under /admin (never
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

/** ADR 014: an invitation link works once, for 48 hours. */
export const INVITE_TTL_MS = 48 * 3600 * 1000;
/** A forgotten-password link works once, for an hour (it is mailed; a mailbox can be read later). */
export const RESET_TTL_MS = 3600 * 1000;

/**
 * rules §4 Sign-in limits applied to "Forgot password" (ADR 024): per visitor's address, 5 in
 * 15 minutes; per administrator, at most 3 reset links valid at once (no mail bombing). A new
 * request never cancels a valid link, so when a request sends nothing the administrator's
 * mailbox already holds a link that works.
 */
export const RESET_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perAddress: 5,
  perEmail: 3,
} as const;

/**
 * ADR 024: Forgot password answers no sooner than this, whatever the address, so the time of
 * the answer does not tell a known address from an unknown one (the work for a known one,
 * a link stored, takes a few milliseconds more).
 */
export const RESET_ANSWER_MS = 400;

export type LinkPurpose = "invite" | "reset";
export type LinkProblem = "unknown" | "used" | "expired";

/** What a set-password page says about a link that cannot be used (nothing is changed). */
export function linkProblemMessage({
  problem,
  purpose,
}: {
  problem: LinkProblem;
  purpose?: LinkPurpose;
}): string {
  if (problem === "used")
    return "This link has already been used: each link works once. Log in with the password you chose, or ask for a new link.";
  if (problem === "expired")
    return purpose === "reset"
      ? "This link has expired: a password link works for one hour. Ask for a new one with Forgot password."
      : "This link has expired: an invitation works for 48 hours. Ask an administrator to invite you again.";
  return "This link is not valid. Check that you copied all of it, or ask for a new one.";
}

/** The one answer of Forgot password, whether or not the address belongs to an administrator. */
export const RESET_REQUESTED =
  "If that address belongs to an administrator, a link to choose a new password is on its way. It works once, for one hour.";

/** The e-mail that carries an invitation or a Forgot-password link (plain text, no tracking). */
export function linkMail({
  purpose,
  to,
  from,
  url,
  clubName,
}: {
  purpose: LinkPurpose;
  to: string;
  from: string;
  url: string;
  clubName: string;
}): { to: string; from: string; subject: string; text: string } {
  if (purpose === "invite") {
    return {
      to,
      from,
      subject: `You are invited to run the ${clubName} website`,
      text: [
        `An administrator of the ${clubName} website has invited you to help run it.`,
        "",
        "Choose your password with this link (it works once, for 48 hours):",
        url,
        "",
        "If you did not expect this, you can ignore this e-mail.",
      ].join("\n"),
    };
  }
  return {
    to,
    from,
    subject: `Choose a new password for the ${clubName} website`,
    text: [
      "Someone asked for a new password for this address.",
      "",
      "Choose a new password with this link (it works once, for one hour):",
      url,
      "",
      "If it was not you, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}
