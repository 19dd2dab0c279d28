import type { Clock } from '../shared/ports/clock.js';
import type { Logger } from '../shared/ports/logger.js';
import type { MailComposer } from './ports/mail-composer.js';
import type { ClaimedMail, ClaimTerms, MailQueue } from './ports/mail-queue.js';
import { isMailNotSent, type Mailer } from './ports/mailer.js';

/** How long a claim holds, and how long failed messages are retried. */
export interface DeliveryPolicy extends ClaimTerms {
  /** The wait before the first retry; it doubles with each attempt… */
  readonly firstRetryMs: number;
  /** …up to this. */
  readonly maxRetryMs: number;
  /** A message still failing this long after it was queued is marked failed. */
  readonly retryForMs: number;
}

/** The longest a send may take by default: the SMTP adapter's deadline for one message. */
export const DEFAULT_SEND_TIMEOUT_MS = 60_000;

/**
 * One message claimed at a time, for one and a half times the longest a send may take
 * (90 s with SMTP's 60 s deadline), then 15 s more for its sender to record it once the
 * database answers (`ClaimTerms`). Retries after 30 s, 1 min, 2 min… then hourly, for a day.
 */
export function deliveryPolicy(sendTimeoutMs: number = DEFAULT_SEND_TIMEOUT_MS): DeliveryPolicy {
  return {
    leaseMs: Math.ceil(sendTimeoutMs * 1.5),
    lapsedGraceMs: 15_000,
    firstRetryMs: 30_000,
    maxRetryMs: 60 * 60_000,
    retryForMs: 24 * 60 * 60_000,
  };
}

/** What one pass did: the message it claimed was sent, will be retried, or failed; or nothing was due. */
export type DeliverMailResult = { readonly kind: 'nothing-due' } | { readonly kind: 'sent' | 'retrying' | 'failed'; readonly mailId: string };

/** Tells a pass not to start; an `AbortSignal` will do. */
export interface StopSignal {
  readonly aborted: boolean;
}

/** The longest reason kept and logged. */
const MAX_REASON = 300;

/** What a log line says about a message: never its content (a link holds a token). */
type About = { readonly mailId: string; readonly kind: string; readonly to: string; readonly attempt: number };

/**
 * One pass of the delivery loop: claims the due message that has waited longest, writes
 * and sends it, and settles it: removed once sent, retried with a doubling wait after a
 * transient failure, failed after a permanent refusal or when it has been retried for a
 * day. Failures are logged with the message's id, kind and recipient, never its content.
 *
 * A message that was sent but could not be removed (the database went away in between)
 * is kept in this object, and every pass first records it, before claiming anything, until
 * the database answers: it is not sent again unless this process ends before that, or
 * still cannot reach the database a lapsed grace after another sender, which can, found
 * its claim run out and released it.
 */
export class DeliverMail {
  private readonly unrecorded: { readonly message: ClaimedMail; readonly about: About }[] = [];

  constructor(
    private readonly queue: MailQueue,
    private readonly composer: MailComposer,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly policy: DeliveryPolicy = deliveryPolicy(),
  ) {}

  /** Runs one pass, unless `stop` says the sender is stopping. Rejects when the database does not answer. */
  async execute(stop: StopSignal = { aborted: false }): Promise<DeliverMailResult> {
    await this.recordSent();
    if (stop.aborted) return { kind: 'nothing-due' };
    const message = await this.queue.claimNext(this.clock.now(), this.policy);
    if (!message) return { kind: 'nothing-due' };
    return { kind: await this.deliver(message), mailId: message.id };
  }

  /**
   * Records the messages sent and not yet recorded, and resolves the ids of those still
   * not recorded (the database does not answer): what the process should not end with.
   */
  async recordSentBeforeStopping(): Promise<string[]> {
    try {
      await this.recordSent();
    } catch (error) {
      const mailIds = this.unrecorded.map(({ message }) => message.id);
      this.logger.error({ err: error, mailIds }, 'stopping with mail sent but not recorded: it may be sent again');
    }
    return this.unrecorded.map(({ message }) => message.id);
  }

  /** Records what was sent while the database was away, oldest first; rejects while it still is. */
  private async recordSent(): Promise<void> {
    while (this.unrecorded.length > 0) {
      const [{ message, about }] = this.unrecorded as [(typeof this.unrecorded)[number]];
      const held = await this.queue.settle(message);
      this.unrecorded.shift();
      if (held) this.logger.info(about, 'mail recorded as sent, the database answering again');
      else this.logger.warn(about, 'mail sent after its claim had lapsed: another sender may send it again');
    }
  }

  /** Sends one message and settles it; resolves what became of it. */
  private async deliver(message: ClaimedMail): Promise<'sent' | 'retrying' | 'failed'> {
    const about: About = { mailId: message.id, kind: message.mail.kind, to: message.mail.to, attempt: message.attempt };
    let receipt: string;
    try {
      ({ receipt } = await this.mailer.send(this.composer.compose(message.mail)));
    } catch (error) {
      return this.failed(message, about, error);
    }
    this.logger.info({ ...about, receipt }, 'mail sent');
    let held: boolean;
    try {
      held = await this.queue.settle(message);
    } catch (error) {
      this.unrecorded.push({ message, about });
      this.logger.warn({ ...about, err: error }, 'mail sent but not recorded: recording it again until the database answers');
      return 'sent';
    }
    if (!held) this.logger.warn(about, 'mail sent after its claim had lapsed: another sender may send it again');
    return 'sent';
  }

  private async failed(message: ClaimedMail, facts: About, error: unknown): Promise<'retrying' | 'failed'> {
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
