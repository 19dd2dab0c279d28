import { Message, message } from '../shared/message.js';
import type { RemovedSecondFactors } from '../../application/administration/reset-two-factor.js';

/** The messages of REQUIRE_2FA_FOR_ADMINS and of an administrator's "Reset two-factor login". */
export const adminTwoFactorMessages = {
  setUpFirst: message('administration:twoFactorMessages.setUpFirst'),
};

/** The answers to "Reset two-factor login" on the user with this email. */
export const resetTwoFactorAnswers = {
  reset: (email: string, removed: RemovedSecondFactors) =>
    message('administration:twoFactorMessages.reset', { email, removed: removedList(removed) }),
  none: (email: string) => message('administration:twoFactorMessages.none', { email }),
};

/** "the authenticator app, 10 recovery codes and 1 passkey". */
export function removedList(removed: RemovedSecondFactors): Message {
  const parts = [
    removed.totp && message('administration:twoFactorMessages.removed.app'),
    removed.recoveryCodes > 0 && message('administration:twoFactorMessages.removed.recoveryCodes', { count: removed.recoveryCodes }),
    removed.passkeys > 0 && message('administration:twoFactorMessages.removed.passkeys', { count: removed.passkeys }),
  ].filter((part): part is Message => part instanceof Message);
  const [first, second, third] = parts;
  if (first === undefined) return message('administration:twoFactorMessages.removed.nothing');
  if (second === undefined) return first;
  if (third === undefined) return message('administration:twoFactorMessages.removed.two', { first, second });
  return message('administration:twoFactorMessages.removed.three', { first, second, third });
}
