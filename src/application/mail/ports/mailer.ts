/** A message ready to send: one recipient, a subject, and the same content as text and HTML. */
export interface ComposedMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** What a mailer says about a message it handed on: a server's reply, a file's path. */
export interface MailReceipt {
  /** Short, and free of the message's content, so it may be logged. */
  readonly receipt: string;
}

/**
 * Sends one message from the configured sender (MAIL_FROM). Resolves once the message
 * is handed on for good (an SMTP server accepted it, a file was written). Rejects with
 * `MailNotSent` when it was not: `permanent` when the server refused this message for
 * good (an SMTP 5xx reply to the recipient or the content), which no retry would change;
 * otherwise the refusal is transient (a server down, stalled, busy, or refusing our
 * login), and the same message may go through later. Any other rejection is transient too.
 */
export interface Mailer {
  send(mail: ComposedMail): Promise<MailReceipt>;
}

/** A message the mailer could not hand on; the message text is short and holds no link. */
export class MailNotSent extends Error {
  constructor(
    message: string,
    /** True when sending the same message again would be refused again. */
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailNotSent';
  }
}

/**
 * True for a `MailNotSent`, told by its name and fields rather than `instanceof`: a
 * mailer loaded on first use may come from another instance of this module (a test
 * runner's loader), whose class is not this one.
 */
export function isMailNotSent(error: unknown): error is MailNotSent {
  return error instanceof Error && error.name === 'MailNotSent' && typeof (error as MailNotSent).permanent === 'boolean';
}
