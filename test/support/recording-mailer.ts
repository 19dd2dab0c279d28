import type { ComposedMail, Mailer, MailReceipt } from '../../src/application/mail/ports/mailer.js';

/**
 * A `Mailer` for use-case tests: it keeps what it was asked to send, and refuses
 * (`refuseWith`) or holds (`holdNext`) sends when told to. Tests of the real adapters
 * talk to a real SMTP server instead (test/support/smtp-server.ts).
 */
export class RecordingMailer implements Mailer {
  /** Every message handed on, in order. */
  readonly sent: ComposedMail[] = [];
  /** Every message it was asked to send, handed on or not. */
  readonly attempted: ComposedMail[] = [];
  private refusal: Error | null = null;
  private hold: Promise<void> | null = null;
  private started: (() => void) | null = null;
  private readonly waiters = new Set<() => void>();

  async send(mail: ComposedMail): Promise<MailReceipt> {
    this.attempted.push(mail);
    const hold = this.hold;
    this.hold = null;
    this.started?.();
    if (hold) await hold;
    if (this.refusal) throw this.refusal;
    this.sent.push(mail);
    for (const wake of [...this.waiters]) wake();
    return { receipt: `250 accepted #${this.sent.length}` };
  }

  /** Resolves once `count` messages in all were handed on. */
  waitForSent(count: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.sent.length < count) return;
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Every send from now on rejects with `error`; null accepts again. */
  refuseWith(error: Error | null): void {
    this.refusal = error;
  }

  /** The next send waits until `release()`; `started` resolves once it has begun. */
  holdNext(): { readonly started: Promise<void>; release(): void } {
    let release: () => void = () => {};
    this.hold = new Promise((resolve) => {
      release = resolve;
    });
    const started = new Promise<void>((resolve) => {
      this.started = resolve;
    });
    return { started, release: () => release() };
  }
}
