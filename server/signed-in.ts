import { createHash } from "node:crypto";
import { sessionTokenOf } from "../app/domain/auth/session.server.ts";

// ADR 025: only a session the database knows makes a request "signed in" for the page cache
// and the private marking. Anyone can send a cookie of the right shape; if that alone were
// enough, every such request would skip the cache and cost a full render. The answer for a
// token is kept briefly (by its hash), so a signed-in administrator or a repeated cookie costs
// one database read per interval, and the fast path can answer from memory.

export interface SignedInCheck {
  /** From memory: true or false when known, undefined when the database must be asked. */
  known(cookieHeader: string | undefined): boolean | undefined;
  /** Asks the database (once for concurrent requests with the same token) and remembers. */
  verify(cookieHeader: string | undefined): Promise<boolean>;
}

/** How long a token's answer is kept: a signed-out session may skip the cache this long. */
const SIGNED_IN_MEMORY_MS = 10_000;
/** Tokens remembered at most (a flood of made-up cookies only churns this). */
const SIGNED_IN_MEMORY_MAX = 10_000;

export function signedInCheck({
  isLive,
  ttlMs = SIGNED_IN_MEMORY_MS,
  max = SIGNED_IN_MEMORY_MAX,
  now = Date.now,
}: {
  isLive: (token: string) => Promise<boolean>;
  ttlMs?: number;
  max?: number;
  now?: () => number;
}): SignedInCheck {
  const seen = new Map<string, { live: boolean; until: number }>();
  const pending = new Map<string, Promise<boolean>>();
  const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

  const known = (cookieHeader: string | undefined): boolean | undefined => {
    const token = sessionTokenOf(cookieHeader);
    // No session cookie, or one of a shape never issued: anonymous without asking.
    if (!token) return false;
    const entry = seen.get(hashOf(token));
    if (!entry) return undefined;
    if (entry.until > now()) return entry.live;
    seen.delete(hashOf(token));
    return undefined;
  };

  const verify = async (cookieHeader: string | undefined): Promise<boolean> => {
    const remembered = known(cookieHeader);
    if (remembered !== undefined) return remembered;
    const token = sessionTokenOf(cookieHeader) as string;
    const hash = hashOf(token);
    let asking = pending.get(hash);
    if (!asking) {
      asking = isLive(token).finally(() => pending.delete(hash));
      pending.set(hash, asking);
    }
    const live = await asking;
    if (seen.size >= max) {
      // The oldest first (insertion order).
      const oldest = seen.keys().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
    seen.set(hash, { live, until: now() + ttlMs });
    return live;
  };

  return { known, verify };
}
