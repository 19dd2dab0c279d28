import type { ComposedMail } from '../../application/mail/ports/mailer.js';

/**
 * What every nodemailer transport of ours is built with: the sender, no access to
 * files or URLs from a message's content, and a header that tells auto-responders
 * (out of office) not to answer (RFC 3834).
 */
export function transportDefaults(from: string) {
  return {
    options: { disableFileAccess: true, disableUrlAccess: true },
    defaults: { from, headers: { 'Auto-Submitted': 'auto-generated' } },
  } as const;
}

/** The message as nodemailer's `sendMail` takes it. */
export function messageFields(mail: ComposedMail) {
  return { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html };
}
