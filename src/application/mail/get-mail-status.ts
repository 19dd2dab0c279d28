import type { Clock } from '../shared/ports/clock.js';
import type { MailQueue } from './ports/mail-queue.js';

/** The outbox at a glance. */
export type GetMailStatusResult = {
  readonly kind: 'ok';
  readonly pending: number;
  readonly failed: number;
  /** How long the oldest pending message has waited; null when none is pending. */
  readonly oldestPendingAgeMs: number | null;
};

/** How many messages wait, how many failed, and how old the backlog is (`npm run cli -- mail status`, the backlog warning). */
export class GetMailStatus {
  constructor(
    private readonly queue: MailQueue,
    private readonly clock: Clock,
  ) {}

  /** Reads the counts; the age is measured on the clock. */
  async execute(): Promise<GetMailStatusResult> {
    const { pending, failed, oldestPendingQueuedAt } = await this.queue.status();
    const age = oldestPendingQueuedAt === null ? null : Math.max(0, this.clock.now() - oldestPendingQueuedAt);
    return { kind: 'ok', pending, failed, oldestPendingAgeMs: age };
  }
}
