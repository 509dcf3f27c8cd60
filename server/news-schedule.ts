import { publishDueNews } from "../app/domain/news/news-workflow.server.ts";
import { repeating } from "./repeating.ts";

// Scheduled news (ADR 034): every process that starts work (one per machine) looks every
// 30 seconds, and at start (an item whose time passed while the server was down goes out at
// once), for scheduled items whose time has come. However many processes and machines look
// at once, each item is published by exactly one of them (publishDueNews's single UPDATE), so
// no lock is needed; the change notice of that UPDATE empties every page cache (ADR 010).

interface Log {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** How often the scheduled items are looked at: well within the promised minute. */
const NEWS_SCHEDULE_POLL_MS = 30_000;

export interface NewsSchedule {
  /** Starts no new look and waits for the one in progress. */
  close(): Promise<void>;
}

export function startNewsSchedule({
  logger,
  pollMs = NEWS_SCHEDULE_POLL_MS,
  clock = () => new Date(),
}: {
  logger: Log;
  pollMs?: number;
  /** The time now: injected so a test decides when "now" is. */
  clock?: () => Date;
}): NewsSchedule {
  return repeating({
    run: async () => {
      const published = await publishDueNews({ now: clock() });
      if (published.length > 0) {
        logger.info({ ids: published.map((item) => item.id) }, "news: scheduled items published");
      }
      return pollMs;
    },
    onError: (error) => {
      logger.error({ err: error }, "news: publishing scheduled items failed");
      return pollMs;
    },
  });
}
