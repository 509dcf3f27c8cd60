import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Four projects: `unit` (pure rules and schemas, next to the code), `component` (React
// components and hooks rendered in happy-dom, with React Router's createRoutesStub for
// loaders and actions: `*.component.test.tsx`) and `integration` (every *.server.ts module on
// a real database: PGlite, and PostgreSQL when available; plus the host and the scripts as
// real processes), and `integration-alone`: the integration files that time something under
// load, run after the others with nothing beside them.
// Integration files whose figures are timings under load (an import beside /healthz and kept
// pages): run after the others, alone, so a neighbouring file's CPU is not what they measure.
const ALONE = ["tests/integration/import-load.test.ts"];

// What both integration projects share.
const INTEGRATION = {
  environment: "node" as const,
  globalSetup: ["tests/integration/global-setup.ts"],
  // Cheaper password hashes for the suites and the servers they start: about 200 hashes at the
  // default cost were a fifth of this project's CPU (README). Backups the suites' code takes
  // (before an import) go to a folder outside the repository.
  env: {
    PASSWORD_HASH_COST: "10",
    BACKUP_DIR: path.join(os.tmpdir(), "clubsite-test-backups"),
  },
  // Modules are shared by the files a worker runs (the production build, Drizzle, PGlite:
  // imported once per worker, not once per file); per-file.ts gives each file the state of a
  // new process (docs/decisions/004-test-strategy.md).
  isolate: false,
  setupFiles: ["tests/integration/per-file.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          // Pure rules and schemas: the files of a worker share one module graph, which
          // spares re-importing it for every file (about two thirds of this project's CPU).
          // A test that changes a global, an environment variable or the clock restores it;
          // these options restore stubs and mocks after every test in any case (ADR 004).
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          restoreMocks: true,
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.server.test.ts", "**/*.component.test.tsx", "**/node_modules/**"],
          environment: "node",
        },
      },
      {
        test: {
          name: "component",
          include: ["app/**/*.component.test.tsx"],
          exclude: ["**/node_modules/**"],
          environment: "happy-dom",
        },
      },
      {
        test: {
          ...INTEGRATION,
          name: "integration",
          include: ["**/*.server.test.ts", "tests/integration/**/*.test.ts"],
          exclude: ["**/node_modules/**", "build/**", ...ALONE],
          // Each file gets a database of its own (tests/db.ts); two cores, so two files at a time.
          maxWorkers: 2,
        },
      },
      {
        test: {
          ...INTEGRATION,
          name: "integration-alone",
          include: ALONE,
          // Timed as the server runs: React's production build (its development build, with
          // its checks, took three times as long to render the import's report).
          env: { ...INTEGRATION.env, NODE_ENV: "production" },
          exclude: ["**/node_modules/**", "build/**"],
          // Its timings are the point: nothing else runs beside it.
          maxWorkers: 1,
        },
      },
    ],
  },
});
