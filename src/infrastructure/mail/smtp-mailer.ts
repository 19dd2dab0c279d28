import type { ConnectionOptions } from 'node:tls';
import nodemailer, { type NodemailerError, type SMTPSentMessageInfo, type Transporter } from 'nodemailer';
import { type ComposedMail, type Mailer, MailNotSent, type MailReceipt } from '../../application/mail/ports/mailer.js';
import { messageFields, transportDefaults } from './nodemailer-message.js';

/** How long a send may wait on the server, in milliseconds. */
export interface SmtpTimeouts {
  /** For the TCP (or TLS) connection. */
  readonly connectMs: number;
  /** For the server's greeting once connected. */
  readonly greetingMs: number;
  /** For any answer once talking: a server that stalls in the middle. */
  readonly socketMs: number;
  /** For the whole send, however the time is spent. */
  readonly sendMs: number;
}

/** Short enough that a stalled server holds a delivery pass for a minute at most. */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = smtpTimeouts(60_000);

/** The timeouts of a send that may take `sendMs` in all (MAIL_SEND_TIMEOUT_SECONDS): none of the others longer. */
export function smtpTimeouts(sendMs: number): SmtpTimeouts {
  return { connectMs: Math.min(10_000, sendMs), greetingMs: Math.min(10_000, sendMs), socketMs: Math.min(30_000, sendMs), sendMs };
}

/** Where to send, as whom, and how long to wait. */
export interface SmtpMailerOptions {
  /**
   * SMTP_URL: `smtp://[user:pass@]host:port` uses STARTTLS when the server offers it
   * (and then verifies its certificate), `smtps://…` connects with TLS. Nodemailer's
   * query options (`?tls.servername=…`) apply, and win over ours.
   */
  readonly url: string;
  /** MAIL_FROM. */
  readonly from: string;
  readonly timeouts?: SmtpTimeouts;
  /**
   * More TLS options, for tests (a test CA to trust). The composition root passes none,
   * so certificates are checked against the system's CAs (NODE_EXTRA_CA_CERTS adds one).
   */
  readonly tls?: ConnectionOptions;
}

/**
 * Sends through an SMTP server with nodemailer, one connection per message. With a
 * login in the URL, `smtp://` requires STARTTLS. A refusal for good of the message's
 * envelope or content (a 5xx reply, nodemailer's `permanent`) is permanent; everything
 * else (no connection, a timeout, a 4xx reply, a refused login or STARTTLS) is
 * transient, and the message waits for a retry.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter<SMTPSentMessageInfo>;
  private readonly sendMs: number;

  constructor(options: SmtpMailerOptions) {
    const timeouts = options.timeouts ?? DEFAULT_SMTP_TIMEOUTS;
    const { options: safety, defaults } = transportDefaults(options.from);
    this.sendMs = timeouts.sendMs;
    this.transport = nodemailer.createTransport(
      {
        url: options.url,
        connectionTimeout: timeouts.connectMs,
        greetingTimeout: timeouts.greetingMs,
        socketTimeout: timeouts.socketMs,
        dnsTimeout: timeouts.connectMs,
        // A password never goes over a connection left unencrypted, even if an attacker
        // strips STARTTLS from the server's answer; a relay without AUTH needs no TLS.
        requireTLS: hasCredentials(options.url),
        ...(options.tls && { tls: options.tls }),
        ...safety,
      },
      defaults,
    );
  }

  async send(mail: ComposedMail): Promise<MailReceipt> {
    try {
      const info = await this.transport.sendMail({ ...messageFields(mail), signal: AbortSignal.timeout(this.sendMs) });
      return { receipt: info.response };
    } catch (error) {
      throw notSent(error as NodemailerError);
    }
  }
}

function hasCredentials(url: string): boolean {
  const parsed = new URL(url);
  return parsed.username !== '' || parsed.password !== '';
}

/** Nodemailer's error as ours: its code and message (which hold the server's reply, never the content). */
function notSent(error: NodemailerError): MailNotSent {
  // Only a refusal of this message (its sender, recipient or content) is for good. A 5xx
  // to the login or to STARTTLS is ours to fix (SMTP_URL), and the message waits for it.
  const permanent = error.permanent === true && (error.code === 'EENVELOPE' || error.code === 'EMESSAGE');
  const text = error.message || 'no reason given';
  return new MailNotSent(error.code ? `${error.code}: ${text}` : text, permanent);
}
