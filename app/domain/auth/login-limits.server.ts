import { clearHits, recentHits, recordHit } from "../rate-limit/rate-limit.server.ts";
import { LOGIN_LIMITS, normaliseEmail } from "./rules.ts";

// Issue 4 §3: after 5 failures for an e-mail or 20 for an address within 15 minutes,
// sign-in is refused until the window has passed.

const byEmail = (email: string) => ({
  bucket: "login-email",
  key: normaliseEmail(email),
  windowMs: LOGIN_LIMITS.windowMs,
});
const byAddress = (address: string) => ({
  bucket: "login-address",
  key: address,
  windowMs: LOGIN_LIMITS.windowMs,
});

export async function checkLoginAllowed({ email, address }: { email: string; address: string }) {
  const [emailFailures, addressFailures] = await Promise.all([
    recentHits(byEmail(email)),
    recentHits(byAddress(address)),
  ]);
  return emailFailures < LOGIN_LIMITS.perEmail && addressFailures < LOGIN_LIMITS.perAddress;
}

export async function recordLoginFailure({ email, address }: { email: string; address: string }) {
  await recordHit(byEmail(email));
  await recordHit(byAddress(address));
}

/** A successful sign-in forgets that e-mail's failures (not the address's). */
export async function recordLoginSuccess({ email }: { email: string }) {
  await clearHits(byEmail(email));
}
