// `npm test`: every check, in two stages. Within a stage the checks run side by side and each
// check's output is printed whole when it ends, so parallel output never mixes; the browser
// stage starts only if the first passed.
//
// 1. The database suite with the static checks and the unit and component tests. The
//    database suite leaves part of the two cores idle while its servers and scripts start and
//    while its last files finish; tsc (one core), Biome and the small Vitest projects fill
//    that time instead of running before it (ADR 004, "Running the checks").
// 2. The browser suite, alone: its expectations wait on what a page does in time, and it
//    keeps both cores busy on its own.
//
// `node scripts/test.mjs` runs them all; npm's `pretest` (scripts/bootstrap.mjs test) has
// already installed, built and found a browser.

import { spawn } from "node:child_process";
import fs from "node:fs";

const STAGES = [
  ["test:integration", "typecheck", "lint", "test:unit", "test:component"],
  ["test:e2e"],
];

/** Runs `npm run <script>`; resolves with its exit code and its output. */
function run(script, { live }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn("npm", ["run", "--silent", script], {
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" },
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) =>
      resolve({
        script,
        code: code ?? (signal ? 1 : 0),
        seconds: (Date.now() - started) / 1000,
        output: Buffer.concat(output).toString(),
      }),
    );
  });
}

/**
 * The machine's CPU counters (Linux): how busy the cores were during a stage tells whether a
 * faster suite needs fewer CPU-seconds (busy) or more overlap (idle). Null elsewhere.
 */
function cpuTicks() {
  try {
    const [, ...fields] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
    const ticks = fields.map(Number);
    const idle = ticks[3] + (ticks[4] ?? 0);
    return { total: ticks.reduce((a, b) => a + b, 0), idle };
  } catch {
    return null;
  }
}

function busy(before, after) {
  if (!before || !after || after.total === before.total) return "";
  const share = 1 - (after.idle - before.idle) / (after.total - before.total);
  return ` (CPU ${Math.round(share * 100)} % busy)`;
}

const summary = [];
const stageTimes = [];
for (const stage of STAGES) {
  const stageStarted = Date.now();
  const ticksBefore = cpuTicks();
  const live = stage.length === 1;
  console.log(`\n> ${stage.map((script) => `npm run ${script}`).join("  |  ")}`);
  const results = await Promise.all(stage.map((script) => run(script, { live })));
  for (const result of results) {
    if (!live) {
      console.log(`\n--- npm run ${result.script} (exit ${result.code}) ---`);
      process.stdout.write(result.output);
    }
    summary.push(result);
  }
  stageTimes.push(
    `${stage.join(" + ")} ${((Date.now() - stageStarted) / 1000).toFixed(0)} s${busy(ticksBefore, cpuTicks())}`,
  );
  const failed = results.filter((result) => result.code !== 0);
  if (failed.length > 0) {
    console.error(`\nnpm test failed: ${failed.map((r) => `npm run ${r.script}`).join(", ")}`);
    process.exit(1);
  }
}
console.log(
  `\nnpm test passed: ${summary.map((r) => `${r.script} ${r.seconds.toFixed(0)} s`).join(", ")}`,
);
console.log(`Stages: ${stageTimes.join("; ")}`);
