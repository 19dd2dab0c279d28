import type { MailOutbox } from '../../application/ports/mail-outbox.js';
import type { OutgoingMail } from '../../application/outgoing-mail.js';

/** Queued messages in process memory: for tests of the use cases. */
export class InMemoryMailOutbox implements MailOutbox {
  /** What was queued, oldest first. */
  readonly queued: OutgoingMail[] = [];

  async enqueue(mail: OutgoingMail): Promise<void> {
    this.queued.push(mail);
  }

  /** A copy of the queue, for `InMemoryTransactions` to roll back to. */
  snapshot(): () => void {
    const length = this.queued.length;
    return () => {
      this.queued.length = length;
    };
  }
}
