import type { Transporter } from "nodemailer";
import type { DatabaseHandle } from "../app/db/database.server.ts";
import { bulkTransportFromEnvironment } from "../app/domain/mail/mail.server.ts";
import {
  forgetOldMail,
  planScheduledMail,
  type SendReport,
  sendDueMail,
  withMailLock,
} from "../app/domain/subscribers/queue.server.ts";
import { sendSpacingMs } from "../app/domain/subscribers/rules.ts";
import { eraseExpiredSubscribers } from "../app/domain/subscribers/subscribers.server.ts";
import { repeating } from "./repeating.ts";

// The supporters' mail (ADR 032), like the backup schedule (ADR 027): one loop per machine
// (the process that starts work), and on PostgreSQL an advisory lock lets one process of all
// machines send at a time. Each turn: once an hour the erasures (rules §9), once a minute the
// digest and match-day mail if due, then the due messages, MAIL_PER_MINUTE at most. With
// nothing due it looks again after `pollMs`.

interface Log {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export interface MailWorker {
  /** Starts no new turn and waits for the one in progress. */
  close(): Promise<void>;
}

export function startMailWorker({
  database,
  logger,
  perMinute,
  pollMs = 5000,
  transport = bulkTransportFromEnvironment,
}: {
  database: DatabaseHandle;
  logger: Log;
  perMinute: number;
  pollMs?: number;
  transport?: () => Transporter | null;
}): MailWorker {
  const spacingMs = sendSpacingMs(perMinute);
  // A turn holds the lock for about ten seconds of sending at most.
  const batch = Math.max(1, Math.ceil(perMinute / 6));
  let lastHousekeeping = 0;
  let lastPlanning = 0;

  const turn = async (): Promise<number> => {
    const started = Date.now();
    const outcome = await withMailLock(database, async () => {
      if (started - lastHousekeeping >= HOUR_MS) {
        lastHousekeeping = started;
        const erased = await eraseExpiredSubscribers();
        await forgetOldMail();
        if (erased > 0) logger.info({ erased }, "mail: expired addresses erased");
      }
      const sender = transport();
      if (!sender) return null;
      if (started - lastPlanning >= MINUTE_MS) {
        lastPlanning = started;
        const queued = await planScheduledMail();
        if (queued > 0) logger.info({ queued }, "mail: digest or match-day mail queued");
      }
      return sendDueMail({ transport: sender, limit: batch, spacingMs });
    });
    const report: SendReport | null = outcome.ran ? outcome.value : null;
    if (!report) return pollMs;
    const handled = report.sent + report.retried + report.bounced;
    if (handled > 0) logger.info({ ...report }, "mail: messages handled");
    // Nothing due: look again later. Otherwise go on once the rate allows the next message.
    if (handled + report.dropped === 0) return pollMs;
    return Math.max(0, handled * spacingMs - (Date.now() - started));
  };

  return repeating({
    run: turn,
    onError: (error) => {
      logger.error({ err: error }, "mail: a sending turn failed");
      return pollMs;
    },
  });
}
