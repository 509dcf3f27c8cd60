import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "./fixtures.ts";
import { e2eServerEnv } from "./server-env.ts";

/**
 * A server a spec starts, stops, pauses or kills itself (on `ownServerPort`), on a fresh data
 * folder named after the spec, with the suite's environment plus `env`. Answers once
 * /healthz does; the spec stops the process and removes `dataDir` when it is done.
 */
export async function startOwnServer(
  port: number,
  { name, env = {} }: { name: string; env?: Record<string, string> },
): Promise<{ server: ChildProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `clubsite-${name}-`));
  const server = spawn(process.execPath, ["server/index.ts"], {
    env: { ...process.env, ...e2eServerEnv({ port, dataDir }), ...env },
    stdio: "ignore",
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/healthz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 60_000 },
    )
    .toBe(200);
  return { server, dataDir };
}
