import type { GetMailStatus } from '../../application/mail/get-mail-status.js';
import type { Clock } from '../../application/shared/ports/clock.js';
import type { Logger } from '../../application/shared/ports/logger.js';

/** How often the queue is looked at, and when a backlog is worth a warning. */
export interface BacklogWatchOptions {
  readonly checkEveryMs: number;
  /** A pending message older than this is a backlog. */
  readonly warnAfterMs: number;
  /** While the backlog lasts, one warning per this much time. */
  readonly warnEveryMs: number;
}

/** A look each minute; a warning when a message has waited 5 minutes, then every 15 while it lasts. */
export const DEFAULT_BACKLOG_WATCH: BacklogWatchOptions = {
  checkEveryMs: 60_000,
  warnAfterMs: 5 * 60_000,
  warnEveryMs: 15 * 60_000,
};

/**
 * Puts an undelivered backlog in the log: called after each delivery pass, it reads
 * the queue's status now and then, and warns, rate-limited, while the oldest pending
 * message is older than a few minutes (SMTP down, refusing our login, or too slow).
 */
export class BacklogWatch {
  private nextCheckAt = 0;
  private quietUntil = 0;

  constructor(
    private readonly mailStatus: GetMailStatus,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: BacklogWatchOptions = DEFAULT_BACKLOG_WATCH,
  ) {}

  /** Looks at the queue if it is time to; resolves whether it warned. */
  async check(): Promise<boolean> {
    const now = this.clock.now();
    if (now < this.nextCheckAt) return false;
    this.nextCheckAt = now + this.options.checkEveryMs;
    const { pending, failed, oldestPendingAgeMs } = await this.mailStatus.execute();
    if (oldestPendingAgeMs === null || oldestPendingAgeMs < this.options.warnAfterMs || now < this.quietUntil) return false;
    this.quietUntil = now + this.options.warnEveryMs;
    const oldestMinutes = Math.floor(oldestPendingAgeMs / 60_000);
    this.logger.warn(
      { pending, failed, oldestPendingMinutes: oldestMinutes },
      `mail backlog: the oldest undelivered message has waited ${oldestMinutes} minutes (npm run cli -- mail status)`,
    );
    return true;
  }
}
