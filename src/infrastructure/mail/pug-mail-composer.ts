import { join } from 'node:path';
import pug from 'pug';
import type { MailComposer } from '../../application/mail/ports/mail-composer.js';
import type { ComposedMail } from '../../application/mail/ports/mailer.js';
import type { AdminNotice, OutgoingMail, OutgoingMailKind, SecondFactorChange } from '../../application/mail/outgoing-mail.js';

/** Where the templates are, the origin the messages name, and whether to keep compiled templates. */
export interface PugMailComposerOptions {
  /** The folder of the mail templates: `<kind>.pug` (HTML) and `<kind>.txt.pug` (text) for each kind. */
  readonly templatesDir: string;
  /** The public origin (APP_URL). */
  readonly appUrl: string;
  /** Compile each template once and keep it (production); elsewhere an edited template shows at once. */
  readonly cache: boolean;
}

/** Each kind's subject: what the message is about, at a glance in an inbox. */
const SUBJECTS: { readonly [Kind in Exclude<OutgoingMailKind, 'second-factor-changed' | 'acted-on-by-admin'>]: string } = {
  'password-reset': 'Reset your Gatehouse password',
  'password-changed': 'Your Gatehouse password was changed',
  'login-code': 'Your Gatehouse login code',
  'email-verification': 'Confirm your email address for Gatehouse',
  'email-change-confirmation': 'Confirm your new email address for Gatehouse',
  'email-changed': 'The email address of your Gatehouse account was changed',
  'new-device-login': 'Your Gatehouse account was logged in to from a new device',
  'recovery-code-used': 'A recovery code was used to log in to your Gatehouse account',
};

/** The subject of a notice of an administrator's act, by the act. */
const ADMIN_NOTICE_SUBJECTS: { readonly [Act in AdminNotice]: string } = {
  locked: 'Your Gatehouse account was locked',
  'logged-out-everywhere': 'Your Gatehouse account was logged out everywhere',
};

/** The subject of a notice of changed second factors, by the change: never a passkey's name, which is the user's text. */
const SECOND_FACTOR_SUBJECTS: { readonly [Kind in SecondFactorChange['kind']]: string } = {
  'authenticator-on': 'An authenticator app was turned on for your Gatehouse account',
  'authenticator-off': 'The authenticator app of your Gatehouse account was turned off',
  'recovery-codes-renewed': 'New recovery codes were made for your Gatehouse account',
  'passkey-added': 'A passkey was added to your Gatehouse account',
  'passkey-removed': 'A passkey was removed from your Gatehouse account',
  'reset-by-administrator': 'The two-factor login of your Gatehouse account was reset',
  'reset-by-operator': 'The two-factor login of your Gatehouse account was reset',
};

/** The subject of this message. */
function subjectOf(mail: OutgoingMail): string {
  if (mail.kind === 'second-factor-changed') return SECOND_FACTOR_SUBJECTS[mail.change.kind];
  if (mail.kind === 'acted-on-by-admin') return ADMIN_NOTICE_SUBJECTS[mail.act];
  return SUBJECTS[mail.kind];
}

/**
 * Writes each message from its two pug templates in views/mail/, with the message's
 * fields and the public origin as locals. The HTML template escapes every value (`#{}`),
 * the text template inserts them as they are (`!{}`).
 */
export class PugMailComposer implements MailComposer {
  constructor(private readonly options: PugMailComposerOptions) {}

  compose(mail: OutgoingMail): ComposedMail {
    const subject = subjectOf(mail);
    const { appUrl } = this.options;
    const locals = {
      ...mail,
      subject,
      appUrl,
      // The form where someone who did not change the password takes the account back.
      forgotPasswordUrl: `${appUrl}/password/forgot`,
      // Where an owner who did not make a change changes the password, logs the others
      // out, and sets a second factor up again.
      accountUrl: `${appUrl}/account`,
      sessionsUrl: `${appUrl}/account/sessions`,
      twoFactorUrl: `${appUrl}/account/two-factor`,
      passkeysUrl: `${appUrl}/account/passkeys`,
      expiresIn: 'expiresInMinutes' in mail ? duration(mail.expiresInMinutes) : undefined,
      when: 'at' in mail ? moment(mail.at) : undefined,
    };
    return {
      to: mail.to,
      subject,
      text: `${this.render(`${mail.kind}.txt.pug`, locals)}\n`,
      html: this.render(`${mail.kind}.pug`, locals),
    };
  }

  private render(file: string, locals: Record<string, unknown>): string {
    const template = pug.compileFile(join(this.options.templatesDir, file), { cache: this.options.cache });
    return template(locals);
  }
}

/** A moment as the sessions page shows it: "2026-11-25 14:03 UTC". */
function moment(at: number): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** "30 minutes", "1 hour", "24 hours". */
function duration(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) return plural(minutes / 60, 'hour');
  return plural(minutes, 'minute');
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
