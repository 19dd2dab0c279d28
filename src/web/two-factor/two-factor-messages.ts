import { message, type Message } from '../shared/message.js';
import { loginMessages } from '../accounts/login-messages.js';
import { inTime } from '../shared/messages.js';

/** The messages of two-factor login (/login/two-factor) and of its setup (/account/two-factor). */
export const twoFactorMessages = {
  pendingLoginExpired: loginMessages.pendingLoginExpired,
  setUpFirst: message('two-factor:messages.setUpFirst'),
  secondFactorMalformed: message('two-factor:messages.secondFactorMalformed'),
  secondFactorWrong: message('two-factor:messages.secondFactorWrong'),
  secondFactorReplayed: message('two-factor:messages.secondFactorReplayed'),
  recoveryCodeWrong: message('two-factor:messages.recoveryCodeWrong'),
  recoveryCodeMalformed: message('two-factor:messages.recoveryCodeMalformed'),
  totpCodeWithoutApp: message('two-factor:messages.totpCodeWithoutApp'),
  totpUncheckable: message('two-factor:messages.totpUncheckable'),
  passkeyRefused: message('two-factor:messages.passkeyRefused'),
  totpCodeMalformed: message('two-factor:messages.totpCodeMalformed'),
  totpEnabled: message('two-factor:messages.totpEnabled'),
  totpAlreadyOn: message('two-factor:messages.totpAlreadyOn'),
  totpNotEnrolling: message('two-factor:messages.totpNotEnrolling'),
  totpUnreadable: message('two-factor:messages.totpUnreadable'),
  totpDisabled: message('two-factor:messages.totpDisabled'),
  totpDisabledPasskeysRemain: message('two-factor:messages.totpDisabledPasskeysRemain'),
  totpDisabledPasskeysRemainNoCodes: message('two-factor:messages.totpDisabledPasskeysRemainNoCodes'),
  totpAlreadyOff: message('two-factor:messages.totpAlreadyOff'),
} as const;

/** Too many second-factor codes for this user or from this address. */
export function secondFactorThrottled(retryAfterSeconds: number): Message {
  return message('two-factor:messages.throttled', { when: inTime(retryAfterSeconds) });
}
