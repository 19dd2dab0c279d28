import type { Clock } from '../shared/ports/clock.js';
import type { Logger } from '../shared/ports/logger.js';
import type { MailComposer } from './ports/mail-composer.js';
import type { ClaimedMail, MailQueue } from './ports/mail-queue.js';
import { isMailNotSent, type Mailer } from './ports/mailer.js';

/** How a pass claims messages and how long failed ones are retried. */
export interface DeliveryPolicy {
  /** Messages claimed by one pass. */
  readonly batchSize: number;
  /** How long a claim holds: longer than a pass can take to send a whole batch. */
  readonly leaseMs: number;
  /** The wait before the first retry; it doubles with each attempt… */
  readonly firstRetryMs: number;
  /** …up to this. */
  readonly maxRetryMs: number;
  /** A message still failing this long after it was queued is marked failed. */
  readonly retryForMs: number;
}

/**
 * Batches of 10, claimed for 15 minutes: more than 10 sends of a minute each (the SMTP
 * adapter's deadline). Retries after 30 s, 1 min, 2 min… then hourly, for a day.
 */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = {
  batchSize: 10,
  leaseMs: 15 * 60_000,
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
  retryForMs: 24 * 60 * 60_000,
};

/** What one pass did with the messages it claimed. */
export type DeliverMailResult =
  | { readonly kind: 'nothing-due' }
  | {
      readonly kind: 'done';
      readonly sent: number;
      readonly retrying: number;
      readonly failed: number;
      /** Claimed, then put back untried because the sender is stopping. */
      readonly released: number;
    };

/** Tells a pass to stop after the message it is sending; an `AbortSignal` will do. */
export interface StopSignal {
  readonly aborted: boolean;
}

/** The longest reason kept and logged. */
const MAX_REASON = 300;

/**
 * One pass of the delivery loop: claims a batch of due messages, writes and sends each,
 * and settles it: removed once sent, retried with a doubling wait after a transient
 * failure, failed after a permanent refusal or when it has been retried for a day.
 * Failures are logged with the message's id, kind and recipient, never its content
 * (a link holds a token).
 */
export class DeliverMail {
  constructor(
    private readonly queue: MailQueue,
    private readonly composer: MailComposer,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly policy: DeliveryPolicy = DEFAULT_DELIVERY_POLICY,
  ) {}

  /** Runs one pass; `stop` ends it early, after the send in flight. */
  async execute(stop: StopSignal = { aborted: false }): Promise<DeliverMailResult> {
    const claimed = await this.queue.claimDue(this.clock.now(), this.policy.batchSize, this.policy.leaseMs);
    if (claimed.length === 0) return { kind: 'nothing-due' };
    const counts = { sent: 0, retrying: 0, failed: 0, released: 0 };
    for (const message of claimed) {
      if (stop.aborted) {
        await this.queue.release(message, this.clock.now());
        counts.released += 1;
        continue;
      }
      counts[await this.deliver(message)] += 1;
    }
    return { kind: 'done', ...counts };
  }

  /** Sends one message and settles it; resolves which count it adds to. */
  private async deliver(message: ClaimedMail): Promise<'sent' | 'retrying' | 'failed'> {
    const about = { mailId: message.id, kind: message.mail.kind, to: message.mail.to, attempt: message.attempt };
    let receipt: string;
    try {
      ({ receipt } = await this.mailer.send(this.composer.compose(message.mail)));
    } catch (error) {
      return this.failed(message, about, error);
    }
    if (!(await this.queue.settle(message))) {
      this.logger.warn(about, 'mail sent after its claim had lapsed: another sender may send it again');
    }
    this.logger.info({ ...about, receipt }, 'mail sent');
    return 'sent';
  }

  private async failed(message: ClaimedMail, facts: object, error: unknown): Promise<'retrying' | 'failed'> {
    const reason = reasonOf(error);
    // A mailer's refusal says all there is; anything else is a bug or an outage, whose stack helps.
    const about = isMailNotSent(error) ? facts : { ...facts, err: error };
    const now = this.clock.now();
    if (isMailNotSent(error) && error.permanent) {
      await this.queue.fail(message, reason);
      this.logger.error({ ...about, reason }, 'mail refused for good: marked failed, not retried');
      return 'failed';
    }
    if (now - message.queuedAt >= this.policy.retryForMs) {
      await this.queue.fail(message, reason);
      this.logger.error({ ...about, reason }, 'mail not sent after a day of retries: marked failed');
      return 'failed';
    }
    const waitMs = Math.min(this.policy.firstRetryMs * 2 ** (message.attempt - 1), this.policy.maxRetryMs);
    await this.queue.reschedule(message, now + waitMs, reason);
    this.logger.warn({ ...about, reason, retryInSeconds: Math.round(waitMs / 1000) }, 'mail not sent: will retry');
    return 'retrying';
  }
}

/** One short line: the error's message (a mailer's is free of the content), or its code. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const text = (error instanceof Error && error.message) || (typeof code === 'string' ? code : 'unknown error');
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_REASON ? `${line.slice(0, MAX_REASON - 1)}…` : line;
}
