import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect } from "./fixtures.ts";
import { e2eServerEnv } from "./server-env.ts";

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

/**
 * A new data folder holding an empty, migrated embedded database, copied from a template made
 * once per PGlite version and set of migrations (test-results/pglite-template-<key>), instead
 * of created from nothing: creating a PGlite database runs its initdb, about 3.5 CPU-seconds
 * on these cores, and a copy costs a tenth of a second. The server still runs its first-start
 * work on it (migrations, the administrator from the environment, the club's defaults, the
 * demo content when asked): the database is as empty as a new one.
 */
export async function emptyDataDir(name: string): Promise<string> {
  const template = await emptyDatabaseTemplate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `clubsite-${name}-`));
  fs.cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

async function emptyDatabaseTemplate(): Promise<string> {
  const { migrationsFolder, openDatabase } = await import("../../app/db/open.server.ts");
  const { LOCK_FILE } = await import("../../app/db/lock.server.ts");
  const key = createHash("sha256");
  key.update(fs.readFileSync("node_modules/@electric-sql/pglite/package.json"));
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) key.update(file).update(fs.readFileSync(full));
  }
  const template = path.resolve(`test-results/pglite-template-${key.digest("hex").slice(0, 16)}`);
  if (fs.existsSync(template)) return template;
  // Made aside and renamed into place whole: another worker may be making one at once.
  fs.mkdirSync(path.dirname(template), { recursive: true });
  const making = fs.mkdtempSync(`${template}.making-`);
  const database = await openDatabase({ dataDir: making });
  await database.close();
  fs.rmSync(path.join(making, LOCK_FILE), { force: true });
  try {
    fs.renameSync(making, template);
  } catch {
    fs.rmSync(making, { recursive: true, force: true });
  }
  return template;
}
