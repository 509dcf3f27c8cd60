import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { createGzip } from "node:zlib";
import { dumpDatabase } from "../app/db/backup.server.ts";
import type { DatabaseHandle } from "../app/db/database.server.ts";

// Backups of the embedded database while the server runs (ADR 010). The server holds the data
// folder (app/db/lock.server.ts), so `npm run backup` asks it for the dump over a Unix socket
// inside that folder. The socket is the server's only control channel: no TCP port, never
// reachable through a proxy, and only the folder's owner (mode 0600) can connect, which is
// who could read the data folder anyway.

const BACKUP_SOCKET = "control.sock";

/** Where the running server listens for `npm run backup` (inside the data folder). */
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, BACKUP_SOCKET);
}

// Unix socket paths are limited to 107 bytes on Linux.
const MAX_SOCKET_PATH = 107;

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface BackupSocket {
  close(): Promise<void>;
}

export async function startBackupSocket({
  dataDir,
  database,
  logger,
}: {
  dataDir: string;
  database: DatabaseHandle;
  logger: Log;
}): Promise<BackupSocket | undefined> {
  const socketPath = backupSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    logger.warn(
      { socketPath },
      "backups while running are off: the data folder's path is too long for a control socket (stop the server to back up, or use a shorter DATA_DIR)",
    );
    return undefined;
  }
  // Left by a server that was killed: this process holds the folder's lock, so it is stale.
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/backup") {
      res.writeHead(404).end();
      return;
    }
    const started = Date.now();
    res.writeHead(200, { "content-type": "application/gzip" });
    const gzip = createGzip();
    gzip.pipe(res);
    const write = (line: string) =>
      gzip.write(`${line}\n`) ? undefined : new Promise<void>((r) => gzip.once("drain", r));
    dumpDatabase({ handle: database, write }).then(
      (summary) => {
        gzip.end();
        const rows = Object.values(summary.tables).reduce((sum, n) => sum + n, 0);
        logger.info({ rows, ms: Date.now() - started }, "backup taken for npm run backup");
      },
      (error: unknown) => {
        logger.error({ err: error }, "backup failed");
        // The client sees a cut stream (no end line) and keeps nothing.
        gzip.destroy();
        res.destroy();
      },
    );
  });
  const previousMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(previousMask);
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          fs.rmSync(socketPath, { force: true });
          resolve();
        });
      }),
  };
}
