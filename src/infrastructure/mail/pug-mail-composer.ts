import { join } from 'node:path';
import pug from 'pug';
import type { MailComposer } from '../../application/mail/ports/mail-composer.js';
import type { ComposedMail } from '../../application/mail/ports/mailer.js';
import type { OutgoingMail } from '../../application/mail/outgoing-mail.js';
import type { LocaleWords, Translate, Translations } from '../../application/shared/ports/translations.js';

/** Where the templates are, the origin the messages name, and whether to keep compiled templates. */
export interface PugMailComposerOptions {
  /** The folder of the mail templates: `<kind>.pug` (HTML) and `<kind>.txt.pug` (text) for each kind. */
  readonly templatesDir: string;
  /** The public origin (APP_URL). */
  readonly appUrl: string;
  /** Compile each template once and keep it (production); elsewhere an edited template shows at once. */
  readonly cache: boolean;
  /** The catalogs: a message is written in the language it was queued with, else DEFAULT_LOCALE. */
  readonly translations: Translations;
}

/** The subject of this message: what it is about, at a glance in an inbox (`mail:subjects.<kind>`). */
function subjectOf(mail: OutgoingMail, text: Translate): string {
  if (mail.kind === 'second-factor-changed') return text(`mail:subjects.second-factor-changed.${mail.change.kind}`);
  if (mail.kind === 'acted-on-by-admin') return text(`mail:subjects.acted-on-by-admin.${mail.act}`);
  return text(`mail:subjects.${mail.kind}`);
}

/**
 * Writes each message from its two pug templates in views/mail/, with the message's
 * fields, the public origin and the words of its language as locals: `t` fills a catalog
 * entry's values escaped in the HTML template and as they are in the text template
 * (`tt`, unescaped, for the HTML template's attributes).
 */
export class PugMailComposer implements MailComposer {
  constructor(private readonly options: PugMailComposerOptions) {}

  compose(mail: OutgoingMail): ComposedMail {
    const words = this.wordsOf(mail);
    const subject = subjectOf(mail, words.text);
    const { appUrl } = this.options;
    const locals = {
      ...mail,
      subject,
      appUrl,
      lang: words.locale,
      // The form where someone who did not change the password takes the account back.
      forgotPasswordUrl: `${appUrl}/password/forgot`,
      // Where an owner who did not make a change changes the password, logs the others
      // out, and sets a second factor up again.
      accountUrl: `${appUrl}/account`,
      sessionsUrl: `${appUrl}/account/sessions`,
      twoFactorUrl: `${appUrl}/account/two-factor`,
      passkeysUrl: `${appUrl}/account/passkeys`,
      expiresIn: 'expiresInMinutes' in mail ? duration(mail.expiresInMinutes, words.text) : undefined,
      when: 'at' in mail ? moment(mail.at, words) : undefined,
    };
    return {
      to: mail.to,
      subject,
      text: `${this.render(`${mail.kind}.txt.pug`, { ...locals, t: words.text })}\n`,
      html: this.render(`${mail.kind}.pug`, { ...locals, t: words.html, tt: words.text }),
    };
  }

  /** The words of the language the message was queued in; DEFAULT_LOCALE for one queued without, or in a language no longer present. */
  private wordsOf(mail: OutgoingMail): LocaleWords {
    const { translations } = this.options;
    const locale = mail.locale !== undefined && translations.locales.includes(mail.locale) ? mail.locale : translations.defaultLocale;
    return translations.wordsOf(locale);
  }

  private render(file: string, locals: Record<string, unknown>): string {
    const template = pug.compileFile(join(this.options.templatesDir, file), { cache: this.options.cache });
    return template(locals);
  }
}

/** A moment as the sessions page shows it, in the mail's language: "2026-11-25 14:03 UTC" in English. */
function moment(at: number, words: LocaleWords): string {
  return words.text('common.utcTime', { time: words.minute(at) });
}

/** "30 minutes", "1 hour", "24 hours". */
function duration(minutes: number, text: Translate): string {
  if (minutes >= 60 && minutes % 60 === 0) return text('mail:durations.hours', { count: minutes / 60 });
  return text('mail:durations.minutes', { count: minutes });
}
