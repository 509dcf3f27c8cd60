import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

// Password hashing with scrypt (memory-hard, in node:crypto; no native addon).
// Stored as "scrypt$N$r$p$salt$hash" so the parameters can be raised later.

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 128 * N * R * 2;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFC"),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: MAXMEM * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ["scrypt", N, R, P, salt.toString("base64"), key.toString("base64")].join("$");
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
  const key = await derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p));
  const wanted = Buffer.from(expected, "base64");
  return wanted.length === key.length && timingSafeEqual(wanted, key);
}

let dummy: Promise<string> | undefined;
/** A hash to check against when the e-mail is unknown, so timing does not reveal it. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString("hex"));
  return dummy;
}
