import autocannon from "autocannon";

// One load point (issue 8 §1): autocannon on loopback, anonymous, `Accept-Encoding: gzip`,
// a warm-up at the same concurrency and then a fixed duration. Latencies are taken from each
// response (autocannon's own histogram rounds to whole milliseconds, too coarse for nginx).

export interface LoadPoint {
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers other than 2xx, errors and time-outs: any of them makes the point suspect. */
  failures: number;
  /** Our server only: how long it took to finish the requests left in flight at the end. */
  drainSeconds?: number;
  /** Why the point was not measured. */
  skipped?: string;
}

const HEADERS = { "accept-encoding": "gzip" };

let current: { stop(): void } | undefined;

/** Stops a load run in progress (Ctrl-C). */
export function stopLoad() {
  current?.stop();
}

function once({
  url,
  connections,
  seconds,
  onResponse,
}: {
  url: string;
  connections: number;
  seconds: number;
  onResponse?: (ms: number) => void;
}) {
  return new Promise<{ requests: number; failures: number; seconds: number }>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, headers: HEADERS, timeout: 10 },
      (error, result) => {
        current = undefined;
        if (error) reject(error);
        else
          resolve({
            requests: result["2xx"],
            failures: result.non2xx + result.errors + result.timeouts,
            seconds: result.duration,
          });
      },
    );
    current = instance;
    if (onResponse) {
      instance.on("response", (_client, status, _bytes, ms) => {
        if (status >= 200 && status < 300) onResponse(ms);
      });
    }
  });
}

export async function measure({
  url,
  connections,
  seconds,
  warmupSeconds,
  settle,
}: {
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Waits until the server has finished what the warm-up left queued. */
  settle?: () => Promise<unknown>;
}): Promise<LoadPoint> {
  if (warmupSeconds > 0) {
    await once({ url, connections, seconds: warmupSeconds });
    await settle?.();
  }
  const latencies: number[] = [];
  const run = await once({ url, connections, seconds, onResponse: (ms) => latencies.push(ms) });
  latencies.sort((a, b) => a - b);
  return {
    connections,
    requestsPerSecond: run.requests / run.seconds,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    requests: run.requests,
    failures: run.failures,
  };
}

/** The q-quantile of sorted values (nearest rank). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

export function median(values: number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}
