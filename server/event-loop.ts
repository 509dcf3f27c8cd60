import { monitorEventLoopDelay } from "node:perf_hooks";

// ADR 030: how long the event loop was held, for the bench's slow-CPU line. A process started
// with an IPC channel (child_process.fork or `stdio: [..., "ipc"]`) and EVENT_LOOP_REPORT=1
// answers its parent's questions over that channel, and nothing else: no port, no route, no
// file, so no visitor or other local user can reach it. A server started any other way (npm
// start, systemd) has no channel and measures nothing.

export const EVENT_LOOP_REPORT_ENV = "EVENT_LOOP_REPORT";

/** The timer's tick: a block is seen to within this. */
const RESOLUTION_MS = 1;

/** What the parent sends: forget what was measured so far, or report it. */
type EventLoopQuestion = { eventLoop: "reset" } | { eventLoop: "read" };

/** The answer to `read`: the loop's delays since the last reset, in milliseconds. */
export interface EventLoopFigures {
  /** The longest the loop was held: the longest delay of a 1 ms timer beyond its due time. */
  maxMs: number;
  p99Ms: number;
  meanMs: number;
  /** Ticks measured. */
  count: number;
  /**
   * The most CPU time this thread spent between two ticks: the longest block in CPU time, which
   * neither another process taking the core nor a CPU limit's pauses lengthen.
   */
  maxCpuMs: number;
}

interface Channel {
  send?: (message: unknown) => unknown;
  on(event: "message", listener: (message: unknown) => void): unknown;
  off(event: "message", listener: (message: unknown) => void): unknown;
  channel?: { unref(): void } | null;
}

/**
 * Starts measuring and answering when this process was asked to (the parent set
 * EVENT_LOOP_REPORT=1 and gave it a channel); returns how to stop, or undefined.
 */
export function answerEventLoopQuestions(
  env: NodeJS.ProcessEnv = process.env,
  channel: Channel = process,
): (() => void) | undefined {
  if (env[EVENT_LOOP_REPORT_ENV] !== "1" || !channel.send) return undefined;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let maxCpuUs = 0;
  let lastCpuUs = threadCpuUs();
  const ticks = setInterval(() => {
    const now = threadCpuUs();
    maxCpuUs = Math.max(maxCpuUs, now - lastCpuUs);
    lastCpuUs = now;
  }, RESOLUTION_MS);
  ticks.unref();
  const onMessage = (message: unknown) => {
    if (!isQuestion(message)) return;
    if (message.eventLoop === "reset") {
      histogram.reset();
      maxCpuUs = 0;
      lastCpuUs = threadCpuUs();
      channel.send?.({ eventLoop: "reset" });
      return;
    }
    channel.send?.({ eventLoop: { ...figuresOf(histogram), maxCpuMs: toMs(maxCpuUs * 1000) } });
  };
  channel.on("message", onMessage);
  // Listening must not keep the process alive once the server has closed.
  channel.channel?.unref();
  return () => {
    histogram.disable();
    clearInterval(ticks);
    channel.off("message", onMessage);
  };
}

const toMs = (ns: number) => Math.round((ns / 1e6) * 100) / 100;

function threadCpuUs(): number {
  const { user, system } = process.threadCpuUsage();
  return user + system;
}

function figuresOf(
  histogram: ReturnType<typeof monitorEventLoopDelay>,
): Omit<EventLoopFigures, "maxCpuMs"> {
  // Nothing recorded yet: the histogram reports its bounds, not zero.
  if (histogram.count === 0) return { maxMs: 0, p99Ms: 0, meanMs: 0, count: 0 };
  return {
    maxMs: toMs(histogram.max),
    p99Ms: toMs(histogram.percentile(99)),
    meanMs: toMs(histogram.mean),
    count: histogram.count,
  };
}

function isQuestion(message: unknown): message is EventLoopQuestion {
  if (typeof message !== "object" || message === null) return false;
  const asked = (message as { eventLoop?: unknown }).eventLoop;
  return asked === "reset" || asked === "read";
}
