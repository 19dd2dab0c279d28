import { loginMessages } from '../accounts/login-messages.js';
import { inTime } from '../shared/messages.js';

/** The messages of two-factor login (/login/two-factor) and of its setup (/account/two-factor). */
export const twoFactorMessages = {
  pendingLoginExpired: loginMessages.pendingLoginExpired,
  setUpFirst: 'This site requires two-factor login: please set up an authenticator app or a passkey before continuing.',
  secondFactorMalformed: 'Please enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  secondFactorWrong: 'That code is not correct. Please check the time on your phone and try the current code.',
  secondFactorReplayed: 'That code has already been used. Please wait for the next code from your authenticator app.',
  recoveryCodeWrong: 'That recovery code is not correct, or it has already been used.',
  recoveryCodeMalformed: 'Please enter one of your recovery codes: 16 letters and digits, such as abcd-efgh-ijkl-mnop.',
  totpCodeWithoutApp: 'This account has no authenticator app, so a 6-digit code cannot log in. Please use a passkey, or one of your recovery codes.',
  totpUncheckable: 'Your authenticator code cannot be checked right now. Please use one of your recovery codes.',
  passkeyRefused: 'That passkey is not one of this account\'s passkeys, or it could not be verified. Please try again.',
  totpCodeMalformed: 'Please enter the 6-digit code your authenticator app shows.',
  totpEnabled: 'Two-factor authentication is on. Keep your recovery codes somewhere safe.',
  totpAlreadyOn: 'Two-factor authentication is already on.',
  totpNotEnrolling: 'Please start the setup again: press "Set up" and scan the new code.',
  totpUnreadable: 'Your authenticator secret cannot be read with the configured keys. Please set it up again.',
  totpDisabled: 'Two-factor authentication is off. Your recovery codes no longer work.',
  totpDisabledPasskeysRemain: 'The authenticator app is off. Your login still asks for one of your passkeys, and your recovery codes stay.',
  totpDisabledPasskeysRemainNoCodes: 'The authenticator app is off. Your login still asks for one of your passkeys.',
  totpAlreadyOff: 'Two-factor authentication was already off.',
} as const;

/** Too many second-factor codes for this user or from this address. */
export function secondFactorThrottled(retryAfterSeconds: number): string {
  return `Too many codes were tried. Please try again ${inTime(retryAfterSeconds)}.`;
}
