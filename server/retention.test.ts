import { afterEach, describe, expect, it, vi } from "vitest";
import { type RetentionJob, scheduleRetention } from "./retention.ts";

const HOUR = 60 * 60 * 1000;

describe("scheduleRetention (ADR 021, ADR 051)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs each job at start, then once a day, a failing job again at the next hourly check", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-28T03:00:00Z") });
    const runs: string[] = [];
    let failures = 1;
    const job = (name: string, run: () => number): RetentionJob => ({
      removed: `${name} removed`,
      failed: `${name} failed`,
      details: { name },
      run: async (now) => {
        runs.push(`${name} ${now.toISOString().slice(11, 16)}`);
        return run();
      },
    });
    const logger = { info: vi.fn(), error: vi.fn() };
    const retention = scheduleRetention({
      jobs: [
        job("flaky", () => {
          if (failures-- > 0) throw new Error("database away");
          return 0;
        }),
        job("steady", () => 2),
      ],
      logger,
    });
    await vi.advanceTimersByTimeAsync(0);
    // The failure is logged, and the other job still runs.
    expect(runs).toEqual(["flaky 03:00", "steady 03:00"]);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ name: "flaky", err: expect.any(Error) }),
      "flaky failed",
    );
    expect(logger.info).toHaveBeenCalledWith({ count: 2, name: "steady" }, "steady removed");

    await vi.advanceTimersByTimeAsync(HOUR);
    expect(runs.slice(2)).toEqual(["flaky 04:00"]);
    // A day after each job's last good run, not sooner.
    await vi.advanceTimersByTimeAsync(22 * HOUR);
    expect(runs).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(runs.slice(3)).toEqual(["steady 03:00"]);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(runs.slice(4)).toEqual(["flaky 04:00"]);
    // Nothing removed: nothing logged.
    expect(logger.info).toHaveBeenCalledTimes(2);
    expect(logger.error).toHaveBeenCalledTimes(1);

    await retention.close();
    await vi.advanceTimersByTimeAsync(48 * HOUR);
    expect(runs).toHaveLength(5);
  });
});
