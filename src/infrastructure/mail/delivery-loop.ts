import type { DeliverMail } from '../../application/mail/deliver-mail.js';
import type { Logger } from '../../application/shared/ports/logger.js';
import type { BacklogWatch } from './backlog-watch.js';

/** The wait between passes when the last one sent nothing. */
export const DELIVERY_POLL_MS = 1000;

/** While passes keep failing (the database is down), one error line per this much time. */
const ERROR_LOG_EVERY_MS = 60_000;

/** The background delivery of one serving process. */
export interface DeliveryLoop {
  /**
   * Starts no new send, waits for the one in flight, and records what was sent while the
   * database was away (logged as an error when it still does not answer).
   */
  stop(): Promise<void>;
}

/**
 * Runs delivery passes one at a time, off the request path: the next pass starts at
 * once after a pass that sent (or failed for good) a message, so a backlog drains;
 * else, and after a send that will be retried (SMTP is away), after `pollMs`. A failed
 * pass (the database is away) is logged, rate-limited, and the loop goes on. Its timers
 * never keep the process alive.
 */
export function startDeliveryLoop(
  deliverMail: DeliverMail,
  backlog: BacklogWatch,
  logger: Logger,
  pollMs: number = DELIVERY_POLL_MS,
): DeliveryLoop {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> | null = null;
  let failing = false;
  let lastErrorLogAt = -Infinity;

  /** Resolves whether the next pass should start at once. */
  const pass = async (): Promise<boolean> => {
    try {
      const result = await deliverMail.execute(stopping.signal);
      await backlog.check();
      if (failing) logger.info({}, 'mail delivery works again');
      failing = false;
      return result.kind === 'sent' || result.kind === 'failed';
    } catch (error) {
      const now = performance.now();
      if (!failing || now - lastErrorLogAt >= ERROR_LOG_EVERY_MS) {
        logger.error({ err: error }, 'mail delivery pass failed; trying again');
        lastErrorLogAt = now;
      }
      failing = true;
      return false;
    }
  };
  const schedule = (delayMs: number) => {
    if (stopping.signal.aborted) return;
    timer = setTimeout(() => {
      timer = null;
      inFlight = pass().then((sent) => {
        inFlight = null;
        schedule(sent ? 0 : pollMs);
      });
    }, delayMs);
    timer.unref();
  };
  schedule(pollMs);
  return {
    async stop() {
      stopping.abort();
      if (timer) clearTimeout(timer);
      await inFlight;
      await deliverMail.recordSentBeforeStopping();
    },
  };
}
