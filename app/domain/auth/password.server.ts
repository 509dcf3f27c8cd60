import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { loadEnv } from "../../config/env.server.ts";

// Password hashing with scrypt (memory-hard, in node:crypto; no native addon).
// Stored as "scrypt$N$r$p$salt$hash" so the parameters can be raised later.

// N comes from PASSWORD_HASH_COST (log2 N, default 15: N = 32768, about 100 ms and 32 MB per
// hash on the project's machines); a stored hash is checked with its own N, R and P.
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFC"),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: 128 * n * r * 2 * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const n = 2 ** loadEnv().PASSWORD_HASH_COST;
  const salt = randomBytes(16);
  const key = await derive(password, salt, n, R, P);
  return ["scrypt", n, R, P, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword({
  password,
  hash,
}: {
  password: string;
  hash: string;
}): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = hash.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !expected) return false;
  // A stored hash never makes a check cost more than the setting's highest (N = 2^18 with
  // r = 8: 256 MB): a hash asking for more is refused before anything is computed.
  if (!(Number(n) <= 2 ** 18 && Number(n) * Number(r) <= 2 ** 18 * R && Number(p) <= 4)) {
    return false;
  }
  const key = await derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p));
  const wanted = Buffer.from(expected, "base64");
  return wanted.length === key.length && timingSafeEqual(wanted, key);
}

/**
 * True when a stored hash was made with other parameters than a new one gets
 * (PASSWORD_HASH_COST changed since): the sign-in that proves the password replaces it.
 */
export function needsRehash(hash: string): boolean {
  const [scheme, n, r, p] = hash.split("$");
  return (
    scheme !== "scrypt" ||
    Number(n) !== 2 ** loadEnv().PASSWORD_HASH_COST ||
    Number(r) !== R ||
    Number(p) !== P
  );
}

let dummy: Promise<string> | undefined;
/** A hash to check against when the e-mail is unknown, so timing does not reveal it. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString("hex"));
  return dummy;
}
