import { randomBytes, scryptSync } from "node:crypto";

/** A hash as app/domain/auth/password.server.ts writes it, at a cost of the test's choosing. */
export function hashAt(password: string, n: number, r = 8): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFC"), salt, 32, {
    N: n,
    r,
    p: 1,
    maxmem: 256 * n * r * 2,
  });
  return ["scrypt", n, r, 1, salt.toString("base64"), key.toString("base64")].join("$");
}
