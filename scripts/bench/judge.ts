import type { LoadPoint } from "./load.ts";
import type { BenchResult, ScalePoint, ScaleRound } from "./result.ts";

// How the bench judges load points (pure): a reference server's point limited by the load
// generator, the median of rounds taken back to back, and the scale budget's comparison.

/**
 * Unpinned (wrk and the servers share every core): a point is generator-bound when nginx
 * reached this share of wrk's own ceiling or more.
 */
export const GENERATOR_BOUND_SHARE = 0.8;
/**
 * Pinned (wrk on its own cores, the server under test on another): a point is generator-bound
 * when wrk kept its cores this busy or more. The 100-byte ceiling cannot say it then: it is
 * nginx's own core that runs out on it, not wrk (measured on the 2-core machine: nginx 100 %
 * busy, wrk 66 %).
 */
export const GENERATOR_BUSY_SHARE = 0.9;
/**
 * The speed budget (ADR 007): our server's fast path at least 0.9 x the requests/s of a bare
 * `node:http` server sending the same bytes and headers, in the same run. That server is the
 * platform's own limit: what one Node process can do with no work per request.
 */
export const BARE_NODE_RATIO_BUDGET = 0.9;
/**
 * The reference line beside it: ours against one nginx worker serving the same bytes from
 * files. Not judged: on the 2-core machine bare node:http itself reached only 0.38-0.58 x nginx,
 * so this ratio says more about the machine than about our server.
 */
export const NGINX_REFERENCE_RATIO = 0.5;

export function isGeneratorBound(
  nginx: LoadPoint,
  ceiling: number | undefined,
  pinned: boolean,
): boolean {
  if (pinned) return (nginx.generatorBusy ?? 1) >= GENERATOR_BUSY_SHARE;
  if (ceiling === undefined || !Number.isFinite(ceiling)) return false;
  return nginx.requestsPerSecond >= GENERATOR_BOUND_SHARE * ceiling;
}

/**
 * Ours against a reference server at one point. A generator-bound reference point is a lower
 * bound of what that server can do, so the true ratio is at most the measured one: below the
 * budget it fails all the same; at or above it, it cannot be judged.
 */
export function judgeRatio({
  ours,
  reference,
  bound,
  budget,
}: {
  ours: LoadPoint;
  reference: LoadPoint;
  bound: boolean;
  budget: number;
}): "met" | "below" | "not judged" {
  if (!(ratioOf({ ours, reference }) >= budget)) return "below";
  return bound ? "not judged" : "met";
}

/** One round of the judged point: our server, then a reference on the same bytes, back to back. */
export interface RatioRound {
  ours: LoadPoint;
  reference: LoadPoint;
}

/** Ours / reference in requests per second; 0 when ours could not be measured. */
export function ratioOf({ ours, reference }: RatioRound): number {
  return ours.skipped ? 0 : ours.requestsPerSecond / reference.requestsPerSecond;
}

/** The item with the median key of an odd number of rounds: a budget reads one real run. */
function medianBy<T>(items: T[], key: (item: T) => number, name: string): T {
  if (items.length === 0 || items.length % 2 === 0)
    throw new Error(`${name} needs an odd number of rounds`);
  return [...items].sort((a, b) => key(a) - key(b))[(items.length - 1) / 2] as T;
}

/**
 * The round whose ratio is the median of the rounds' (an odd count): the point a budget reads.
 * The machine's speed drifts over seconds, so a ratio from pairs taken back to back, and the
 * middle one of several, moves less than any single pair.
 */
export function medianRound<R extends RatioRound>(rounds: R[]): R {
  return medianBy(rounds, ratioOf, "medianRound");
}

/** Requests per second; 0 when the run could not be measured (it counts as the slowest). */
const speedOf = (point: LoadPoint) =>
  point.skipped || !Number.isFinite(point.requestsPerSecond) ? 0 : point.requestsPerSecond;

/** Many / few in requests per second; 0 when either could not be measured. */
export function scaleRatioOf({ many, few }: ScaleRound): number {
  const fewSpeed = speedOf(few);
  return fewSpeed === 0 ? 0 : speedOf(many) / fewSpeed;
}

/** The round with the median many/few ratio of an odd number of rounds. */
export function medianScaleRound(rounds: ScaleRound[]): ScaleRound {
  return medianBy(rounds, scaleRatioOf, "medianScaleRound");
}

/**
 * /news on many items against /news on a few, at each concurrency: the median round's ratio,
 * a line for the report, and whether it is more than `noise` below 1.
 */
export function scaleComparison({
  scale,
  noise,
}: {
  scale: ScalePoint[];
  noise: number;
}): { connections: number; ratio: number; line: string; short: boolean }[] {
  return scale
    .filter((point) => point.rounds.length > 0)
    .map((point) => {
      const middle = medianScaleRound(point.rounds);
      const ratio = scaleRatioOf(middle);
      const rounds = point.rounds.map((round) => scaleRatioOf(round).toFixed(3)).join(" ");
      return {
        connections: point.connections,
        ratio,
        line: `${point.connections} conn: ${Math.round(speedOf(middle.many))} vs ${Math.round(speedOf(middle.few))} req/s (${ratio.toFixed(3)}x; median of rounds ${rounds})`,
        short: ratio < 1 - noise,
      };
    });
}

/**
 * The generator's ceiling at a concurrency: the fastest wrk went in the run, on the 100-byte
 * file or on any reference server's page (each is a lower bound of what wrk can do; on a busy machine the
 * 100-byte point alone can land in a slow moment and understate it).
 */
export function ceilingAt(speed: BenchResult["speed"], connections: number): number | undefined {
  const seen = [
    speed.ceiling,
    ...speed.pages.map((page) => page.nginx ?? []),
    ...speed.pages.map((page) => page.bare ?? []),
  ]
    .flat()
    .filter(
      (point) => point.connections === connections && Number.isFinite(point.requestsPerSecond),
    )
    .map((point) => point.requestsPerSecond);
  return seen.length ? Math.max(...seen) : undefined;
}
