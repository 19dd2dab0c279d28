import type { DeliverMail } from '../../application/mail/deliver-mail.js';
import type { GetMailStatus } from '../../application/mail/get-mail-status.js';
import type { MailComposer } from '../../application/mail/ports/mail-composer.js';
import type { MailOutbox } from '../../application/mail/ports/mail-outbox.js';
import type { MailQueue } from '../../application/mail/ports/mail-queue.js';
import type { Mailer } from '../../application/mail/ports/mailer.js';
import type { RetryFailedMail } from '../../application/mail/retry-failed-mail.js';
import { serviceId } from '../shared/binding.js';

const id = <T>(name: string) => serviceId<T>(`mail.${name}`);

/** The service identifiers of mail: the outbox every feature queues on, and its delivery. */
export const mailIds = {
  /** The outbox outside a transaction (in memory: the same store as the transactions'). */
  outbox: id<MailOutbox>('Outbox'),
  queue: id<MailQueue>('Queue'),
  mailer: id<Mailer>('Mailer'),
  composer: id<MailComposer>('Composer'),
  deliverMail: id<DeliverMail>('DeliverMail'),
  mailStatus: id<GetMailStatus>('GetMailStatus'),
  retryFailedMail: id<RetryFailedMail>('RetryFailedMail'),
};
