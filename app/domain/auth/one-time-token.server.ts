import { createHash, randomBytes } from "node:crypto";

// One-time link tokens (ADR 014, ADR 024): 32 random bytes in the link, only their SHA-256 in
// the database, so a leaked table opens nothing. Shared by the administrators' links
// (links.server.ts) and the supporters' confirmation links (subscribers, ADR 032): each keeps
// its own table, expiry and single use, built on these three.

/** The SHA-256 of a token, as its table keeps it. */
export const hashToken = (token: string): string =>
  createHash("sha256").update(token).digest("hex");

/** A new token: what goes into the link, and what the database keeps. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a link's segment can be a token at all (anything else is not looked up). */
export const isTokenShaped = (value: string): boolean => TOKEN.test(value);
