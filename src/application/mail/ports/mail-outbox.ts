import type { OutgoingMail } from '../outgoing-mail.js';

/**
 * Where a use case leaves a message to send: a table in the same database, written in
 * the same transaction as the change the message reports (`Transactions`), so that a
 * change is never saved without its message nor a message sent for a change that was
 * rolled back. A background loop delivers what is queued (DeliverMail).
 */
export interface MailOutbox {
  /** Queues a message for delivery as soon as possible. */
  enqueue(mail: OutgoingMail, now: number): Promise<void>;
}
