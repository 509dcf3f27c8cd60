import { describe, expect, it } from "vitest";
import { hashAt } from "../../../tests/password-hash.ts";
import { loadEnv } from "../../config/env.server.ts";
import { dummyHash, hashPassword, needsRehash, verifyPassword } from "./password.server.ts";

// scrypt hashes (README "PASSWORD_HASH_COST"): new ones at the configured cost, stored ones
// checked at their own, so changing the setting never locks an administrator out.

describe("password hashes", () => {
  it("hashes at 2^PASSWORD_HASH_COST with a salt of its own, and checks the password", async () => {
    const cost = loadEnv().PASSWORD_HASH_COST;
    const first = await hashPassword("amber-kettle-river-42");
    const second = await hashPassword("amber-kettle-river-42");
    expect(first.split("$").slice(0, 4)).toEqual(["scrypt", String(2 ** cost), "8", "1"]);
    expect(second).not.toBe(first);
    expect(await verifyPassword({ password: "amber-kettle-river-42", hash: first })).toBe(true);
    expect(await verifyPassword({ password: "amber-kettle-river-43", hash: first })).toBe(false);
  });

  it("checks a stored hash at its own cost, whatever the setting is now", async () => {
    const older = hashAt("chosen-before-the-change", 2 ** 11);
    expect(await verifyPassword({ password: "chosen-before-the-change", hash: older })).toBe(true);
    expect(await verifyPassword({ password: "another-password-here", hash: older })).toBe(false);
  });

  it("refuses a malformed hash, and one asking for more than N = 2^18, without computing it", async () => {
    // Computed, N = 2^24 would take 16 GB and minutes (the test would time out).
    const stored = hashAt("anything-long-enough", 2 ** 10).split("$");
    const tooCostly = ["scrypt", 2 ** 24, ...stored.slice(2)].join("$");
    expect(await verifyPassword({ password: "anything-long-enough", hash: tooCostly })).toBe(false);
    expect(await verifyPassword({ password: "x", hash: "bcrypt$12$abc" })).toBe(false);
    expect(await verifyPassword({ password: "x", hash: "" })).toBe(false);
  });

  it("tells a hash made with other parameters than a new one gets, to be made again", async () => {
    const cost = loadEnv().PASSWORD_HASH_COST;
    expect(needsRehash(await hashPassword("amber-kettle-river-42"))).toBe(false);
    expect(needsRehash(hashAt("amber-kettle-river-42", 2 ** cost))).toBe(false);
    expect(needsRehash(hashAt("amber-kettle-river-42", 2 ** (cost + 1)))).toBe(true);
    expect(needsRehash(hashAt("amber-kettle-river-42", 2 ** cost, 16))).toBe(true);
    expect(needsRehash("bcrypt$12$abc")).toBe(true);
  });

  it("has one dummy hash per process to check unknown e-mails against", async () => {
    expect(await dummyHash()).toBe(await dummyHash());
    expect(await verifyPassword({ password: "whatever", hash: await dummyHash() })).toBe(false);
  });
});
