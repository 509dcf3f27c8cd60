import { setTimeout } from "node:timers/promises";
import { clearHits, releaseHits, reserveHits } from "../rate-limit/rate-limit.server.ts";
import { LOGIN_LIMITS, loginDelayMs, normaliseEmail } from "./rules.ts";

// rules §4 Sign-in limits, §12 Sign-in limits, ADR 012. An attempt is reserved (counted as a failure) before
// its password is hashed, in one atomic step, so parallel guesses cannot all pass the check
// before any is recorded. A correct password takes its reservation back.

const windowMs = LOGIN_LIMITS.windowMs;
const windows = ({ email, address }: { email: string; address: string }) => {
  const normalised = normaliseEmail(email);
  return [
    {
      bucket: "login-pair",
      key: `${normalised}\n${address}`,
      windowMs,
      limit: LOGIN_LIMITS.perEmailAndAddress,
    },
    { bucket: "login-address", key: address, windowMs, limit: LOGIN_LIMITS.perAddress },
    // Never refused: only counted, to slow the addresses that keep guessing this e-mail.
    { bucket: "login-email", key: normalised, windowMs, limit: Number.POSITIVE_INFINITY },
  ];
};

export type LoginReservation =
  | { allowed: false }
  | { allowed: true; ids: string[]; delayMs: number };

/** Reserves one attempt, or refuses it (the address has failed too often). */
export async function reserveLoginAttempt(input: {
  email: string;
  address: string;
}): Promise<LoginReservation> {
  const reservation = await reserveHits(windows(input));
  if (!reservation.allowed) return { allowed: false };
  const [pairFailures = 0, , emailFailures = 0] = reservation.counts;
  return {
    allowed: true,
    ids: reservation.ids,
    delayMs: loginDelayMs({ emailFailures, pairFailures }),
  };
}

/** Waits as long as the reservation says (ADR 012: slowed, not refused). */
export async function slowDown(reservation: { delayMs: number }): Promise<void> {
  if (reservation.delayMs > 0) await setTimeout(reservation.delayMs);
}

/** A correct password: the attempt was not a failure, and this address starts afresh. */
export async function recordLoginSuccess({
  email,
  address,
  ids,
}: {
  email: string;
  address: string;
  ids: string[];
}): Promise<void> {
  await releaseHits(ids);
  const [pair] = windows({ email, address });
  if (pair) await clearHits(pair);
}
