import { describe, expect, it } from "vitest";
import { describeWithDatabases } from "../../tests/db.ts";
import { withAdvisoryLock } from "./advisory-lock.server.ts";
import { getDatabaseHandle } from "./database.server.ts";

// One process at a time for a named job (ADR 027, ADR 032): on PostgreSQL a second taker of
// the same name skips while the first holds it, another name is not blocked, and the lock is
// let go when the body ends, also when it throws. The embedded database runs every body.

describeWithDatabases("withAdvisoryLock", ({ driver }) => {
  describe("runs one holder of a name at a time", () => {
    it("skips a second taker of the same name while the first works, not another name", async () => {
      const handle = getDatabaseHandle();
      let inner: unknown;
      let other: unknown;
      const outer = await withAdvisoryLock(handle, "clubsite.test", async () => {
        inner = await withAdvisoryLock(handle, "clubsite.test", async () => "second");
        other = await withAdvisoryLock(handle, "clubsite.other", async () => "other");
        return "first";
      });
      expect(outer).toEqual({ ran: true, value: "first" });
      expect(other).toEqual({ ran: true, value: "other" });
      expect(inner).toEqual(
        driver === "postgres" ? { ran: false } : { ran: true, value: "second" },
      );
    });

    it("lets go of the lock when the body throws", async () => {
      const handle = getDatabaseHandle();
      await expect(
        withAdvisoryLock(handle, "clubsite.test", async () => {
          throw new Error("failed");
        }),
      ).rejects.toThrow("failed");
      expect(await withAdvisoryLock(handle, "clubsite.test", async () => 1)).toEqual({
        ran: true,
        value: 1,
      });
    });
  });
});
