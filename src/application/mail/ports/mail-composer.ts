import type { OutgoingMail } from '../outgoing-mail.js';
import type { ComposedMail } from './mailer.js';

/**
 * Writes a message's subject, text and HTML from what happened (`OutgoingMail`): the
 * wording lives in templates, outside the application. Throws only on a bug (a broken
 * template).
 */
export interface MailComposer {
  compose(mail: OutgoingMail): ComposedMail;
}
