import { afterEach, describe, expect, it, vi } from "vitest";
import { repeating } from "./repeating.ts";

describe("repeating (the scheduled news and the mail queue)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs at once, then after the pause each run asks for, and after a failure the pause onError gives", async () => {
    vi.useFakeTimers();
    const pauses = [100, 50];
    const runs: number[] = [];
    const errors: unknown[] = [];
    const task = repeating({
      run: async () => {
        runs.push(Date.now());
        const pause = pauses.shift();
        if (pause === undefined) throw new Error("nothing left");
        return pause;
      },
      onError: (error) => {
        errors.push(error);
        return 1_000;
      },
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(100);
    await vi.advanceTimersByTimeAsync(50);
    expect(runs.map((at) => at - start)).toEqual([0, 100, 150]);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(4);
    await task.close();
  });

  it("close() waits for the run in progress and starts no other", async () => {
    let finish = () => {};
    let runs = 0;
    const task = repeating({
      run: () => {
        runs++;
        return new Promise<number>((resolve) => {
          finish = () => resolve(0);
        });
      },
      onError: () => 0,
    });
    await vi.waitFor(() => expect(runs).toBe(1));
    let closed = false;
    const closing = task.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(closed).toBe(false);
    finish();
    await closing;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBe(1);
  });
});
