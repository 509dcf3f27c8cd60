import cluster, { type Worker } from "node:cluster";

// Several server processes on one port (node:cluster), for PostgreSQL (ADR 010). The primary
// only supervises: each worker is a whole server (server/index.ts) with its own database pool,
// page cache and change listener. The first worker alone does the one-time start work
// (administrator from the environment, demo content, change notices); the others start once
// it is listening.

export interface ConcurrencyPlan {
  processes: number;
  /** Said once at start when the request cannot be followed. */
  warning?: string;
}

/** How many server processes to run (README: WEB_CONCURRENCY). */
export function planConcurrency({
  requested,
  databaseUrl,
  cores,
  development = false,
}: {
  requested: number | undefined;
  databaseUrl: string | undefined;
  cores: number;
  /** The development server (Vite in middleware mode) always runs as one process. */
  development?: boolean;
}): ConcurrencyPlan {
  if (development) return { processes: 1 };
  if (!databaseUrl) {
    return requested !== undefined && requested > 1
      ? {
          processes: 1,
          warning:
            `WEB_CONCURRENCY=${requested} ignored: the embedded database (PGlite) is ` +
            "single-process by design, so one server process runs. Set DATABASE_URL to a " +
            "PostgreSQL server to run several.",
        }
      : { processes: 1 };
  }
  return { processes: requested ?? Math.max(1, cores) };
}

/** Whether this process does the one-time start work (a single server, or the first worker). */
export function doesStartWork(): boolean {
  return cluster.isPrimary || cluster.worker?.id === 1;
}

interface Log {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

const STOP_GRACE_MS = 15_000;

/**
 * Runs `processes` workers until SIGTERM/SIGINT, restarting one that dies (waiting longer
 * after each crash in a row). Resolves with the exit code for the primary: 0 after a stop,
 * 1 when a worker could not start (bad configuration, port taken: it printed why).
 */
export function superviseWorkers({
  processes,
  logger,
}: {
  processes: number;
  logger: Log;
}): Promise<number> {
  return new Promise((resolve) => {
    const listening = new Set<Worker>();
    let stopping = false;
    let crashesInARow = 0;

    const alive = () =>
      Object.values(cluster.workers ?? {}).filter(
        (worker): worker is Worker => worker !== undefined && !worker.isDead(),
      );
    const stopAll = (code: number) => {
      if (stopping) return;
      stopping = true;
      const workers = alive();
      if (workers.length === 0) {
        resolve(code);
        return;
      }
      const force = setTimeout(() => {
        for (const worker of alive()) worker.process.kill("SIGKILL");
      }, STOP_GRACE_MS);
      force.unref();
      cluster.on("exit", () => {
        if (alive().length > 0) return;
        clearTimeout(force);
        resolve(code);
      });
      for (const worker of workers) worker.process.kill("SIGTERM");
    };

    const fork = () => {
      const worker = cluster.fork();
      worker.once("listening", () => {
        listening.add(worker);
        crashesInARow = 0;
        logger.info({ worker: worker.id, pid: worker.process.pid }, "server process listening");
        // The first worker has done the start work: start the others.
        if (worker.id === 1) for (let n = 1; n < processes; n++) fork();
      });
      worker.once("exit", (code, signal) => {
        const hadStarted = listening.delete(worker);
        if (stopping) return;
        if (!hadStarted) {
          logger.error(
            { worker: worker.id, code, signal },
            "a server process stopped before it could listen: stopping all",
          );
          stopAll(1);
          return;
        }
        crashesInARow++;
        const delayMs = Math.min(1_000 * 2 ** (crashesInARow - 1), 30_000);
        logger.error(
          { worker: worker.id, code, signal, restartInMs: delayMs },
          "a server process died: starting a new one",
        );
        setTimeout(() => {
          if (!stopping) fork();
        }, delayMs);
      });
    };

    logger.info({ processes }, "starting server processes (WEB_CONCURRENCY)");
    process.on("SIGTERM", () => stopAll(0));
    process.on("SIGINT", () => stopAll(0));
    fork();
  });
}
