import type { Clock } from '../shared/ports/clock.js';
import type { MailQueue } from './ports/mail-queue.js';

/** How many failed messages were queued again. */
export type RetryFailedMailResult = { readonly kind: 'ok'; readonly requeued: number };

/**
 * Queues every failed message again, as if new (`npm run cli -- mail retry`): after an
 * operator fixed what refused them (a mailbox, the sender address, the SMTP login).
 */
export class RetryFailedMail {
  constructor(
    private readonly queue: MailQueue,
    private readonly clock: Clock,
  ) {}

  /** Requeues every failed message; resolves how many. */
  async execute(): Promise<RetryFailedMailResult> {
    return { kind: 'ok', requeued: await this.queue.requeueFailed(this.clock.now()) };
  }
}
