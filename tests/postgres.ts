import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

// A throwaway PostgreSQL server for the integration tests, on 127.0.0.1 and a free port,
// in a temporary folder. Used when TEST_DATABASE_URL is not set but the server binaries
// are installed (Debian: apt-get install postgresql).

export interface ThrowawayPostgres {
  url: string;
  version: string;
  stop(): void;
}

/** The folder of initdb/pg_ctl: on PATH, or Debian's /usr/lib/postgresql/<newest>/bin. */
export function findPostgresBin(): string | null {
  const onPath = spawnSync("sh", ["-c", "command -v pg_ctl"], { encoding: "utf8" });
  if (onPath.status === 0 && onPath.stdout.trim()) {
    const real = fs.realpathSync(onPath.stdout.trim());
    if (fs.existsSync(path.join(path.dirname(real), "initdb"))) return path.dirname(real);
  }
  const debian = "/usr/lib/postgresql";
  if (!fs.existsSync(debian)) return null;
  const versions = fs
    .readdirSync(debian)
    .filter((v) => fs.existsSync(path.join(debian, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(debian, versions[0], "bin") : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `port`: a port of the caller's own (the bench's range); by default a free one. */
export async function startThrowawayPostgres(
  bin: string,
  options: { port?: number } = {},
): Promise<ThrowawayPostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clubsite-pg-"));
  const dataDir = path.join(dir, "data");
  const port = options.port ?? (await freePort());
  // PostgreSQL refuses to run as root: run it as the `postgres` system user.
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args], {
          stdio: "pipe",
        })
      : execFileSync(path.join(bin, command), args, { stdio: "pipe" });
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  fs.chmodSync(dir, 0o755);
  run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  run("pg_ctl", [
    "-D",
    dataDir,
    "-l",
    path.join(dir, "server.log"),
    "-o",
    `-h 127.0.0.1 -p ${port} -k ${dir} -F -c max_connections=200`,
    "-w",
    "start",
  ]);
  const version = execFileSync(path.join(bin, "postgres"), ["--version"], { encoding: "utf8" });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version: version.trim(),
    stop() {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
