import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { rateLimitHits } from "../../db/schema.ts";
import { recordLoginSuccess, reserveLoginAttempt } from "./login-limits.server.ts";

const fail = async (email: string, address: string) => {
  const reservation = await reserveLoginAttempt({ email, address });
  if (!reservation.allowed) throw new Error("refused");
  return reservation;
};

describeWithDatabases("login limits", ({ db }) => {
  const reset = () => db().delete(rateLimitHits);

  it("refuses an e-mail from one address after 5 failures, whatever its case", async () => {
    await reset();
    for (let n = 0; n < 4; n++) await fail("a@club.example", "10.0.0.1");
    await fail("A@Club.example", "10.0.0.1");
    expect(await reserveLoginAttempt({ email: "a@club.example", address: "10.0.0.1" })).toEqual({
      allowed: false,
    });
    // rules §12: the owner, from an address with no failures, is not refused or slowed.
    expect(
      await reserveLoginAttempt({ email: "a@club.example", address: "10.9.9.9" }),
    ).toMatchObject({ allowed: true, delayMs: 0 });
  });

  it("slows, never refuses, an e-mail guessed from many addresses (rules §12)", async () => {
    await reset();
    for (let n = 0; n < 6; n++) await fail("b@club.example", `10.1.0.${n}`);
    // An address that has failed for it waits: 6 failures so far, so 2 seconds.
    expect(
      await reserveLoginAttempt({ email: "b@club.example", address: "10.1.0.0" }),
    ).toMatchObject({ allowed: true, delayMs: 2000 });
    expect(
      await reserveLoginAttempt({ email: "b@club.example", address: "10.1.9.9" }),
    ).toMatchObject({ allowed: true, delayMs: 0 });
  });

  it("refuses an address after 20 failures, whichever e-mails they tried", async () => {
    await reset();
    for (let n = 0; n < 20; n++) await fail(`u${n}@club.example`, "192.0.2.7");
    expect(
      (await reserveLoginAttempt({ email: "x@club.example", address: "192.0.2.7" })).allowed,
    ).toBe(false);
    expect(
      (await reserveLoginAttempt({ email: "x@club.example", address: "192.0.2.8" })).allowed,
    ).toBe(true);
  });

  it("counts parallel attempts exactly: 25 at once, 5 pass (rules §12)", async () => {
    await reset();
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        reserveLoginAttempt({ email: "race@club.example", address: "198.51.100.1" }),
      ),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
  });

  it("lets failures older than the window age out", async () => {
    await db().update(rateLimitHits).set({ at: sql`now() - interval '16 minutes'` });
    expect(
      (await reserveLoginAttempt({ email: "u1@club.example", address: "192.0.2.7" })).allowed,
    ).toBe(true);
  });

  it("stores neither the address nor the e-mail itself", async () => {
    await fail("private@club.example", "198.51.100.23");
    const keys = (await db().select().from(rateLimitHits)).map((row) => row.key).join(" ");
    expect(keys).not.toContain("198.51.100.23");
    expect(keys).not.toContain("private@club.example");
  });

  it("a success takes its attempt back and forgets that address's failures for the e-mail", async () => {
    await reset();
    for (let n = 0; n < 4; n++) await fail("c@club.example", "10.1.1.1");
    const success = await fail("c@club.example", "10.1.1.1");
    await recordLoginSuccess({ email: "c@club.example", address: "10.1.1.1", ids: success.ids });
    const rows = await db().select().from(rateLimitHits);
    // What is left: the e-mail's and the address's earlier failures, not this attempt.
    expect(rows.filter((row) => row.bucket === "login-pair")).toHaveLength(0);
    expect(rows.filter((row) => row.bucket === "login-email")).toHaveLength(4);
    expect(
      (await reserveLoginAttempt({ email: "c@club.example", address: "10.1.1.1" })).allowed,
    ).toBe(true);
  });
});
