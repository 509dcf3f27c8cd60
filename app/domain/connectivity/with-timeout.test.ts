import { describe, expect, it, vi } from "vitest";
import { withTimeout } from "./with-timeout.ts";

describe("withTimeout", () => {
  it("settles like the promise when it is in time", async () => {
    await expect(
      withTimeout({ promise: Promise.resolve(7), ms: 1000, timeoutError: () => new Error("late") }),
    ).resolves.toBe(7);
    await expect(
      withTimeout({
        promise: Promise.reject(new Error("refused")),
        ms: 1000,
        timeoutError: () => new Error("late"),
      }),
    ).rejects.toThrow("refused");
  });

  it("rejects with the timeout's error when the promise takes longer", async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<number>(() => {});
      const waiting = withTimeout({
        promise: never,
        ms: 10_000,
        timeoutError: () => new Error("late"),
      });
      const settled = expect(waiting).rejects.toThrow("late");
      await vi.advanceTimersByTimeAsync(10_000);
      await settled;
    } finally {
      vi.useRealTimers();
    }
  });
});
