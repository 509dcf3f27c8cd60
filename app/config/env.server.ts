import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { createLogger } from "../logger.server.ts";
import { processValue, setProcessValue } from "./process-wide.ts";

// The environment is read once, here, and checked (docs/architecture.md: config/env.server.ts).
// A bad value stops the process with a message naming the variable and what it accepts.

const flag = (fallback: boolean) =>
  z
    .enum(["1", "0", "true", "false", "yes", "no"], {
      error: "must be 1 or 0 (also accepted: true/false, yes/no)",
    })
    .optional()
    .transform((value) => (value === undefined ? fallback : ["1", "true", "yes"].includes(value)));

const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (version === 4 ? 32 : 128);
};

/**
 * rules §12: which proxies to believe about the visitor's address. 0: none (the
 * connection's address is the visitor's). N: the N proxies nearest the server, so the address
 * is the one the outermost of them saw, whatever a visitor put in X-Forwarded-For. Or the
 * proxies' own addresses (and loopback/linklocal/uniquelocal), comma-separated.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, context): false | number | string[] => {
    const text = (value ?? "0").trim().toLowerCase();
    if (["0", "false", "no"].includes(text)) return false;
    if (/^\d{1,2}$/.test(text)) return Number(text);
    const entries = text.split(",").map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.issues.push({
      code: "custom",
      input: value,
      message:
        "TRUST_PROXY must be 0, the number of proxies in front of the server (1 for one nginx), or a comma-separated list of their addresses (e.g. 10.0.0.5, loopback)",
    });
    return z.NEVER;
  });

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(["production", "development", "test"], {
        error: "must be production, development or test",
      })
      .default("production"),
    PORT: z.coerce
      .number({ error: "must be a port number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 65535")
      .max(65535, "must be between 1 and 65535")
      .default(3000),
    HOST: z.string().min(1, "must not be empty").default("127.0.0.1"),
    DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection URL")
      .optional(),
    SEED_DEMO: flag(true),
    TRUST_PROXY: trustProxy,
    FORM_BODY_LIMIT_KB: z.coerce
      .number({ error: "must be a number of kilobytes" })
      .int("must be a whole number of kilobytes")
      .min(64, "must be at least 64")
      .max(102_400, "must be at most 102400 (100 MB)")
      .default(3072),
    PAGE_CACHE_SECONDS: z.coerce
      .number({ error: "must be a number of seconds" })
      .int("must be a whole number of seconds")
      .min(0, "must be 0 (off) or more")
      .max(3600, "must be at most 3600 (an hour)")
      .default(30),
    // ADR 040: page renders in progress at once in each process; the rest wait their turn.
    RENDER_CONCURRENCY: z.coerce
      .number({ error: "must be a number of renders" })
      .int("must be a whole number of renders")
      .min(1, "must be at least 1")
      .max(64, "must be at most 64")
      .default(4),
    // How many server processes (node:cluster). Unset: one per core on PostgreSQL, one on
    // the embedded database (single-process by design; more is refused with a warning).
    WEB_CONCURRENCY: z.coerce
      .number({ error: "must be a number of processes" })
      .int("must be a whole number of processes")
      .min(1, "must be at least 1")
      .max(64, "must be at most 64")
      .optional(),
    // Automatic backups (ADR 027). Unset BACKUP_DIR: `backups` beside the data folder.
    BACKUP_DIR: z.string().min(1, "must not be empty").optional(),
    BACKUP_KEEP_DAILY: z.coerce
      .number({ error: "must be a number of days" })
      .int("must be a whole number of days")
      .min(1, "must be at least 1")
      .max(366, "must be at most 366")
      .default(14),
    BACKUP_KEEP_WEEKLY: z.coerce
      .number({ error: "must be a number of weeks" })
      .int("must be a whole number of weeks")
      .min(0, "must be 0 or more")
      .max(520, "must be at most 520")
      .default(8),
    // Run after each backup with the file's path as its last argument (may hold a secret).
    BACKUP_COMMAND: z.string().optional(),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
        error: "must be one of fatal, error, warn, info, debug, trace, silent",
      })
      .default("info"),
    SMTP_URL: z
      .string()
      .regex(
        /^smtps?:\/\//,
        "must be an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example:465",
      )
      .optional(),
    // ADR 032: at most this many supporters' e-mails a minute (most mail hosts limit senders).
    MAIL_PER_MINUTE: z.coerce
      .number({ error: "must be a number of e-mails a minute" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(60_000, "must be at most 60000")
      .default(60),
    CONTACT_TO: z.email("must be an e-mail address").optional(),
    SMTP_FROM: z.email("must be an e-mail address").optional(),
    ANALYTICS_ID: z
      .string()
      .regex(/^G-[A-Z0-9]{4,20}$/, "must be a GA4 measurement id, e.g. G-ABC123DEF4")
      .optional(),
    // scrypt's cost for new password hashes, as log2 of N (15: N = 32768, ~100 ms and 32 MB
    // per hash; 18, the most, 256 MB for every sign-in). A stored hash keeps its own cost, so changing this never locks anyone out.
    // Test suites lower it: they hash and check passwords hundreds of times.
    PASSWORD_HASH_COST: z.coerce
      .number({ error: "must be a number (log2 of scrypt's N)" })
      .int("must be a whole number")
      .min(10, "must be at least 10")
      .max(18, "must be at most 18")
      .default(15),
    // ADR 021: how many days Activity keeps a record of an admin change (two years).
    ACTIVITY_DAYS: z.coerce
      .number({ error: "must be a number of days" })
      .int("must be a whole number of days")
      .min(1, "must be at least 1")
      .max(36_500, "must be at most 36500 (100 years)")
      .default(730),
    ADMIN_EMAIL: z.email("must be an e-mail address").optional(),
    ADMIN_PASSWORD: z.string().optional(),
    ADMIN_RESET_PASSWORD: flag(false),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or neither)",
    path: ["ADMIN_PASSWORD"],
  })
  .transform((env) => ({
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    BACKUP_DIR: path.resolve(
      env.BACKUP_DIR ?? path.join(path.dirname(path.resolve(env.DATA_DIR)), "backups"),
    ),
  }));

export type Env = z.infer<typeof envSchema>;

/** Parses an environment; returns the problems as readable lines instead of throwing. */
export function parseEnv(
  source: Record<string, string | undefined>,
): { ok: true; env: Env } | { ok: false; problems: string[] } {
  // An empty variable counts as unset, as in most hosting dashboards.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = envSchema.safeParse(cleaned);
  if (result.success) return { ok: true, env: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      if (issue.code === "custom") return issue.message;
      const given = cleaned[name];
      const secret = ["DATABASE_URL", "ADMIN_PASSWORD", "SMTP_URL", "BACKUP_COMMAND"].includes(
        name,
      );
      const shown = secret || given === undefined ? "" : ` (got "${given}")`;
      return `${name} ${issue.message}${shown}`;
    }),
  };
}

/** The checked environment; on a bad value prints why and exits with status 1. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const known = processValue<Env | undefined>("env", () => undefined);
  if (known) return known;
  const result = parseEnv(source);
  if (!result.ok) {
    createLogger().fatal(
      { problems: result.problems },
      `Invalid configuration: ${result.problems.join("; ")}. See the Configuration section of README.md.`,
    );
    process.exit(1);
  }
  // One checked environment for the host and the built app (process-wide.ts).
  setProcessValue("env", result.env);
  return result.env;
}
