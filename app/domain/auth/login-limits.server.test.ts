import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeWithDatabases } from "../../../tests/db.ts";
import { rateLimitHits } from "../../db/schema.ts";
import {
  checkLoginAllowed,
  recordLoginFailure,
  recordLoginSuccess,
} from "./login-limits.server.ts";

describeWithDatabases("login limits", ({ db }) => {
  it("refuses an e-mail after 5 failures within 15 minutes, whatever its case", async () => {
    for (let n = 0; n < 4; n++)
      await recordLoginFailure({ email: "a@club.example", address: `10.0.0.${n}` });
    expect(await checkLoginAllowed({ email: "a@club.example", address: "10.9.9.9" })).toBe(true);
    await recordLoginFailure({ email: "A@Club.example", address: "10.0.0.9" });
    expect(await checkLoginAllowed({ email: "a@club.example", address: "10.9.9.9" })).toBe(false);
    expect(await checkLoginAllowed({ email: "b@club.example", address: "10.9.9.9" })).toBe(true);
  });

  it("refuses an address after 20 failures, whichever e-mails they tried", async () => {
    for (let n = 0; n < 20; n++)
      await recordLoginFailure({ email: `u${n}@club.example`, address: "192.0.2.7" });
    expect(await checkLoginAllowed({ email: "fresh@club.example", address: "192.0.2.7" })).toBe(
      false,
    );
    expect(await checkLoginAllowed({ email: "fresh@club.example", address: "192.0.2.8" })).toBe(
      true,
    );
  });

  it("lets failures older than the window age out", async () => {
    await db().update(rateLimitHits).set({ at: sql`now() - interval '16 minutes'` });
    expect(await checkLoginAllowed({ email: "a@club.example", address: "192.0.2.7" })).toBe(true);
  });

  it("stores neither the address nor the e-mail itself", async () => {
    await recordLoginFailure({ email: "private@club.example", address: "198.51.100.23" });
    const keys = (await db().select().from(rateLimitHits)).map((row) => row.key).join(" ");
    expect(keys).not.toContain("198.51.100.23");
    expect(keys).not.toContain("private@club.example");
  });

  it("forgets an e-mail's failures after a successful sign-in", async () => {
    for (let n = 0; n < 5; n++)
      await recordLoginFailure({ email: "c@club.example", address: "10.1.1.1" });
    expect(await checkLoginAllowed({ email: "c@club.example", address: "10.2.2.2" })).toBe(false);
    await recordLoginSuccess({ email: "c@club.example" });
    expect(await checkLoginAllowed({ email: "c@club.example", address: "10.2.2.2" })).toBe(true);
  });
});
