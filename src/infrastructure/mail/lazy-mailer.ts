import type { ComposedMail, Mailer, MailReceipt } from '../../application/mail/ports/mailer.js';
import { loadedOnFirstUse } from '../loaded-on-first-use.js';

/**
 * A mailer made on the first message, not at start-up: nodemailer costs a serving
 * process about 10 MB of memory, which a process that never sends mail (most hours of
 * most sites) need not carry. A failed load is tried again with the next message.
 */
export function lazyMailer(load: () => Promise<Mailer>): Mailer {
  const mailer = loadedOnFirstUse(load);
  return {
    async send(mail: ComposedMail): Promise<MailReceipt> {
      return (await mailer()).send(mail);
    },
  };
}
