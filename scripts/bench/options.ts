import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { browserPath } from "../browser.mjs";
import { LIGHTHOUSE_RUNS } from "./lighthouse.ts";
import { DEFAULT_CPU_MAX } from "./slow-cpu-budget.ts";

// The bench's options (README.md, Options), read once from the command line, and its log.

export const root = fileURLToPath(new URL("../..", import.meta.url));

const PARTS = [
  "speed",
  "memory",
  "weight",
  "lighthouse",
  "images",
  "slow-cpu",
  "mail",
  "follower",
] as const;
type Part = (typeof PARTS)[number];

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const index = argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(argv[index + 1]) : fallback;
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number`);
  return value;
};
const odd = (name: string, value: number) => {
  // An odd count, so each median is one run's figure.
  if (!(Number.isInteger(value) && value % 2 === 1)) {
    throw new Error(`--${name} needs an odd number (1, 3, 5…)`);
  }
  return value;
};

const port = option("port", 3400);
// ADR 030: the slow-CPU line's limit, as cgroup v2's cpu.max writes it ("quota period", µs);
// by default half a core in 10 ms periods, so the limit's own pauses stay short (ADR 042).
const cpuMax = (() => {
  const index = argv.indexOf("--cpu-max");
  const value = index >= 0 ? (argv[index + 1] ?? "") : DEFAULT_CPU_MAX;
  const [quota, period] = value.split(/[ ,]/).map(Number);
  if (!(quota && period && quota > 0 && period >= 1000 && period <= 1_000_000)) {
    throw new Error('--cpu-max takes "quota period" in microseconds, e.g. "5000 10000"');
  }
  return [quota, period] as const;
})();
const only = (() => {
  const index = argv.indexOf("--only");
  if (index < 0) return null;
  const part = argv[index + 1];
  if (!PARTS.includes(part as Part)) throw new Error(`--only takes ${PARTS.join(", ")}`);
  return part as Part;
})();

export const options = {
  port,
  nginxPort: port + 1,
  devtoolsPort: port + 2,
  postgresPort: port + 3,
  /** The second server of the scale budget: /news on a few items, beside the many. */
  fewPort: port + 4,
  /** The bare node:http server the speed budget compares our fast path with. */
  barePort: port + 5,
  threads: option("threads", 1),
  seconds: option("seconds", 2),
  warmup: option("warmup", 1),
  writes: option("writes", 15),
  lighthouseRuns: odd("lighthouse-runs", option("lighthouse-runs", LIGHTHOUSE_RUNS)),
  // Rounds of the judged point (ours, bare node:http, nginx) per budget page; the median is judged.
  ratioRounds: odd("ratio-rounds", option("ratio-rounds", 3)),
  skipBuild: flag("skip-build"),
  noLighthouse: flag("no-lighthouse"),
  noNginx: flag("no-nginx"),
  noPostgres: flag("no-postgres"),
  only,
  cpuMax,
  connections: [1, 10, 50],
  // The full Chromium where installed (Lighthouse's usual browser), else the test suite's
  // (its headless shell): without one the weight line fell back to the build's first-load list.
  chrome:
    process.env.CHROME_PATH ||
    (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : browserPath()),
  admin: { email: "bench-admin@example.com", password: randomBytes(18).toString("base64url") },
};

/** Whether this run measures a part (--only, --no-lighthouse). */
export const runs = (part: Part) =>
  only === null ? part !== "lighthouse" || !options.noLighthouse : only === part;

/** Why a part did not run, when --only or --no-lighthouse left it out. */
export const leftOut = () => (only ? `--only ${only}` : "--no-lighthouse");

export const base = (port = options.port) => `http://127.0.0.1:${port}`;

const clock = performance.now();
export const elapsedSeconds = () => Math.round((performance.now() - clock) / 1000);
export const log = (line: string) =>
  console.log(`[${((performance.now() - clock) / 1000).toFixed(0).padStart(3)} s] ${line}`);
