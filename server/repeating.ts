// A task that runs at once, then again after the pause each run asks for, until closed: the
// scheduled news (news-schedule.ts) and the mail queue (mail-worker.ts). Never two runs at
// once; close() starts no new run and waits for the one in progress.

export interface Repeating {
  close(): Promise<void>;
}

/**
 * Runs `run` now, then after the milliseconds it resolves with, again and again; a run that
 * fails is logged by `onError`, which says how long to wait before the next.
 */
export function repeating({
  run,
  onError,
}: {
  run: () => Promise<number>;
  onError: (error: unknown) => number;
}): Repeating {
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = (delayMs: number) => {
    if (closed) return;
    timer = setTimeout(() => {
      running = run().catch(onError).then(schedule);
    }, delayMs);
    // The server's listening socket keeps the process alive, not this timer.
    timer.unref();
  };
  schedule(0);
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
