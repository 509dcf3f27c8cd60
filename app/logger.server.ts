import { type DestinationStream, type Logger, pino } from "pino";
import { processValue, setProcessValue } from "./config/process-wide.ts";
import { ADMIN_SCREENS } from "./domain/admin/screens.ts";

// The one logger of the server (rules §12): every message and error goes through pino as
// a JSON line, so text a visitor typed can never forge a line of its own, and personal data
// stays out: passwords, e-mails and cookies are redacted wherever they appear in a logged
// object, and an error keeps only its type, message, code and stack, without the values of
// a failed query (Drizzle puts them in the message after "params:") or a database error's
// detail (PostgreSQL quotes the offending values there).
//
// The host (server/app.ts) installs its logger with `setLogger`; the React Router bundle has
// its own copy of this module, so the logger is a process value (config/process-wide.ts).

// Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>".
const QUERY_PARAMS = /\nparams: [\s\S]*$/;

// One-time links (ADR 014) carry their token in the path: whoever reads a logged path could
// use an unused invitation or reset link. Every path the server logs, and every error message,
// goes through `redactTokens` (rules §12): the segment in a `:token` place of an admin screen's
// path, and any other long random-looking segment or query value (43 base64url characters for
// 32 bytes: at least 32 characters mixing capitals and small letters, which slugs never do).
const TOKEN_PLACES = Object.values(ADMIN_SCREENS as Record<string, { path: string }>)
  .filter((screen) => screen.path.includes("/:token"))
  .map((screen) => screen.path.slice(0, screen.path.indexOf("/:token") + 1));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const TOKEN_PLACE = new RegExp(`(${TOKEN_PLACES.map(escapeRegExp).join("|")})[^/?#\\s"'<>]+`, "gi");
const RANDOM_LOOKING =
  /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])[A-Za-z0-9_-]{32,}/g;

/** A path, URL or message with the tokens of one-time links (and the like) replaced. */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_PLACE, "$1[redacted]").replace(RANDOM_LOOKING, "[redacted]");
}

export interface SafeError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: SafeError;
}

/** An error as it may be logged: no query parameters, no database detail. */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error, message: "[not an Error]" };
  const message = redactTokens(error.message.replace(QUERY_PARAMS, "\nparams: [redacted]"));
  // The stack starts with the message: keep only its frames after that.
  const header = `${error.name}: ${error.message}`;
  const stack =
    error.stack?.startsWith(header) === true
      ? `${error.name}: ${message}${redactTokens(error.stack.slice(header.length))}`
      : undefined;
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  return {
    type: error.constructor?.name ?? error.name,
    message,
    ...(typeof code === "string" ? { code } : {}),
    ...(stack ? { stack } : {}),
    ...(cause !== undefined && depth < 3 ? { cause: safeError(cause, depth + 1) } : {}),
  };
}

const REDACTED_PATHS = [
  "password",
  "*.password",
  "email",
  "*.email",
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
];

export function createLogger({
  level = "info",
  destination,
  base = {},
}: {
  level?: string;
  destination?: DestinationStream;
  /** More fields on every line (the worker's number when there are several processes). */
  base?: Record<string, unknown>;
} = {}): Logger {
  const options = {
    level,
    base: { service: "clubsite", ...base },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: { err: safeError, error: safeError },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The server's logger (a default one until the host installs its own). */
export function logger(): Logger {
  return processValue("logger", () => createLogger({ level: process.env.LOG_LEVEL || "info" }));
}

export function setLogger(value: Logger): void {
  setProcessValue("logger", value);
}

/** Called with every error the server reports, after it is logged: plug Sentry or the like here. */
export type ErrorMonitor = (error: unknown, context: Record<string, unknown>) => void;

/** Sets (or, with undefined, removes) the error monitor: the one place to plug one in. */
export function setErrorMonitor(monitor: ErrorMonitor | undefined): void {
  setProcessValue("error-monitor", monitor);
}

/** Logs an error with what is known of its request, then hands it to the monitor, if any. */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  if (typeof context.path === "string") context = { ...context, path: redactTokens(context.path) };
  logger().error({ err: error, ...context }, "request failed");
  try {
    processValue<ErrorMonitor | undefined>("error-monitor", () => undefined)?.(error, context);
  } catch (monitorError) {
    // A broken monitor must not take the page down with it.
    logger().error({ err: monitorError }, "error monitor failed");
  }
}
