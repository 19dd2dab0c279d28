import type { Knex } from 'knex';
import type { MailOutbox } from '../../application/mail/ports/mail-outbox.js';
import type { OutgoingMail } from '../../application/mail/outgoing-mail.js';

/** The `mail_outbox` table: queued on the caller's connection or transaction. */
export class KnexMailOutbox implements MailOutbox {
  constructor(private readonly db: Knex) {}

  async enqueue(mail: OutgoingMail, now: number): Promise<void> {
    await this.db('mail_outbox').insert({
      kind: mail.kind,
      payload: JSON.stringify(mail),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      claim: null,
      last_error: null,
      created_at: now,
    });
  }
}
