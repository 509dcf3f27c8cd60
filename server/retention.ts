import type { Logger } from "pino";
import { removeOldActivity } from "../app/domain/activity/activity.server.ts";
import { isRetentionDue } from "../app/domain/activity/rules.ts";
import { eraseOldMessages } from "../app/domain/contact/messages.server.ts";
import { MESSAGE_KEEP_MONTHS } from "../app/domain/contact/rules.ts";
import { type Repeating, repeating } from "./repeating.ts";

// What the site keeps only for a while (ADR 021, ADR 051): each job runs at start (the server
// may have been off) and then once a day, checked hourly so a machine that slept catches up.
// One process runs them (server/index.ts: the one that does the start's work).

const CHECK_EVERY_MS = 60 * 60 * 1000;

export interface RetentionJob {
  /** What the log says after a run that removed something ("old activity removed"). */
  removed: string;
  /** What the log says of a failed run. */
  failed: string;
  /** Removes what is due at `now`; resolves with how many records went. */
  run: (now: Date) => Promise<number>;
  /** Logged with each line (the setting the job follows). */
  details?: Record<string, unknown>;
}

/** The site's jobs: Activity after ACTIVITY_DAYS, contact messages after 12 months. */
export function retentionJobs({ activityDays }: { activityDays: number }): RetentionJob[] {
  return [
    {
      removed: "old activity removed",
      failed: "removing old activity failed",
      run: (now) => removeOldActivity({ days: activityDays, now }),
      details: { days: activityDays },
    },
    {
      removed: "contact messages past the privacy policy's time erased",
      failed: "erasing old contact messages failed",
      run: (now) => eraseOldMessages({ now }),
      details: { months: MESSAGE_KEEP_MONTHS },
    },
  ];
}

/**
 * Runs each job now and then once a day. A job that fails is logged and tried again at the
 * next hourly check; the others run all the same.
 */
export function scheduleRetention({
  jobs,
  logger,
}: {
  jobs: RetentionJob[];
  logger: Pick<Logger, "info" | "error">;
}): Repeating {
  const lastRuns = new Map<RetentionJob, Date>();
  return repeating({
    run: async () => {
      for (const job of jobs) {
        const at = new Date();
        if (!isRetentionDue(lastRuns.get(job) ?? null, at)) continue;
        try {
          const count = await job.run(at);
          lastRuns.set(job, at);
          if (count > 0) logger.info({ count, ...job.details }, job.removed);
        } catch (error) {
          logger.error({ err: error, ...job.details }, job.failed);
        }
      }
      return CHECK_EVERY_MS;
    },
    onError: () => CHECK_EVERY_MS,
  });
}
