import { loadTranslations } from '../../src/infrastructure/shared/i18n/i18next-translations.js';
import { localesDir } from '../../src/infrastructure/shared/i18n/catalog-files.js';
import { Message, sayWith } from '../../src/web/shared/message.js';
import * as accountsLoginCode from '../../src/web/accounts/login-code-messages.js';
import * as passkeys from '../../src/web/passkeys/passkey-messages.js';
import * as shared from '../../src/web/shared/messages.js';
import * as twoFactor from '../../src/web/two-factor/two-factor-messages.js';

/** The catalogs, English the default, as a test app has them. */
export const englishTranslations = loadTranslations(localesDir(), 'en');

/** English, as a visitor without a preference reads it. */
export const englishText = englishTranslations.wordsOf('en').text;

/** A message in English. */
export function english(said: Message): string {
  return sayWith(englishText, said);
}

/** The same shape with every message in English: a table's entries, a function's answer. */
type InEnglish<T> = T extends Message
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => InEnglish<R>
    : T extends object
      ? { readonly [K in keyof T]: InEnglish<T[K]> }
      : T;

function inEnglish<T>(value: T): InEnglish<T> {
  if (value instanceof Message) return english(value) as InEnglish<T>;
  if (typeof value === 'function') {
    return ((...args: unknown[]) => inEnglish((value as (...a: unknown[]) => unknown)(...args))) as InEnglish<T>;
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, inEnglish(entry)])) as InEnglish<T>;
  }
  return value as InEnglish<T>;
}

/** The messages of the web layer, in English, for tests that read them on a page. */
export const messages: InEnglish<typeof shared.messages> = inEnglish(shared.messages);
export const adminAnswers: InEnglish<typeof shared.adminAnswers> = inEnglish(shared.adminAnswers);
export const activityLabel: InEnglish<typeof shared.activityLabel> = inEnglish(shared.activityLabel);
export const loginThrottled: InEnglish<typeof shared.loginThrottled> = inEnglish(shared.loginThrottled);
export const loginCodeMessages: InEnglish<typeof accountsLoginCode.loginCodeMessages> = inEnglish(accountsLoginCode.loginCodeMessages);
export const passkeyMessages: InEnglish<typeof passkeys.passkeyMessages> = inEnglish(passkeys.passkeyMessages);
export const twoFactorMessages: InEnglish<typeof twoFactor.twoFactorMessages> = inEnglish(twoFactor.twoFactorMessages);
export const secondFactorThrottled: InEnglish<typeof twoFactor.secondFactorThrottled> = inEnglish(twoFactor.secondFactorThrottled);
