import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type StreamSentMessageInfo, type Transporter } from 'nodemailer';
import type { ComposedMail, Mailer, MailReceipt } from '../../application/mail/ports/mailer.js';
import { messageFields, transportDefaults } from './nodemailer-message.js';

/**
 * The development outbox (SMTP_URL unset, or `file:<dir>`): each message is built by
 * nodemailer exactly as it would go out, and written to `<dir>/<time>-<random>.eml`,
 * which any mail client opens. The receipt is the file's path, for the log.
 */
export class FileMailer implements Mailer {
  private readonly transport: Transporter<StreamSentMessageInfo>;

  constructor(
    private readonly dir: string,
    from: string,
  ) {
    const { options, defaults } = transportDefaults(from);
    this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows', ...options }, defaults);
  }

  async send(mail: ComposedMail): Promise<MailReceipt> {
    const { message } = await this.transport.sendMail(messageFields(mail));
    await mkdir(this.dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const path = join(this.dir, name);
    // Written whole under another name first, so a reader never opens half a message.
    await writeFile(`${path}.part`, message);
    await rename(`${path}.part`, path);
    return { receipt: path };
  }
}
