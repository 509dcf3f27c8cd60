import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect } from "./fixtures.ts";
import { e2eServerEnv } from "./server-env.ts";

// A data folder holding an empty, migrated database, for a server a spec starts (./data-template.ts).
export { emptyDataDir } from "./data-template.ts";

/**
 * A server a spec starts, stops, pauses or kills itself (on `ownServerPort`), on a fresh data
 * folder named after the spec (or `dataDir`, e.g. from `emptyDataDir`), with the suite's
 * environment plus `env`. Answers once /healthz does; the spec stops the process and removes
 * `dataDir` when it is done.
 */
export async function startOwnServer(
  port: number,
  {
    name,
    env = {},
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `clubsite-${name}-`)),
  }: { name: string; env?: Record<string, string>; dataDir?: string },
): Promise<{ server: ChildProcess; dataDir: string }> {
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

/**
 * This worker's server seen through a TCP relay on `port`, which can make it look hung (as
 * if its process were paused: connections are accepted, nothing is read or answered until
 * `wake`, then everything held goes through) or stopped for good (`stop`: every connection is
 * reset, new ones are refused). A spec that needs a server to hang or die uses this instead
 * of starting a whole server of its own; the relay is a separate origin, so the browser keeps
 * separate service-worker copies and storage for it.
 */
export async function startRelay(
  port: number,
  targetPort: number,
): Promise<{ hang(): void; wake(): void; stop(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let hung = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    if (hung) socket.pause();
  };
  const relay = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    track(client);
    track(upstream);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      from.on("data", (chunk) => to.write(chunk));
      from.on("end", () => to.end());
      from.on("close", () => to.destroy());
    }
  });
  await new Promise<void>((resolve) => relay.listen(port, "127.0.0.1", resolve));
  return {
    hang() {
      hung = true;
      for (const socket of sockets) socket.pause();
    },
    wake() {
      hung = false;
      for (const socket of sockets) socket.resume();
    },
    async stop() {
      const closed = new Promise<void>((resolve) => relay.close(() => resolve()));
      for (const socket of sockets) socket.resetAndDestroy();
      await closed;
    },
  };
}
