import fs from "node:fs";
import path from "node:path";

// Starts the production server for the browser suite on a fresh data folder, seeded with
// the demo content.
const dataDir = path.resolve("test-results/e2e-data");
fs.rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? "3100",
  HOST: "127.0.0.1",
  SEED_DEMO: "1",
  LOG_LEVEL: "warn",
  DATABASE_URL: "",
});
await import("../../server/index.ts");
