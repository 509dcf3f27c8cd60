import { type Logger, pino } from "pino";

// The server's one logger and its one place for an error monitor. The host (server/index.ts)
// hands over its pino logger, so the app's lines share its format, level and destination;
// the host and the React Router bundle each load their own copy of this module, so both are
// kept on globalThis (like request-context.server.ts). Until the host sets one (scripts,
// tests), a plain pino logger at "info" is used.

/** Called with every error the server reports, after it is logged: plug Sentry or the like here. */
export type ErrorMonitor = (error: unknown, context: Record<string, unknown>) => void;

interface Holder {
  logger?: Logger;
  monitor?: ErrorMonitor;
}
const store = globalThis as { [key: symbol]: Holder | undefined };
const symbol = Symbol.for("clubsite.logger");
store[symbol] ??= {};
const holder: Holder = store[symbol];

export function setLogger(logger: Logger): void {
  holder.logger = logger;
}

export function logger(): Logger {
  holder.logger ??= pino({ base: { service: "clubsite" } });
  return holder.logger;
}

/** Sets (or, with undefined, removes) the error monitor. */
export function setErrorMonitor(monitor: ErrorMonitor | undefined): void {
  holder.monitor = monitor;
}

/** Logs an error with what is known of its request, then hands it to the monitor, if any. */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  logger().error({ err: error, ...context }, "request failed");
  try {
    holder.monitor?.(error, context);
  } catch (monitorError) {
    // A broken monitor must not take the page down with it.
    logger().error({ err: monitorError }, "error monitor failed");
  }
}
